import { useQueryClient } from "@tanstack/react-query";
import { useIsOnline } from "../lib/connectivity.ts";
import "./status-screens.css";
import { formatDateTime, formatTime, localDayOf } from "../lib/format.ts";
import { t } from "../lib/i18n.ts";
import { lastSeenAt } from "../lib/offline-cache.ts";
import { hasStoredSession } from "../lib/session.ts";
import { COMPONENT_TEXTS } from "./components.texts.ts";

/** "10:42" today, else the day and time: when the answers on screen were received. */
function seenAtText(at: number): string {
  const isToday = localDayOf(new Date(at)) === localDayOf(new Date());
  return isToday ? formatTime(new Date(at)) : formatDateTime(new Date(at));
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
          {t(COMPONENT_TEXTS.offlineShowingLastSeen, { time: seenAtText(seenAt) })}
          <br />
          <span className="ip-offline-notice-hint">{t(COMPONENT_TEXTS.offlineWritingHint)}</span>
        </p>
      )}
    </div>
  );
}
