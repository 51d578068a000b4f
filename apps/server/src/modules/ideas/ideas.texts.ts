import { defineMessages } from "@ideaport/shared";

/** What the ideas API says when it refuses a step, beyond the error catalogue's words. */
export const IDEAS_TEXTS = defineMessages({
  onlyAuthorEdits: { id: "server.ideas.onlyAuthorEdits", defaultMessage: "Only the author can edit an idea." },
  onlyAuthorDeletes: { id: "server.ideas.onlyAuthorDeletes", defaultMessage: "Only the author can delete an idea." },
  challengeFixedOnceSubmitted: {
    id: "server.ideas.challengeFixedOnceSubmitted",
    defaultMessage: "The challenge of a submitted idea cannot be changed.",
  },
  stepNotYours: { id: "server.ideas.stepNotYours", defaultMessage: "You may not take this step for this idea." },
  companyChallengeDecidedByAdmin: {
    id: "server.ideas.companyChallengeDecidedByAdmin",
    defaultMessage:
      "An idea answering a company challenge is decided by an administrator: endorse it for admin review instead.",
  },
  onlyCompanyChallengeToAdmins: {
    id: "server.ideas.onlyCompanyChallengeToAdmins",
    defaultMessage: "Only ideas answering a company challenge go to admin review: approve or reject it instead.",
  },
  mergeIntoItself: { id: "server.ideas.mergeIntoItself", defaultMessage: "An idea cannot be merged into itself." },
  mergeDuplicateClosed: {
    id: "server.ideas.mergeDuplicateClosed",
    defaultMessage:
      "This idea can no longer be merged: it is a draft, or it has been decided or merged already (perhaps by someone else just now).",
  },
  mergeTargetClosed: {
    id: "server.ideas.mergeTargetClosed",
    defaultMessage:
      "An idea can only be merged into an idea still open for review, not into a draft or an idea already decided or merged (perhaps by someone else just now).",
  },
  mergeNotYours: {
    id: "server.ideas.mergeNotYours",
    defaultMessage: "Only a reviewer who would decide this idea may merge it.",
  },
  voteMerged: {
    id: "server.ideas.voteMerged",
    defaultMessage: "This idea was merged into another idea: vote for that one instead.",
  },
  duplicatesNotYours: {
    id: "server.ideas.duplicatesNotYours",
    defaultMessage: "Only the idea's reviewers see its possible duplicates.",
  },
  transitionNotAllowed: {
    id: "server.ideas.transitionNotAllowed",
    defaultMessage:
      "An idea that is {from, select, draft {draft} submitted {submitted} under_review {under review} needs_revision {needs revision} revision_submitted {revision submitted} pending_review {pending admin review} approved {approved} rejected {rejected} merged {merged} other {{from}}} cannot be moved to {to, select, draft {draft} submitted {submitted} under_review {under review} needs_revision {needs revision} revision_submitted {revision submitted} pending_review {pending admin review} approved {approved} rejected {rejected} merged {merged} other {{to}}}.",
    description: "{from} and {to} are idea statuses, said as the status labels are (Draft, Under review, …)",
  },
});
