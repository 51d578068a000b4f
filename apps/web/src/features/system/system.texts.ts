import { defineMessages } from "@ideaport/shared";

/** /multiple-tabs-error: the app is already open in another tab. */
export const MULTIPLE_TABS_TEXTS = defineMessages({
  pageTitle: { id: "system.multipleTabs.pageTitle", defaultMessage: "Already open in another tab" },
  heading: { id: "system.multipleTabs.heading", defaultMessage: "Ideaport is open in another tab" },
  why: {
    id: "system.multipleTabs.why",
    defaultMessage: "Working in a single tab keeps your drafts, notifications and guided tours in step. You can:",
  },
  switchTab: {
    id: "system.multipleTabs.switchTab",
    defaultMessage: "switch to the tab where Ideaport is already open, and close this one; or",
  },
  closeOther: {
    id: "system.multipleTabs.closeOther",
    defaultMessage: "close the other tab, then continue here with the button below.",
  },
  useThisTab: { id: "system.multipleTabs.useThisTab", defaultMessage: "Use this tab instead" },
});
