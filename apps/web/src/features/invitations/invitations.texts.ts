import { defineMessages } from "@ideaport/shared";

/** The /accept-invitation/{token} page. */
export const ACCEPT_INVITATION_TEXTS = defineMessages({
  pageTitle: { id: "invitations.accept.pageTitle", defaultMessage: "Accept your invitation" },
  loading: { id: "invitations.accept.loading", defaultMessage: "Loading your invitation..." },
  heading: { id: "invitations.accept.heading", defaultMessage: "Join {company}" },
  intro: {
    id: "invitations.accept.intro",
    defaultMessage: "You have been invited to Ideaport. Choose your password to finish your account.",
  },
  facts: {
    id: "invitations.accept.facts",
    defaultMessage: "Your invitation",
    description: "The name of the list of the invitation's company, team, role and e-mail.",
  },
  company: { id: "invitations.accept.company", defaultMessage: "Company" },
  team: { id: "invitations.accept.team", defaultMessage: "Team" },
  role: { id: "invitations.accept.role", defaultMessage: "Role" },
  accept: { id: "invitations.accept.submit", defaultMessage: "Accept invitation" },
  deadTitle: { id: "invitations.accept.deadTitle", defaultMessage: "This invitation no longer works" },
  deadBody: {
    id: "invitations.accept.deadBody",
    defaultMessage:
      "This invitation is invalid, has expired or has already been used. Ask your administrator or team manager for a new one.",
  },
  haveAccount: { id: "invitations.accept.haveAccount", defaultMessage: "I already have an account" },
  loadFailed: {
    id: "invitations.accept.loadFailed",
    defaultMessage: "Your invitation could not be loaded. Please check your connection and try again.",
  },
  acceptFailed: {
    id: "invitations.accept.acceptFailed",
    defaultMessage: "Your invitation could not be accepted. Please try again.",
  },
});
