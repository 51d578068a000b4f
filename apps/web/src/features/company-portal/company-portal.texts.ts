import {
  defineMessages,
  type LeaderboardBoard,
  type LeaderboardPeriod,
  type MessageDescriptor,
  type RedemptionStatus,
} from "@ideaport/shared";
import type { Publication } from "./news/news-form-target.ts";

// The company portal's texts: the page, news, points, the leaderboard, rewards and the redemption queue.

/** Words the portal's sections say in more than one place. */
export const PORTAL_COMMON_MESSAGES = defineMessages({
  cancel: { id: "companyPortal.common.cancel", defaultMessage: "Cancel" },
  edit: { id: "companyPortal.common.edit", defaultMessage: "Edit" },
  delete: { id: "companyPortal.common.delete", defaultMessage: "Delete" },
  save: { id: "companyPortal.common.save", defaultMessage: "Save" },
  saveChanges: { id: "companyPortal.common.saveChanges", defaultMessage: "Save changes" },
  loadMore: { id: "companyPortal.common.loadMore", defaultMessage: "Load more" },
  title: { id: "companyPortal.common.title", defaultMessage: "Title" },
  actionsFor: {
    id: "companyPortal.common.actionsFor",
    defaultMessage: "Actions for {title}",
    description: "The label of a card's menu button; {title} is the news post's or reward's title.",
  },
});

export const PORTAL_MESSAGES = defineMessages({
  title: { id: "companyPortal.page.title", defaultMessage: "Company Portal" },
  intro: {
    id: "companyPortal.page.intro",
    defaultMessage: "Company news, who is putting ideas forward, and what your points can buy.",
  },
  loadingStandings: { id: "companyPortal.page.loadingStandings", defaultMessage: "Loading points and leaderboard..." },
});

export const LEADERBOARD_MESSAGES = defineMessages({
  title: { id: "companyPortal.leaderboard.title", defaultMessage: "Leaderboard" },
  tableRegion: { id: "companyPortal.leaderboard.tableRegion", defaultMessage: "Leaderboard table" },
  filter: { id: "companyPortal.leaderboard.filter", defaultMessage: "Leaderboard filter" },
  board: { id: "companyPortal.leaderboard.board", defaultMessage: "Board" },
  period: { id: "companyPortal.leaderboard.period", defaultMessage: "Period" },
  rank: { id: "companyPortal.leaderboard.rank", defaultMessage: "Rank" },
  name: { id: "companyPortal.leaderboard.name", defaultMessage: "Name" },
  team: { id: "companyPortal.leaderboard.team", defaultMessage: "Team" },
  points: { id: "companyPortal.leaderboard.points", defaultMessage: "Points" },
  you: {
    id: "companyPortal.leaderboard.you",
    defaultMessage: "You",
    description: "A badge on the reader's own row of the leaderboard.",
  },
  noTeam: { id: "companyPortal.leaderboard.noTeam", defaultMessage: "No team" },
  loading: { id: "companyPortal.leaderboard.loading", defaultMessage: "Loading the leaderboard..." },
  loadFailed: { id: "companyPortal.leaderboard.loadFailed", defaultMessage: "Could not load the leaderboard." },
  empty: { id: "companyPortal.leaderboard.empty", defaultMessage: "No points earned in this period yet." },
  yourPlace: {
    id: "companyPortal.leaderboard.yourPlace",
    defaultMessage: "Your place: #{rank} with {points}",
    description: "{rank} is the reader's rank, {points} their points in words, such as: 20 points",
  },
});

export const LEADERBOARD_BOARD_LABELS: Record<LeaderboardBoard, MessageDescriptor> = defineMessages({
  employees: { id: "companyPortal.leaderboard.boards.employees", defaultMessage: "Employees" },
  managers: { id: "companyPortal.leaderboard.boards.managers", defaultMessage: "Managers" },
  teams: { id: "companyPortal.leaderboard.boards.teams", defaultMessage: "Teams" },
});

