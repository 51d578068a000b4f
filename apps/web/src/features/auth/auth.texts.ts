/** Texts of this page that the spec does not word. */
export const PASSWORD_RESET_PAGE_TEXTS = {
  confirmRequired: "Please confirm your new password.",
  passwordsDiffer: "Passwords do not match.",
  deadLinkTitle: "This link no longer works",
  deadLinkBody: "This password reset link is invalid or has expired. Each link works once, for one hour.",
  successTitle: "Your password has been changed",
  successBody: "You can now log in with your new password. For your safety, every other session was signed out.",
  checking: "Checking your reset link...",
} as const;
