import { defineMessages } from "@ideaport/shared";

export const EMAIL_PREFERENCES_TEXTS = defineMessages({
  title: { id: "email.preferences.title", defaultMessage: "Notifications by e-mail" },
  description: {
    id: "email.preferences.description",
    defaultMessage:
      "Choose, for each kind of notification, an e-mail for every event, one daily or weekly digest, or none. The bell shows every notification either way.",
  },
  saved: { id: "email.preferences.saved", defaultMessage: "Your e-mail settings have been saved." },
  save: { id: "email.preferences.save", defaultMessage: "Save e-mail settings" },
  loading: { id: "email.preferences.loading", defaultMessage: "Loading your e-mail settings..." },
});

export const UNSUBSCRIBE_PAGE_TEXTS = defineMessages({
  title: { id: "email.unsubscribe.title", defaultMessage: "Unsubscribe from e-mails" },
  question: {
    id: "email.unsubscribe.question",
    defaultMessage: "Stop the kind of Ideaport e-mail this link came with? Your notifications stay in the bell.",
  },
  confirm: { id: "email.unsubscribe.confirm", defaultMessage: "Unsubscribe" },
  doneTitle: { id: "email.unsubscribe.doneTitle", defaultMessage: "You are unsubscribed" },
  settingsLink: { id: "email.unsubscribe.settingsLink", defaultMessage: "Open Profile Settings" },
  logIn: { id: "email.unsubscribe.logIn", defaultMessage: "Log in to choose your e-mails" },
  failed: { id: "email.unsubscribe.failed", defaultMessage: "The link could not be used just now. Please try again." },
});
