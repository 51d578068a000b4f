export const IDEA_DETAIL_MESSAGES = {
  loading: "Loading idea…",
  saved: "Your changes have been saved.",
  noDescription: "No description yet.",
  noHistory: "No status changes yet.",
  noRevisions: "No revisions yet.",
  noComments: "No comments yet. Be the first to say what you think.",
  commentsClosed: "Comments open once the idea is submitted.",
  commentPosted: "Your comment has been posted.",
} as const;
