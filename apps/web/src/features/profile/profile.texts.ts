/** What the profile's own forms say besides the shared schemas' messages. */
export const PROFILE_MESSAGES = {
  saved: "Your profile has been saved.",
  changePassword: "Change password",
  passwordChanged: "Your password has been changed. Other devices have been signed out.",
  confirmRequired: "Please confirm your new password.",
  passwordsDiffer: "The passwords do not match.",
} as const;
