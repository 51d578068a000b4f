import { lazy, type ReactNode, Suspense } from "react";
import { useIsOnline } from "../lib/connectivity.ts";
import "./status-screens.css";
import { t } from "../lib/i18n.ts";
import { hasStoredSession } from "../lib/session.ts";
import { COMPONENT_TEXTS } from "./components.texts.ts";

/**
 * A signed-in person's notice, loaded when the browser goes offline (from the service worker's
 * copy); when it cannot load, the notice says that nothing can be loaded or saved.
 */
const LastSeenNotice = lazy(() =>
  import("./last-seen-notice.tsx").then(
    (notice) => ({ default: notice.LastSeenNotice }),
    () => ({ default: ({ otherwise }: { otherwise: ReactNode }) => otherwise }),
  ),
);

/**
 * The one offline notice of every page but the landing page: at the foot of the window while the
 * browser is offline. Signed in, with answers on screen, it says when they were received and what
 * can still be done ("Offline — showing what you saw at 10:42", ideas, comments and votes kept on
 * the device: last-seen-notice.tsx); until it has loaded, or with nothing on screen, it says that
 * nothing can be loaded or saved. The status region stays mounted, so screen readers hear it come
 * and go.
 */
export function OfflineBanner() {
  const isOnline = useIsOnline();
  const offline = <p>{t(COMPONENT_TEXTS.offline)}</p>;
  return (
    <div role="status" className="ip-offline-notice">
      {!isOnline &&
        (hasStoredSession() ? (
          <Suspense fallback={offline}>
            <LastSeenNotice otherwise={offline} />
          </Suspense>
        ) : (
          offline
        ))}
    </div>
  );
}
