export const CALENDAR_COMPANY_TEXTS = {
  title: "Calendar",
  description: "Reviewers see each idea waiting for them in their calendar, due this many days after it was submitted.",
  label: "Review due (days after submission)",
  save: "Save calendar settings",
  saved: "Review due dates now fall that many days after submission.",
  loading: "Loading the calendar settings...",
} as const;

export const CALENDAR_SETTINGS_TEXTS = {
  title: "Calendar",
  description:
    "Challenge deadlines, the due dates of your actions and, if you review ideas, their review due dates, in your own calendar app.",
  addressLabel: "Your calendar address",
  addressHint: "Keep it to yourself: anyone with this address can read these dates.",
  copy: "Copy address",
  copied: "Address copied",
  subscribeHeading: "Add it to your calendar",
  google: "Add to Google Calendar",
  outlook: "Add to Outlook",
  apple: "Add to Apple Calendar",
  reset: "Reset address",
  resetQuestion:
    "Reset your calendar address? The current one stops working at once; calendars subscribed to it will need the new one.",
  resetDone: "Your calendar has a new address. The old one no longer works.",
  loading: "Loading your calendar address...",
  connectionHeading: "Calendar account",
  connectHint: "Or connect your calendar account: Ideaport then writes these dates into it and keeps them up to date.",
  connect: (provider: string) => `Connect ${provider}`,
  reconnect: (provider: string) => `Reconnect ${provider}`,
  disconnect: "Disconnect",
  disconnected: "Your calendar account is disconnected. Its access has been deleted from Ideaport.",
} as const;

export const CALENDAR_CALLBACK_TEXTS = {
  title: "Calendar connection",
  working: "Finishing the connection to your calendar...",
  doneTitle: "Your calendar is connected",
  done: "Challenge deadlines, the due dates of your actions and your reviews will appear in your calendar.",
  continue: "Continue",
  failedTitle: "Your calendar was not connected",
  failed: "The connection could not be finished just now. Please connect your calendar again.",
  signedOut: "Please log in, then connect your calendar again from Profile Settings.",
  logIn: "Log in",
  backToSettings: "Back to settings",
} as const;
