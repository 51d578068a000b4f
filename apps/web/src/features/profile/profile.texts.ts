import { defineMessages } from "@ideaport/shared";

/** What the profile's own forms say besides the shared schemas' messages. */
export const PROFILE_MESSAGES = {
  saved: "Your profile has been saved.",
  changePassword: "Change password",
  passwordChanged: "Your password has been changed. Other devices have been signed out.",
  confirmRequired: "Please confirm your new password.",
  passwordsDiffer: "The passwords do not match.",
} as const;

export const LANGUAGE_MESSAGES = defineMessages({
  title: { id: "profile.language.title", defaultMessage: "Language" },
  description: {
    id: "profile.language.description",
    defaultMessage: "The language of Ideaport's screens, your e-mails, notifications and calendar.",
  },
  label: { id: "profile.language.label", defaultMessage: "Language" },
  companyDefault: {
    id: "profile.language.companyDefault",
    defaultMessage: "Same as my company",
    description: "The choice that follows the language the company's administrators set for everyone.",
  },
  saveFailed: { id: "profile.language.saveFailed", defaultMessage: "Your language could not be saved. {reason}" },
});
