/** Texts of this page that the spec does not word. */
export const ACCEPT_INVITATION_TEXTS = {
  loading: "Loading your invitation...",
  deadTitle: "This invitation no longer works",
  deadBody:
    "This invitation is invalid, has expired or has already been used. Ask your administrator or team manager for a new one.",
  loadFailed: "Your invitation could not be loaded. Please check your connection and try again.",
  acceptFailed: "Your invitation could not be accepted. Please try again.",
} as const;
