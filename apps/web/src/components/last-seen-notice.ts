import type { QueryClient } from "@tanstack/react-query";
import { t } from "../lib/i18n.ts";
import { lastSeenAt } from "../lib/last-seen.ts";
import { LAST_SEEN_TEXTS } from "./last-seen-notice.texts.ts";

/** True when `at` is today on this device's calendar. */
function isToday(at: number): boolean {
  return new Date(at).toDateString() === new Date().toDateString();
}

/**
 * What the offline notice says to a signed-in person with answers on screen: when they were
 * received ("Offline — showing what you saw at 10:42", with the day when it was not today) and what
 * can still be written; null when nothing is on screen.
 */
export function lastSeenNotice(queryClient: QueryClient): { headline: string; hint: string } | null {
  const seenAt = lastSeenAt(queryClient);
  if (seenAt === null) return null;
  const headline = isToday(seenAt) ? LAST_SEEN_TEXTS.offlineShowingLastSeen : LAST_SEEN_TEXTS.offlineShowingLastSeenOn;
  return { headline: t(headline, { day: seenAt, time: seenAt }), hint: t(LAST_SEEN_TEXTS.offlineWritingHint) };
}