export const LEADERBOARD_PERIOD_LABELS: Record<LeaderboardPeriod, MessageDescriptor> = defineMessages({
  week: { id: "companyPortal.leaderboard.periods.week", defaultMessage: "This week" },
  month: { id: "companyPortal.leaderboard.periods.month", defaultMessage: "This month" },
  quarter: { id: "companyPortal.leaderboard.periods.quarter", defaultMessage: "This quarter" },
  year: { id: "companyPortal.leaderboard.periods.year", defaultMessage: "This year" },
  all: { id: "companyPortal.leaderboard.periods.all", defaultMessage: "All time" },
});

export const POINTS_SECTION_MESSAGES = defineMessages({
  title: { id: "companyPortal.points.title", defaultMessage: "Your points" },
  loading: { id: "companyPortal.points.loading", defaultMessage: "Loading your points..." },
  loadFailed: { id: "companyPortal.points.loadFailed", defaultMessage: "Could not load your points." },
  history: { id: "companyPortal.points.history", defaultMessage: "Points history" },
  historyMoreFailed: {
    id: "companyPortal.points.historyMoreFailed",
    defaultMessage: "Could not load more of your points history. Please try again.",
  },
  none: { id: "companyPortal.points.none", defaultMessage: "You have no points yet." },
  howToEarn: {
    id: "companyPortal.points.howToEarn",
    defaultMessage: "You earn points by submitting ideas, commenting and answering challenges.",
    description: "Said when the company's points rules could not be loaded.",
  },
});

export const POINTS_RULES_MESSAGES = defineMessages({
  title: { id: "companyPortal.pointsRules.title", defaultMessage: "Points rules" },
  description: {
    id: "companyPortal.pointsRules.description",
    defaultMessage:
      "Points each contribution earns. Changes apply to new events only: points already earned stay as they are.",
  },
  unit: {
    id: "companyPortal.pointsRules.unit",
    defaultMessage: "points",
    description: "The unit shown inside each rule's number field.",
  },
  save: { id: "companyPortal.pointsRules.save", defaultMessage: "Save points rules" },
  saved: {
    id: "companyPortal.pointsRules.saved",
    defaultMessage:
      "The points rules are saved. New contributions earn by them; points already earned stay as they are.",
  },
  loading: { id: "companyPortal.pointsRules.loading", defaultMessage: "Loading the points rules..." },
  loadFailed: { id: "companyPortal.pointsRules.loadFailed", defaultMessage: "Could not load the points rules." },
});

