import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import {
  installRateLimitAlert,
  installUnhandledRejectionReporting,
  silenceDebugConsole,
} from "../lib/global-handlers.ts";
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
  createRoot(container).render(
    <StrictMode>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </StrictMode>,
  );
}
