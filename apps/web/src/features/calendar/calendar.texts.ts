import { defineMessages } from "@ideaport/shared";

/** The title of the calendar sections of Profile Settings and Company Settings. */
export const CALENDAR_TEXTS = defineMessages({
  title: { id: "calendar.common.title", defaultMessage: "Calendar" },
});

/** Company Settings' "Calendar". */
export const CALENDAR_COMPANY_TEXTS = defineMessages({
  description: {
    id: "calendar.company.description",
    defaultMessage:
      "Reviewers see each idea waiting for them in their calendar, due this many days after it was submitted.",
  },
  label: { id: "calendar.company.label", defaultMessage: "Review due (days after submission)" },
  save: { id: "calendar.company.save", defaultMessage: "Save calendar settings" },
  saved: { id: "calendar.company.saved", defaultMessage: "Review due dates now fall that many days after submission." },
  loading: { id: "calendar.company.loading", defaultMessage: "Loading the calendar settings..." },
});

/** Profile Settings' "Calendar": the feed address and the provider connection. */
export const CALENDAR_SETTINGS_TEXTS = defineMessages({
  description: {
    id: "calendar.settings.description",
    defaultMessage:
      "Challenge deadlines, the due dates of your actions and, if you review ideas, their review due dates, in your own calendar app.",
  },
  addressLabel: { id: "calendar.settings.addressLabel", defaultMessage: "Your calendar address" },
  addressHint: {
    id: "calendar.settings.addressHint",
    defaultMessage: "Keep it to yourself: anyone with this address can read these dates.",
  },
  copy: { id: "calendar.settings.copy", defaultMessage: "Copy address" },
  copied: { id: "calendar.settings.copied", defaultMessage: "Address copied" },
  subscribeHeading: { id: "calendar.settings.subscribeHeading", defaultMessage: "Add it to your calendar" },
  google: { id: "calendar.settings.google", defaultMessage: "Add to Google Calendar" },
  outlook: { id: "calendar.settings.outlook", defaultMessage: "Add to Outlook" },
  apple: { id: "calendar.settings.apple", defaultMessage: "Add to Apple Calendar" },
  reset: { id: "calendar.settings.reset", defaultMessage: "Reset address" },
  resetQuestion: {
    id: "calendar.settings.resetQuestion",
    defaultMessage:
      "Reset your calendar address? The current one stops working at once; calendars subscribed to it will need the new one.",
  },
  resetDone: {
    id: "calendar.settings.resetDone",
    defaultMessage: "Your calendar has a new address. The old one no longer works.",
  },
  loading: { id: "calendar.settings.loading", defaultMessage: "Loading your calendar address..." },
  connectionHeading: { id: "calendar.settings.connectionHeading", defaultMessage: "Calendar account" },
  connectHint: {
    id: "calendar.settings.connectHint",
    defaultMessage:
      "Or connect your calendar account: Ideaport then writes these dates into it and keeps them up to date.",
  },
  /** Who the buttons name when the server does not say which provider it is. */
  unnamedProvider: { id: "calendar.settings.unnamedProvider", defaultMessage: "your calendar" },
  connect: { id: "calendar.settings.connect", defaultMessage: "Connect {provider}" },
  reconnect: { id: "calendar.settings.reconnect", defaultMessage: "Reconnect {provider}" },
  needsReconnecting: { id: "calendar.settings.needsReconnecting", defaultMessage: "Needs reconnecting" },
  disconnect: { id: "calendar.settings.disconnect", defaultMessage: "Disconnect" },
  disconnected: {
    id: "calendar.settings.disconnected",
    defaultMessage: "Your calendar account is disconnected. Its access has been deleted from Ideaport.",
  },
});

/** /auth/calendar/callback, where the provider sends the person back. */
export const CALENDAR_CALLBACK_TEXTS = defineMessages({
  title: { id: "calendar.callback.title", defaultMessage: "Calendar connection" },
  working: { id: "calendar.callback.working", defaultMessage: "Finishing the connection to your calendar..." },
  doneTitle: { id: "calendar.callback.doneTitle", defaultMessage: "Your calendar is connected" },
  done: {
    id: "calendar.callback.done",
    defaultMessage: "Challenge deadlines, the due dates of your actions and your reviews will appear in your calendar.",
  },
  continue: { id: "calendar.callback.continue", defaultMessage: "Continue" },
  failedTitle: { id: "calendar.callback.failedTitle", defaultMessage: "Your calendar was not connected" },
  failed: {
    id: "calendar.callback.failed",
    defaultMessage: "The connection could not be finished just now. Please connect your calendar again.",
  },
  signedOut: {
    id: "calendar.callback.signedOut",
    defaultMessage: "Please log in, then connect your calendar again from Profile Settings.",
  },
  logIn: { id: "calendar.callback.logIn", defaultMessage: "Log in" },
  backToSettings: { id: "calendar.callback.backToSettings", defaultMessage: "Back to settings" },
});
