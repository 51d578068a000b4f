import { defineMessages } from "@ideaport/shared";

/** What the actions API says when it refuses a step, beyond the error catalogue's words. */
export const ACTIONS_TEXTS = defineMessages({
  ownerNotInCompany: {
    id: "server.actions.ownerNotInCompany",
    defaultMessage: "The owner must be an active member of your company.",
  },
});