export const REWARDS_MESSAGES = defineMessages({
  title: { id: "companyPortal.rewards.title", defaultMessage: "Rewards" },
  balance: {
    id: "companyPortal.rewards.balance",
    defaultMessage: "You have {points}",
    description: "{points} is the reader's balance in words, such as: 20 points",
  },
  add: { id: "companyPortal.rewards.add", defaultMessage: "Add reward" },
  edit: { id: "companyPortal.rewards.edit", defaultMessage: "Edit reward" },
  loading: { id: "companyPortal.rewards.loading", defaultMessage: "Loading rewards..." },
  loadFailed: { id: "companyPortal.rewards.loadFailed", defaultMessage: "Could not load the rewards." },
  emptyForAdmins: {
    id: "companyPortal.rewards.emptyForAdmins",
    defaultMessage: "Add your first reward: something your people can spend their points on.",
  },
  empty: {
    id: "companyPortal.rewards.empty",
    defaultMessage: "No rewards yet. Your administrators will add some soon.",
  },
  archivedBadge: { id: "companyPortal.rewards.archivedBadge", defaultMessage: "Archived" },
  archive: { id: "companyPortal.rewards.archive", defaultMessage: "Archive" },
  restore: { id: "companyPortal.rewards.restore", defaultMessage: "Restore" },
  redeem: { id: "companyPortal.rewards.redeem", defaultMessage: "Redeem" },
  redeemReward: { id: "companyPortal.rewards.redeemReward", defaultMessage: "Redeem {title}" },
  redeemed: {
    id: "companyPortal.rewards.redeemed",
    defaultMessage: 'Redeemed "{title}". An administrator will get back to you.',
  },
  archived: {
    id: "companyPortal.rewards.archived",
    defaultMessage: '"{title}" is archived: only administrators see it now.',
  },
  restored: { id: "companyPortal.rewards.restored", defaultMessage: '"{title}" is back in the catalogue.' },
  unlimited: { id: "companyPortal.rewards.unlimited", defaultMessage: "Unlimited" },
  outOfStock: { id: "companyPortal.rewards.outOfStock", defaultMessage: "Out of stock" },
  left: { id: "companyPortal.rewards.left", defaultMessage: "{stock} left", description: "How many are in stock." },
  archivedReason: {
    id: "companyPortal.rewards.archivedReason",
    defaultMessage: "Archived: restore it to let people redeem it.",
  },
  notAvailable: { id: "companyPortal.rewards.notAvailable", defaultMessage: "Not available right now." },
  ownTitle: { id: "companyPortal.rewards.ownTitle", defaultMessage: "Your redemptions" },
  ownLoading: { id: "companyPortal.rewards.ownLoading", defaultMessage: "Loading your redemptions..." },
  ownLoadFailed: { id: "companyPortal.rewards.ownLoadFailed", defaultMessage: "Could not load your redemptions." },
  noRedemptions: { id: "companyPortal.rewards.noRedemptions", defaultMessage: "You have not redeemed a reward yet." },
  showMoreRedemptions: { id: "companyPortal.rewards.showMoreRedemptions", defaultMessage: "Show more redemptions" },
  cancelledBy: {
    id: "companyPortal.rewards.cancelledBy",
    defaultMessage: "Cancelled by {name}: {reason}",
    description: "Why the reader's redemption was cancelled; {name} is the administrator, {reason} their words.",
  },
  cancelledWithReason: {
    id: "companyPortal.rewards.cancelledWithReason",
    defaultMessage: "Cancelled: {reason}",
    description: "Why the reader's redemption was cancelled, when who cancelled it is unknown.",
  },
});

export const REWARD_DIALOG_MESSAGES = defineMessages({
  redeemTitle: { id: "companyPortal.rewardDialogs.redeemTitle", defaultMessage: "Redeem {title}?" },
  redeemCost: {
    id: "companyPortal.rewardDialogs.redeemCost",
    defaultMessage: "This costs {cost}. Your balance after: {after}.",
    description: "{cost} and {after} are amounts of points in words, such as: 20 points",
  },
  cancelTitle: {
    id: "companyPortal.rewardDialogs.cancelTitle",
    defaultMessage: "Cancel {reward} for {person}?",
    description: "An administrator cancels a person's redemption of a reward.",
  },
  cancelForm: { id: "companyPortal.rewardDialogs.cancelForm", defaultMessage: "Cancel the redemption" },
  keepRequest: { id: "companyPortal.rewardDialogs.keepRequest", defaultMessage: "Keep request" },
  cancelAndRefund: { id: "companyPortal.rewardDialogs.cancelAndRefund", defaultMessage: "Cancel and refund" },
  cancelWarning: {
    id: "companyPortal.rewardDialogs.cancelWarning",
    defaultMessage: "The {points} go back to {person}, and the reward goes back into stock. This cannot be undone.",
    description: "{points} is an amount of points in words, such as: 20 points",
  },
  reason: { id: "companyPortal.rewardDialogs.reason", defaultMessage: "Reason" },
  reasonHint: {
    id: "companyPortal.rewardDialogs.reasonHint",
    defaultMessage: "{person} reads it with the news of the cancellation. At most {max} characters.",
  },
  description: { id: "companyPortal.rewardDialogs.description", defaultMessage: "Description" },
  descriptionHint: {
    id: "companyPortal.rewardDialogs.descriptionHint",
    defaultMessage: "Optional; what the person gets and how. Plain text.",
  },
  cost: { id: "companyPortal.rewardDialogs.cost", defaultMessage: "Cost in points" },
  stock: { id: "companyPortal.rewardDialogs.stock", defaultMessage: "Stock (empty for unlimited)" },
  added: { id: "companyPortal.rewardDialogs.added", defaultMessage: '"{title}" is in the catalogue.' },
  saved: { id: "companyPortal.rewardDialogs.saved", defaultMessage: '"{title}" was saved.' },
});

