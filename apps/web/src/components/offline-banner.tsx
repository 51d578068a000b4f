import { useQueryClient } from "@tanstack/react-query";
import { useIsOnline } from "../lib/connectivity.ts";
import "./status-screens.css";
import { t } from "../lib/i18n.ts";
import { lastSeenAt } from "../lib/last-seen.ts";
import { hasStoredSession } from "../lib/session.ts";
import { COMPONENT_TEXTS } from "./components.texts.ts";

/** True when `at` is today on this device's calendar. */
function isToday(at: number): boolean {
  return new Date(at).toDateString() === new Date().toDateString();
}

/**
 * The one offline notice of every page but the landing page: at the foot of the window while the
 * browser is offline. Signed in, with answers on screen, it says when they were received and what
 * can still be done: "Offline — showing what you saw at 10:42", ideas, comments and votes kept on
 * the device. The status region stays mounted, so screen readers hear it come and go.
 */
export function OfflineBanner() {
  const isOnline = useIsOnline();
  const queryClient = useQueryClient();
  const seenAt = !isOnline && hasStoredSession() ? lastSeenAt(queryClient) : null;
  return (
    <div role="status" className="ip-offline-notice">
      {!isOnline && seenAt === null && <p>{t(COMPONENT_TEXTS.offline)}</p>}
      {!isOnline && seenAt !== null && (
        <p>
          {t(isToday(seenAt) ? COMPONENT_TEXTS.offlineShowingLastSeen : COMPONENT_TEXTS.offlineShowingLastSeenOn, {
            day: seenAt,
            time: seenAt,
          })}
          <br />
          <span className="ip-offline-notice-hint">{t(COMPONENT_TEXTS.offlineWritingHint)}</span>
        </p>
      )}
    </div>
  );
}
