import type { Workbox } from "workbox-window";
import { t } from "./i18n.ts";
import { SERVICE_WORKER_TEXTS } from "./service-worker.texts.ts";

let workbox: Workbox | null = null;

/**
 * Registers the service worker (/sw.js, src/service-worker/sw.ts) in a built app, once the page has
 * loaded (start-app.tsx loads this module then). A new version installs in the background and
 * waits: the page shows "A new version of Ideaport is ready" with "Reload to update", and changes
 * only when the person presses it (the new worker takes over, then the page reloads on it).
 */
export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator) || workbox) return;
  const { Workbox } = await import("workbox-window");
  const registration = new Workbox("/sw.js", { scope: "/" });
  workbox = registration;
  registration.addEventListener("waiting", showUpdateNotice);
  // A browser that refuses service workers (a policy, private mode, a test that blocks them) runs
  // the app as before, without the offline copy.
  await registration.register().catch(() => undefined);
}

/** The person chose "Reload to update": the waiting worker takes over, then the page reloads on it. */
export function applyUpdate(): void {
  const registration = workbox;
  if (!registration) return;
  registration.addEventListener("controlling", () => window.location.reload());
  registration.messageSkipWaiting();
}

/**
 * The new-version notice at the top right of every page (components/status-screens.css), built
 * without React so that no page carries its code before a new version exists.
 */
function showUpdateNotice(): void {
  if (document.querySelector(".ip-update-notice")) return;
  const notice = document.createElement("div");
  notice.className = "ip-update-notice";
  notice.setAttribute("role", "status");
  const text = document.createElement("p");
  text.textContent = t(SERVICE_WORKER_TEXTS.updateReady);
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = t(SERVICE_WORKER_TEXTS.reloadToUpdate);
  button.addEventListener("click", () => {
    button.disabled = true;
    applyUpdate();
  });
  notice.append(text, button);
  document.body.append(notice);
}
