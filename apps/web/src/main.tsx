import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { createAppRouter } from "./app/router.tsx";
import {
  installRateLimitAlert,
  installUnhandledRejectionReporting,
  silenceDebugConsole,
} from "./lib/global-handlers.ts";
import { startWebVitalsReporting } from "./lib/web-vitals.ts";

silenceDebugConsole(import.meta.env.PROD);
installRateLimitAlert(window);
installUnhandledRejectionReporting(window);
startWebVitalsReporting();

const container = document.getElementById("root");
if (!container) throw new Error("The page has no #root element.");

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={createAppRouter()} />
  </StrictMode>,
);