export const REDEMPTION_STATUS_LABELS: Record<RedemptionStatus, MessageDescriptor> = defineMessages({
  pending: { id: "companyPortal.redemptions.status.pending", defaultMessage: "Pending" },
  fulfilled: { id: "companyPortal.redemptions.status.fulfilled", defaultMessage: "Fulfilled" },
  cancelled: { id: "companyPortal.redemptions.status.cancelled", defaultMessage: "Cancelled" },
});

export const REDEMPTION_QUEUE_MESSAGES = defineMessages({
  title: { id: "companyPortal.redemptions.title", defaultMessage: "Redemption requests" },
  intro: {
    id: "companyPortal.redemptions.intro",
    defaultMessage: "Hand the reward over, then mark it fulfilled. Cancelling gives the points back.",
  },
  tabs: { id: "companyPortal.redemptions.tabs", defaultMessage: "Redemption request status" },
  waiting: {
    id: "companyPortal.redemptions.waiting",
    defaultMessage: "Waiting",
    description: "The tab of the redemption requests not yet handled.",
  },
  scrollable: {
    id: "companyPortal.redemptions.scrollable",
    defaultMessage: "{table}, scrollable",
    description: "The scrolling region around a table; {table} is the table's name.",
  },
  person: { id: "companyPortal.redemptions.person", defaultMessage: "Person" },
  reward: { id: "companyPortal.redemptions.reward", defaultMessage: "Reward" },
  cost: { id: "companyPortal.redemptions.cost", defaultMessage: "Cost" },
  requested: { id: "companyPortal.redemptions.requested", defaultMessage: "Requested" },
  actions: { id: "companyPortal.redemptions.actions", defaultMessage: "Actions" },
  status: { id: "companyPortal.redemptions.statusColumn", defaultMessage: "Status" },
  decidedBy: { id: "companyPortal.redemptions.decidedBy", defaultMessage: "Decided by" },
  decided: { id: "companyPortal.redemptions.decided", defaultMessage: "Decided" },
  fulfil: { id: "companyPortal.redemptions.fulfil", defaultMessage: "Fulfil" },
  fulfilFor: { id: "companyPortal.redemptions.fulfilFor", defaultMessage: "Fulfil {reward} for {person}" },
  cancelAndRefundFor: {
    id: "companyPortal.redemptions.cancelAndRefundFor",
    defaultMessage: "Cancel and refund {reward} for {person}",
  },
  loading: { id: "companyPortal.redemptions.loading", defaultMessage: "Loading redemption requests..." },
  loadFailed: { id: "companyPortal.redemptions.loadFailed", defaultMessage: "Could not load the redemption requests." },
  showMore: { id: "companyPortal.redemptions.showMore", defaultMessage: "Show more requests" },
  fulfilled: {
    id: "companyPortal.redemptions.fulfilled",
    defaultMessage: "Fulfilled: {reward} for {person}. They have been told.",
  },
  cancelled: {
    id: "companyPortal.redemptions.cancelled",
    defaultMessage: "Cancelled: {reward} for {person}. {points} went back to them.",
    description: "{points} is an amount of points in words, such as: 20 points",
  },
});

/** Each tab's table, by the status it lists. */
export const REDEMPTION_TABLE_LABELS: Record<RedemptionStatus, MessageDescriptor> = defineMessages({
  pending: { id: "companyPortal.redemptions.table.pending", defaultMessage: "Waiting redemption requests" },
  fulfilled: { id: "companyPortal.redemptions.table.fulfilled", defaultMessage: "Fulfilled redemption requests" },
  cancelled: { id: "companyPortal.redemptions.table.cancelled", defaultMessage: "Cancelled redemption requests" },
});

