import { useIsOnline } from "../lib/connectivity.ts";
import "./status-screens.css";
import { t } from "../lib/i18n.ts";
import { COMPONENT_TEXTS } from "./components.texts.ts";

/**
 * The one offline notice of every page but the landing page: at the foot of the window while the
 * browser is offline. The status region stays mounted, so screen readers hear it come and go.
 */
export function OfflineBanner() {
  const isOnline = useIsOnline();
  return (
    <div role="status" className="ip-offline-notice">
      {!isOnline && <p>{t(COMPONENT_TEXTS.offline)}</p>}
    </div>
  );
}
