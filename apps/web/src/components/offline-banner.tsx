import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useIsOnline } from "../lib/connectivity.ts";
import "./status-screens.css";
import { t } from "../lib/i18n.ts";
import { hasStoredSession } from "../lib/session.ts";
import { COMPONENT_TEXTS } from "./components.texts.ts";

type LastSeenNotice = { headline: string; hint: string } | null;

/**
 * The one offline notice of every page but the landing page: at the foot of the window while the
 * browser is offline. Signed in, with answers on screen, it says when they were received and what
 * can still be done ("Offline — showing what you saw at 10:42", ideas, comments and votes kept on
 * the device: last-seen-notice.ts, loaded when the browser goes offline, from the service worker's
 * copy); until then, or when that cannot load, it says that nothing can be loaded or saved. The
 * status region stays mounted, so screen readers hear it come and go.
 */
export function OfflineBanner() {
  const isOnline = useIsOnline();
  const queryClient = useQueryClient();
  const [lastSeen, setLastSeen] = useState<LastSeenNotice>(null);
  useEffect(() => {
    if (isOnline || !hasStoredSession()) {
      setLastSeen(null);
      return;
    }
    let isCurrent = true;
    import("./last-seen-notice.ts").then(
      (notice) => {
        if (isCurrent) setLastSeen(notice.lastSeenNotice(queryClient));
      },
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [isOnline, queryClient]);
  return (
    <div role="status" className="ip-offline-notice">
      {!isOnline && lastSeen === null && <p>{t(COMPONENT_TEXTS.offline)}</p>}
      {!isOnline && lastSeen !== null && (
        <p>
          {lastSeen.headline}
          <br />
          <span className="ip-offline-notice-hint">{lastSeen.hint}</span>
        </p>
      )}
    </div>
  );
}