export const REDEMPTION_EMPTY_MESSAGES: Record<RedemptionStatus, MessageDescriptor> = defineMessages({
  pending: { id: "companyPortal.redemptions.empty.pending", defaultMessage: "No redemption requests waiting." },
  fulfilled: {
    id: "companyPortal.redemptions.empty.fulfilled",
    defaultMessage: "No redemption has been fulfilled yet.",
  },
  cancelled: {
    id: "companyPortal.redemptions.empty.cancelled",
    defaultMessage: "No redemption has been cancelled yet.",
  },
});

export const NEWS_SECTION_MESSAGES = defineMessages({
  title: { id: "companyPortal.news.title", defaultMessage: "Company news" },
  intro: { id: "companyPortal.news.intro", defaultMessage: "Announcements and stories from across the company." },
  add: { id: "companyPortal.news.add", defaultMessage: "Add news" },
  edit: { id: "companyPortal.news.edit", defaultMessage: "Edit news" },
  manageCategories: { id: "companyPortal.news.manageCategories", defaultMessage: "Manage categories" },
  categories: { id: "companyPortal.news.categories", defaultMessage: "News categories" },
  all: { id: "companyPortal.news.all", defaultMessage: "All", description: "The tab of every news category." },
  draft: { id: "companyPortal.news.draft", defaultMessage: "Draft" },
  scheduled: { id: "companyPortal.news.scheduled", defaultMessage: "Scheduled" },
  unread: { id: "companyPortal.news.unread", defaultMessage: "Unread" },
  pinnedBadge: { id: "companyPortal.news.pinnedBadge", defaultMessage: "Pinned" },
  loading: { id: "companyPortal.news.loading", defaultMessage: "Loading news..." },
  loadFailed: { id: "companyPortal.news.loadFailed", defaultMessage: "Could not load the news." },
  publishHint: {
    id: "companyPortal.news.publishHint",
    defaultMessage: "Administrators publish news. Ask one to share your team's news.",
  },
  adminEmpty: { id: "companyPortal.news.adminEmpty", defaultMessage: "Publish your first news post" },
  adminEmptyHint: {
    id: "companyPortal.news.adminEmptyHint",
    defaultMessage: "Share a launch, a milestone or an implemented idea with the whole company.",
  },
  readerEmpty: {
    id: "companyPortal.news.readerEmpty",
    defaultMessage: "No news yet. Your administrators' announcements will appear here.",
  },
  categoryEmpty: { id: "companyPortal.news.categoryEmpty", defaultMessage: "No news in {name} yet." },
  pinned: { id: "companyPortal.news.pinned", defaultMessage: '"{title}" is pinned to the top.' },
  unpinned: { id: "companyPortal.news.unpinned", defaultMessage: '"{title}" is no longer pinned.' },
  deleted: { id: "companyPortal.news.deleted", defaultMessage: '"{title}" was deleted.' },
  deleteTitle: { id: "companyPortal.news.deleteTitle", defaultMessage: "Delete news post?" },
  deleteWarning: {
    id: "companyPortal.news.deleteWarning",
    defaultMessage: '"{title}" will be removed for everyone. This cannot be undone.',
  },
  pin: { id: "companyPortal.news.pin", defaultMessage: "Pin" },
  unpin: { id: "companyPortal.news.unpin", defaultMessage: "Unpin" },
});

