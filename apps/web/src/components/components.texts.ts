import { defineMessages, type MessageDescriptor } from "@ideaport/shared";

export const COMPONENT_TEXTS = defineMessages({
  backOnline: { id: "components.backOnline", defaultMessage: "You are back online." },
  tryAgain: { id: "components.tryAgain", defaultMessage: "Try again" },
  offline: {
    id: "components.offline",
    defaultMessage: "You are offline. Nothing can be loaded or saved until your connection is back.",
  },
  languageLabel: { id: "components.language.label", defaultMessage: "Language" },
  cancel: { id: "components.cancel", defaultMessage: "Cancel" },
  close: { id: "components.close", defaultMessage: "Close" },
  changePassword: { id: "components.changePassword", defaultMessage: "Change password" },
  loading: { id: "components.loading", defaultMessage: "Loading...", description: "While a dialog's code loads" },
  goToHomePage: { id: "components.goToHomePage", defaultMessage: "Go to the home page" },
  copy: { id: "components.copy", defaultMessage: "Copy" },
  copied: { id: "components.copied", defaultMessage: "Copied" },
});

/** The fields of the account forms and the profile, named the same wherever they appear. */
export const FIELD_TEXTS = defineMessages({
  email: { id: "components.fields.email", defaultMessage: "Email" },
  firstName: { id: "components.fields.firstName", defaultMessage: "First name" },
  lastName: { id: "components.fields.lastName", defaultMessage: "Last name" },
  password: { id: "components.fields.password", defaultMessage: "Password" },
  passwordHint: {
    id: "components.fields.passwordHint",
    defaultMessage: "At least {min} characters",
    description: "Under a new password field: the shortest password the rules accept.",
  },
  newPassword: { id: "components.fields.newPassword", defaultMessage: "New password" },
  confirmNewPassword: { id: "components.fields.confirmNewPassword", defaultMessage: "Confirm new password" },
  confirmRequired: { id: "components.fields.confirmRequired", defaultMessage: "Please confirm your new password." },
});

/** What a password field's show/hide toggle is about: one field, several sharing one toggle, or a company's join password. */
export type PasswordToggleSubject = "password" | "passwords" | "join password";

/** The toggle's name, saying what a press will do. */
export const PASSWORD_TOGGLE_LABELS: Readonly<
  Record<PasswordToggleSubject, { show: MessageDescriptor; hide: MessageDescriptor }>
> = {
  password: defineMessages({
    show: { id: "components.passwordToggle.showPassword", defaultMessage: "Show password" },
    hide: { id: "components.passwordToggle.hidePassword", defaultMessage: "Hide password" },
  }),
  passwords: defineMessages({
    show: { id: "components.passwordToggle.showPasswords", defaultMessage: "Show passwords" },
    hide: { id: "components.passwordToggle.hidePasswords", defaultMessage: "Hide passwords" },
  }),
  "join password": defineMessages({
    show: { id: "components.passwordToggle.showJoinPassword", defaultMessage: "Show join password" },
    hide: { id: "components.passwordToggle.hideJoinPassword", defaultMessage: "Hide join password" },
  }),
};
