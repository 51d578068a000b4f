import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import {
  installRateLimitAlert,
  installUnhandledRejectionReporting,
  silenceDebugConsole,
} from "../lib/global-handlers.ts";
import { browserLanguage, currentLanguage, hasCatalogues, InLanguage, setLanguage } from "../lib/i18n.ts";
import { hasStoredSession } from "../lib/session.ts";
import { AppRoutes } from "./router.tsx";

let isStarted = false;

/**
 * Web vitals load after the page: their observers read the buffered paint and layout entries. The
 * service worker registers then too, so installing it takes nothing from the first load.
 */
function startAfterLoad(options: { isReportingWebVitals: boolean }): void {
  const start = () => {
    void import("../lib/service-worker.ts").then((worker) => worker.registerServiceWorker());
    if (options.isReportingWebVitals) {
      void import("../lib/web-vitals.ts").then((vitals) => vitals.startWebVitalsReporting());
    }
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
  startAfterLoad({ isReportingWebVitals: options.isReportingWebVitals ?? true });
  const app = (
    <StrictMode>
      <InLanguage>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </InLanguage>
    </StrictMode>
  );
  // A prerendered public page (scripts/route-pages.ts) is the first screen of a signed-out visitor,
  // in the language the server chose for it (`<html lang>`): React adopts its markup when the app
  // starts in that language (the same rule of the stored choice over the browser's preferences),
  // once the language's catalogue has loaded. With a stored session, or in another language, the
  // screen differs, so React renders anew.
  const language = browserLanguage();
  const pageLanguage = document.documentElement.lang;
  const render = () => {
    const isSameScreen =
      container.hasAttribute("data-prerendered") && !hasStoredSession() && pageLanguage === currentLanguage();
    if (isSameScreen) {
      hydrateRoot(container, app);
    } else {
      // A page prerendered in a language the app does not speak (the landing page's French) now shows the app's.
      document.documentElement.lang = currentLanguage();
      createRoot(container).render(app);
    }
  };
  if (!hasCatalogues(language)) render();
  else void setLanguage(language, { remember: false }).then(render, render);
}