export const NEWS_POST_MESSAGES = defineMessages({
  unknownAuthor: { id: "companyPortal.newsPost.unknownAuthor", defaultMessage: "Unknown author" },
  bylineDraft: { id: "companyPortal.newsPost.bylineDraft", defaultMessage: "{author} · Draft" },
  bylineScheduled: {
    id: "companyPortal.newsPost.bylineScheduled",
    defaultMessage: "{author} · Scheduled for {when}",
    description: "{when} is a date and time, such as: Mar 14, 2026, 9:00 AM",
  },
  bylinePublished: {
    id: "companyPortal.newsPost.bylinePublished",
    defaultMessage: "{author} · {date}",
    description: "Who wrote a post and the day it was published.",
  },
  video: {
    id: "companyPortal.newsPost.video",
    defaultMessage: "{host} video",
    description: "{host} is YouTube or Vimeo.",
  },
  videoPicture: {
    id: "companyPortal.newsPost.videoPicture",
    defaultMessage: "{host} video: {title}",
    description: "A video's poster as one picture; {host} is YouTube or Vimeo, {title} the post's title.",
  },
  videoFrame: { id: "companyPortal.newsPost.videoFrame", defaultMessage: "{title} (video)" },
  play: { id: "companyPortal.newsPost.play", defaultMessage: "Play video" },
  playTitle: { id: "companyPortal.newsPost.playTitle", defaultMessage: "Play video: {title}" },
  fallbackTitle: { id: "companyPortal.newsPost.fallbackTitle", defaultMessage: "News post" },
  loadFailed: { id: "companyPortal.newsPost.loadFailed", defaultMessage: "Could not load this news post." },
});

export const NEWS_FORM_MESSAGES = defineMessages({
  published: { id: "companyPortal.newsForm.published", defaultMessage: '"{title}" is published.' },
  scheduled: {
    id: "companyPortal.newsForm.scheduled",
    defaultMessage: '"{title}" is scheduled for {when}.',
    description: "{when} is a date and time in numbers.",
  },
  drafted: { id: "companyPortal.newsForm.drafted", defaultMessage: '"{title}" was saved as a draft.' },
  saved: { id: "companyPortal.newsForm.saved", defaultMessage: 'The news post "{title}" was saved.' },
  publicationTimeRequired: {
    id: "companyPortal.newsForm.publicationTimeRequired",
    defaultMessage: "Please choose when to publish it.",
  },
  publicationTimeInPast: {
    id: "companyPortal.newsForm.publicationTimeInPast",
    defaultMessage: "Please choose a time in the future, or publish now.",
  },
  noCategoriesYet: {
    id: "companyPortal.newsForm.noCategoriesYet",
    defaultMessage: "Your company has no news categories yet: name the first one here.",
  },
  category: { id: "companyPortal.newsForm.category", defaultMessage: "Category" },
  newCategory: { id: "companyPortal.newsForm.newCategory", defaultMessage: "New category..." },
  text: { id: "companyPortal.newsForm.text", defaultMessage: "Text" },
  textHint: {
    id: "companyPortal.newsForm.textHint",
    defaultMessage: "Markdown: **bold**, *italic*, lists, [links](https://example.com).",
    description: "Keep the Markdown marks as they are; translate the words between them.",
  },
  video: { id: "companyPortal.newsForm.video", defaultMessage: "Video link (YouTube or Vimeo)" },
  videoHint: {
    id: "companyPortal.newsForm.videoHint",
    defaultMessage: "Optional. Readers see a still and load the video only when they press play.",
  },
  pin: { id: "companyPortal.newsForm.pin", defaultMessage: "Pin to the top" },
  publication: { id: "companyPortal.newsForm.publication", defaultMessage: "Publication" },
  publishNow: { id: "companyPortal.newsForm.publishNow", defaultMessage: "Publish now" },
  saveAsDraft: { id: "companyPortal.newsForm.saveAsDraft", defaultMessage: "Save as draft" },
  draftsHint: { id: "companyPortal.newsForm.draftsHint", defaultMessage: "Only administrators see drafts." },
  publicationTime: { id: "companyPortal.newsForm.publicationTime", defaultMessage: "Publication time" },
  publicationTimeHint: {
    id: "companyPortal.newsForm.publicationTimeHint",
    defaultMessage: "Readers see the post from then on.",
  },
});

