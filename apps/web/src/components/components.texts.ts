export const ACTION_FEEDBACK_TEXTS = {
  backOnline: "You are back online.",
  tryAgain: "Try again",
} as const;

export const OFFLINE_TEXT = "You are offline. Nothing can be loaded or saved until your connection is back.";
