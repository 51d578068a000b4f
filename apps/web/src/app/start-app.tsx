import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import {
  installRateLimitAlert,
  installUnhandledRejectionReporting,
  silenceDebugConsole,
} from "../lib/global-handlers.ts";
import { hasStoredSession } from "../lib/session.ts";
import { AppRoutes } from "./router.tsx";

let isStarted = false;

/** Web vitals load after the page: their observers read the buffered paint and layout entries. */
function startWebVitalsReportingAfterLoad(): void {
  const start = () => {
    void import("../lib/web-vitals.ts").then((vitals) => vitals.startWebVitalsReporting());
  };
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
}

/**
 * Starts the single-page app in `container`: the global handlers, web vitals and the router.
 * The standalone landing page calls it when the visitor opens a popup; it runs once per page.
 */
export function startApp(container: HTMLElement, options: { isReportingWebVitals?: boolean } = {}): void {
  if (isStarted) return;
  isStarted = true;
  silenceDebugConsole(import.meta.env.PROD);
  installRateLimitAlert(window);
  installUnhandledRejectionReporting(window);
  if (options.isReportingWebVitals ?? true) startWebVitalsReportingAfterLoad();
  const app = (
    <StrictMode>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </StrictMode>
  );
  // A prerendered public page (scripts/route-pages.ts) is the first screen of a signed-out visitor:
  // React adopts its markup. With a stored session the screen differs, so React renders anew.
  if (container.hasAttribute("data-prerendered") && !hasStoredSession()) hydrateRoot(container, app);
  else createRoot(container).render(app);
}