export const NEWS_SUBMIT_LABELS: Readonly<Record<Publication, MessageDescriptor>> = defineMessages({
  now: { id: "companyPortal.newsForm.submit.now", defaultMessage: "Publish" },
  schedule: { id: "companyPortal.newsForm.submit.schedule", defaultMessage: "Schedule" },
  draft: { id: "companyPortal.newsForm.submit.draft", defaultMessage: "Save draft" },
});

export const NEWS_CATEGORY_MESSAGES = defineMessages({
  intro: {
    id: "companyPortal.newsCategories.intro",
    defaultMessage: "Categories sort the news into tabs. A category can be deleted once it holds no news.",
  },
  loading: { id: "companyPortal.newsCategories.loading", defaultMessage: "Loading categories..." },
  loadFailed: { id: "companyPortal.newsCategories.loadFailed", defaultMessage: "Could not load the categories." },
  none: { id: "companyPortal.newsCategories.none", defaultMessage: "No categories yet. Add the first one below." },
  list: { id: "companyPortal.newsCategories.list", defaultMessage: "Categories" },
  add: { id: "companyPortal.newsCategories.add", defaultMessage: "Add category" },
  newName: { id: "companyPortal.newsCategories.newName", defaultMessage: "New category name" },
  newNameFor: { id: "companyPortal.newsCategories.newNameFor", defaultMessage: "New name for {name}" },
  rename: { id: "companyPortal.newsCategories.rename", defaultMessage: "Rename" },
  renameCategory: { id: "companyPortal.newsCategories.renameCategory", defaultMessage: "Rename {name}" },
  deleteCategory: { id: "companyPortal.newsCategories.deleteCategory", defaultMessage: "Delete {name}" },
  onlyEmptyDeletable: {
    id: "companyPortal.newsCategories.onlyEmptyDeletable",
    defaultMessage: "Only a category without news can be deleted.",
  },
  postCount: {
    id: "companyPortal.newsCategories.postCount",
    defaultMessage: "{count, plural, one {# post} other {# posts}}",
  },
  renamed: {
    id: "companyPortal.newsCategories.renamed",
    defaultMessage: 'The category "{name}" is now "{newName}".',
  },
  deleted: { id: "companyPortal.newsCategories.deleted", defaultMessage: 'The category "{name}" was deleted.' },
  added: { id: "companyPortal.newsCategories.added", defaultMessage: 'The category "{name}" was added.' },
});

/** The Add news pre-fill that announces an implemented idea (Markdown the administrator finishes). */
export const NEWS_ANNOUNCEMENT_MESSAGES = defineMessages({
  title: { id: "companyPortal.newsAnnouncement.title", defaultMessage: "Implemented: {title}" },
  openingByAuthor: {
    id: "companyPortal.newsAnnouncement.openingByAuthor",
    defaultMessage:
      '{hasTeam, select, yes {{author} from {team}} other {{author}}} proposed "{title}". The idea is now in place{hasOwner, select, yes {, and {owner} saw it through} other {}}.',
    description:
      "The announcement's first sentence; {author} is the proposer's name in bold Markdown, {owner} who saw the action through.",
  },
  opening: {
    id: "companyPortal.newsAnnouncement.opening",
    defaultMessage:
      'The idea "{title}" is now in place{hasOwner, select, yes {, and {owner} saw it through} other {}}.',
    description: "The announcement's first sentence when the proposer is unknown.",
  },
  whatChanged: {
    id: "companyPortal.newsAnnouncement.whatChanged",
    defaultMessage: "What changed",
    description: "A heading of the announcement.",
  },
  describeChange: {
    id: "companyPortal.newsAnnouncement.describeChange",
    defaultMessage: "Describe what is different now.",
    description: "A placeholder paragraph the administrator replaces.",
  },
  thanks: {
    id: "companyPortal.newsAnnouncement.thanks",
    defaultMessage: "Thank you, {author}! Have an idea of your own? Share it on the Employee Ideas page.",
  },
});
