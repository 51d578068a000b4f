import { defineMessages } from "@ideaport/shared";

/** The bell, its toast and the Notifications dialog. */
export const NOTIFICATIONS_TEXTS = defineMessages({
  title: { id: "notifications.bell.title", defaultMessage: "Notifications" },
  unreadLabel: {
    id: "notifications.bell.unreadLabel",
    defaultMessage: "Notifications, {count} unread",
    description: "The bell's accessible name while some notifications are unread.",
  },
  newNotification: { id: "notifications.toast.newNotification", defaultMessage: "New notification" },
  dismissToast: { id: "notifications.toast.dismiss", defaultMessage: "Dismiss the new notification" },
  list: { id: "notifications.modal.list", defaultMessage: "Notification list" },
  loadMoreFailed: {
    id: "notifications.modal.loadMoreFailed",
    defaultMessage: "Could not load more notifications. Please try again.",
  },
  loadMore: { id: "notifications.modal.loadMore", defaultMessage: "Load more" },
  unread: { id: "notifications.item.unread", defaultMessage: "Unread" },
  read: { id: "notifications.item.read", defaultMessage: "Read" },
});

/** Approve and Deny on a request to become an administrator or to manage a team, and how it ended. */
export const REQUEST_TEXTS = defineMessages({
  approved: { id: "notifications.request.approved", defaultMessage: "Approved" },
  denied: { id: "notifications.request.denied", defaultMessage: "Denied" },
  approve: { id: "notifications.request.approve", defaultMessage: "Approve" },
  deny: { id: "notifications.request.deny", defaultMessage: "Deny" },
  approveManagerRequest: {
    id: "notifications.request.approveManagerRequest",
    defaultMessage: "Approve manager request from {requester}",
  },
  approveAdminRequest: {
    id: "notifications.request.approveAdminRequest",
    defaultMessage: "Approve admin request from {requester}",
  },
  denyManagerRequest: {
    id: "notifications.request.denyManagerRequest",
    defaultMessage: "Deny manager request from {requester}",
  },
  denyAdminRequest: {
    id: "notifications.request.denyAdminRequest",
    defaultMessage: "Deny admin request from {requester}",
  },
  approvedManager: {
    id: "notifications.request.approvedManager",
    defaultMessage: "Approved. {requester} now manages {team}.",
  },
  approvedAdmin: {
    id: "notifications.request.approvedAdmin",
    defaultMessage: "Approved. {requester} is now an administrator.",
  },
  deniedManager: {
    id: "notifications.request.deniedManager",
    defaultMessage: "Denied. {requester} stays an employee of {team}.",
  },
  deniedAdmin: {
    id: "notifications.request.deniedAdmin",
    defaultMessage: "Denied. {requester} keeps their current rights.",
  },
  alreadyAnswered: {
    id: "notifications.request.alreadyAnswered",
    defaultMessage: "This request has already been answered.",
  },
  theTeam: {
    id: "notifications.request.theTeam",
    defaultMessage: "the team",
    description: "Stands for a team whose name is not known, inside the sentences above.",
  },
  thisUser: {
    id: "notifications.request.thisUser",
    defaultMessage: "this user",
    description: "Stands for a person whose name is not known, inside the sentences above.",
  },
});
