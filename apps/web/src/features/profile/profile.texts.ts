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

/** Profile Settings → Sessions: the person's signed-in devices. */
export const SESSIONS_MESSAGES = defineMessages({
  title: { id: "profile.sessions.title", defaultMessage: "Sessions" },
  description: {
    id: "profile.sessions.description",
    defaultMessage: "The devices where you are signed in. Sign out any you do not recognise or no longer use.",
  },
  loading: { id: "profile.sessions.loading", defaultMessage: "Loading your sessions..." },
  loadFailed: { id: "profile.sessions.loadFailed", defaultMessage: "Could not load your sessions." },
  browserOnSystem: {
    id: "profile.sessions.browserOnSystem",
    defaultMessage: "{browser} on {os}",
    description: "A signed-in device: its browser and operating system, e.g. Firefox on Windows.",
  },
  unknownBrowser: {
    id: "profile.sessions.unknownBrowser",
    defaultMessage: "Unknown browser",
    description: "A signed-in device whose browser could not be told from what it sent.",
  },
  thisDevice: { id: "profile.sessions.thisDevice", defaultMessage: "This device" },
  details: {
    id: "profile.sessions.details",
    defaultMessage: "{address} · Last active {lastActive}",
    description: "Under a signed-in device: its network address, then the date and time it was last used.",
  },
  unknownAddress: { id: "profile.sessions.unknownAddress", defaultMessage: "Unknown address" },
  signOut: { id: "profile.sessions.signOut", defaultMessage: "Sign out" },
  signOutNamed: {
    id: "profile.sessions.signOutNamed",
    defaultMessage: "Sign out {device}",
    description: "The accessible name of a device's Sign out button, e.g. Sign out Firefox on Windows.",
  },
  signedOut: { id: "profile.sessions.signedOut", defaultMessage: "{device} has been signed out." },
  signOutEverywhere: { id: "profile.sessions.signOutEverywhere", defaultMessage: "Sign out everywhere" },
  signOutEverywhereQuestion: {
    id: "profile.sessions.signOutEverywhereQuestion",
    defaultMessage: "Sign out on every other device? You stay signed in here.",
  },
  signedOutEverywhere: {
    id: "profile.sessions.signedOutEverywhere",
    defaultMessage: "{count, plural, one {# other device has} other {# other devices have}} been signed out.",
  },
  onlyThisDevice: {
    id: "profile.sessions.onlyThisDevice",
    defaultMessage: "You are signed in on this device only.",
  },
});

/** Profile Settings → Your data. */
export const YOUR_DATA_MESSAGES = defineMessages({
  title: { id: "profile.data.title", defaultMessage: "Your data" },
  description: {
    id: "profile.data.description",
    defaultMessage:
      "Download everything Ideaport keeps about you as one JSON file: your profile, ideas and their history, comments, votes, points, rewards, notifications, settings, sessions and the audit entries about you.",
  },
  download: { id: "profile.data.download", defaultMessage: "Download my data" },
  preparing: { id: "profile.data.preparing", defaultMessage: "Preparing your data..." },
  downloaded: { id: "profile.data.downloaded", defaultMessage: "Your data has been downloaded." },
  downloadFailed: { id: "profile.data.downloadFailed", defaultMessage: "Could not download your data. {reason}" },
  deleteDescription: {
    id: "profile.data.deleteDescription",
    defaultMessage:
      "Deleting your account erases your personal data for good. Your ideas and comments stay for your colleagues, shown under “Former colleague”.",
  },
  deleteAccount: { id: "profile.data.deleteAccount", defaultMessage: "Delete my account" },
  deleteTitle: { id: "profile.data.deleteTitle", defaultMessage: "Delete your account?" },
  deleteWhatGoes: {
    id: "profile.data.deleteWhatGoes",
    defaultMessage:
      "Your name, e-mail address, password, notifications, e-mail settings, calendar connection and sessions are erased, and you are signed out on every device. You cannot sign in to this account again.",
  },
  deleteWhatStays: {
    id: "profile.data.deleteWhatStays",
    defaultMessage:
      "Your ideas, comments, votes and points stay, shown under “Former colleague”. The audit log keeps that the account was deleted. This cannot be undone.",
  },
  deleteDownloadFirst: {
    id: "profile.data.deleteDownloadFirst",
    defaultMessage: "Want a copy? Download your data before you delete your account.",
  },
  deletePassword: { id: "profile.data.deletePassword", defaultMessage: "Your current password" },
  deleteSsoHint: {
    id: "profile.data.deleteSsoHint",
    defaultMessage:
      "You sign in with single sign-on and have no password? Sign in again with single sign-on, then delete your account within {minutes} minutes.",
  },
  deleteLoading: { id: "profile.data.deleteLoading", defaultMessage: "Checking how you signed in..." },
  deleteAfterSso: {
    id: "profile.data.deleteAfterSso",
    defaultMessage: "You signed in with single sign-on a moment ago, so no password is needed.",
  },
  deleteConfirm: { id: "profile.data.deleteConfirm", defaultMessage: "Delete my account for good" },
});
