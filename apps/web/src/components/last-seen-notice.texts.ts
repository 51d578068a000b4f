import { defineMessages } from "@ideaport/shared";

/** The signed-in offline notice (last-seen-notice.ts, loaded once the browser goes offline). */
export const LAST_SEEN_TEXTS = defineMessages({
  offlineShowingLastSeen: {
    id: "components.offlineShowingLastSeen",
    defaultMessage: "Offline — showing what you saw at {time, time, short}",
    description: "{time}: when the answers on screen were received today, '10:42'",
  },
  offlineShowingLastSeenOn: {
    id: "components.offlineShowingLastSeenOn",
    defaultMessage: "Offline — showing what you saw on {day, date, medium} at {time, time, short}",
    description: "{day} and {time}: when the answers on screen were received, on an earlier day",
  },
  offlineWritingHint: {
    id: "components.offlineWritingHint",
    defaultMessage:
      "New ideas, comments and votes are kept on this device and sent when you are back online. Other changes need the connection.",
  },
});
