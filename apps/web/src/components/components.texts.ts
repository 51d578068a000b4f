import { defineMessages } from "@ideaport/shared";

export const COMPONENT_TEXTS = defineMessages({
  backOnline: { id: "components.backOnline", defaultMessage: "You are back online." },
  tryAgain: { id: "components.tryAgain", defaultMessage: "Try again" },
  offline: {
    id: "components.offline",
    defaultMessage: "You are offline. Nothing can be loaded or saved until your connection is back.",
  },
  languageLabel: { id: "components.language.label", defaultMessage: "Language" },
  loading: { id: "components.loading", defaultMessage: "Loading...", description: "While a dialog's code loads" },
});
