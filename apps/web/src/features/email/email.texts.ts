export const EMAIL_PREFERENCES_TEXTS = {
  title: "Notifications by e-mail",
  description:
    "Choose, for each kind of notification, an e-mail for every event, one daily or weekly digest, or none. The bell shows every notification either way.",
  saved: "Your e-mail settings have been saved.",
  save: "Save e-mail settings",
  loading: "Loading your e-mail settings...",
} as const;

export const UNSUBSCRIBE_PAGE_TEXTS = {
  title: "Unsubscribe from e-mails",
  question: "Stop the kind of Ideaport e-mail this link came with? Your notifications stay in the bell.",
  confirm: "Unsubscribe",
  doneTitle: "You are unsubscribed",
  settingsLink: "Open Profile Settings",
  logIn: "Log in to choose your e-mails",
  /** The server's word for a refused link (the catalogue's `email.unsubscribe_invalid`). */
  invalidLink: "This unsubscribe link is not valid.",
  failed: "The link could not be used just now. Please try again.",
} as const;
