import { defineMessages } from "@ideaport/shared";

/** What the profile's own forms say besides the shared schemas' messages. */
export const PROFILE_MESSAGES = defineMessages({
  nameTitle: { id: "profile.name.title", defaultMessage: "Your name" },
  nameDescription: {
    id: "profile.name.description",
    defaultMessage: "Your display name is what colleagues see next to your ideas.",
  },
  displayName: { id: "profile.name.displayName", defaultMessage: "Display name" },
  save: { id: "profile.name.save", defaultMessage: "Save profile" },
  saved: { id: "profile.name.saved", defaultMessage: "Your profile has been saved." },
  passwordDescription: {
    id: "profile.password.description",
    defaultMessage: "Changing your password signs you out on every other device.",
  },
  currentPassword: { id: "profile.password.current", defaultMessage: "Current password" },
  newPasswordHint: {
    id: "profile.password.newPasswordHint",
    defaultMessage: "At least {min} characters.",
    description: "Under the new password: the shortest password the rules accept.",
  },
  passwordChanged: {
    id: "profile.password.changed",
    defaultMessage: "Your password has been changed. Other devices have been signed out.",
  },
  passwordsDiffer: { id: "profile.password.passwordsDiffer", defaultMessage: "The passwords do not match." },
});

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
