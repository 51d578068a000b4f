import type { Redemption, RedemptionStatus } from "@ideaport/shared";
import type { Publication } from "./news/news-form-target.ts";
import { pointsText } from "./rewards/rewards-format.ts";

// The company portal's texts: news, rewards and the redemption queue.

export const REDEMPTION_QUEUE_MESSAGES = {
  fulfilled: (redemption: Redemption) =>
    `Fulfilled: ${redemption.reward_title} for ${redemption.user_name}. They have been told.`,
  cancelled: (redemption: Redemption) =>
    `Cancelled: ${redemption.reward_title} for ${redemption.user_name}. ${pointsText(redemption.cost)} went back to them.`,
  empty: {
    pending: "No redemption requests waiting.",
    fulfilled: "No redemption has been fulfilled yet.",
    cancelled: "No redemption has been cancelled yet.",
  } satisfies Record<RedemptionStatus, string>,
} as const;

export const REDEMPTION_STATUS_LABELS: Record<RedemptionStatus, string> = {
  pending: "Pending",
  fulfilled: "Fulfilled",
  cancelled: "Cancelled",
};

export const REWARD_FORM_MESSAGES = {
  added: (title: string) => `"${title}" is in the catalogue.`,
  saved: (title: string) => `"${title}" was saved.`,
} as const;

export const REWARDS_MESSAGES = {
  redeemed: (title: string) => `Redeemed "${title}". An administrator will get back to you.`,
  archived: (title: string) => `"${title}" is archived: only administrators see it now.`,
  restored: (title: string) => `"${title}" is back in the catalogue.`,
  emptyForAdmins: "Add your first reward: something your people can spend their points on.",
  empty: "No rewards yet. Your administrators will add some soon.",
  noRedemptions: "You have not redeemed a reward yet.",
} as const;

export const NEWS_FORM_MESSAGES = {
  published: (title: string) => `"${title}" is published.`,
  scheduled: (title: string, when: string) => `"${title}" is scheduled for ${when}.`,
  drafted: (title: string) => `"${title}" was saved as a draft.`,
  saved: (title: string) => `The news post "${title}" was saved.`,
  publicationTimeRequired: "Please choose when to publish it.",
  publicationTimeInPast: "Please choose a time in the future, or publish now.",
  noCategoriesYet: "Your company has no news categories yet: name the first one here.",
} as const;

export const NEWS_SUBMIT_LABELS: Readonly<Record<Publication, string>> = {
  now: "Publish",
  schedule: "Schedule",
  draft: "Save draft",
};

export const NEWS_SECTION_MESSAGES = {
  publishHint: "Administrators publish news. Ask one to share your team's news.",
  adminEmpty: "Publish your first news post",
  adminEmptyHint: "Share a launch, a milestone or an implemented idea with the whole company.",
  readerEmpty: "No news yet. Your administrators' announcements will appear here.",
  categoryEmpty: (name: string) => `No news in ${name} yet.`,
  pinned: (title: string) => `"${title}" is pinned to the top.`,
  unpinned: (title: string) => `"${title}" is no longer pinned.`,
  deleted: (title: string) => `"${title}" was deleted.`,
} as const;
