import { defineMessages } from "@ideaport/shared";

/** What the tags API says when it refuses, beyond the error catalogue's words. */
export const TAGS_TEXTS = defineMessages({
  nameTaken: { id: "server.tags.nameTaken", defaultMessage: "The company already has the tag “{name}”." },
  addingOff: {
    id: "server.tags.addingOff",
    defaultMessage: "“{name}” is not one of the company's tags, and only administrators can add new ones.",
  },
  mergeTargetMissing: {
    id: "server.tags.mergeTargetMissing",
    defaultMessage: "The tag to merge into does not exist.",
  },
});
