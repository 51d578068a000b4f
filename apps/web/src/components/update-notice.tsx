import { lazy, Suspense, useSyncExternalStore } from "react";
import { isServiceWorkerUpdateWaiting, subscribeToServiceWorkerUpdate } from "../lib/service-worker.ts";
import "./status-screens.css";

/** Its code loads once a new version waits (it is precached with the rest). */
const UpdatePrompt = lazy(() => import("./update-prompt.tsx"));

/**
 * Shown once a new version has installed: "A new version of Ideaport is ready" and "Reload to
 * update". The page never changes version on its own under the person's hands.
 */
export function UpdateNotice() {
  const isWaiting = useSyncExternalStore(subscribeToServiceWorkerUpdate, isServiceWorkerUpdateWaiting, () => false);
  return (
    <div role="status" className="ip-update-notice">
      {isWaiting && (
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      )}
    </div>
  );
}
