// First: the landing page loads telemetry without the app's entry, and zod must be configured
// before the API client's schemas exist.
import "./zod-jitless.ts";
import { type ClientErrorReport, telemetryEndpoints, type WebVital } from "@ideaport/shared";
import { apiClient } from "./api-client.ts";

const MAX_MESSAGE = 2000;
const MAX_PATH = 2000;
const MAX_STACK = 10_000;

/** Sends one client error report to `POST /api/client-errors/`; never throws. */
export async function sendClientErrorReport(report: ClientErrorReport): Promise<void> {
  try {
    await apiClient.call(telemetryEndpoints.clientErrors, {
      kind: report.kind,
      message: report.message.slice(0, MAX_MESSAGE),
      path: report.path.slice(0, MAX_PATH),
      ...(report.stack ? { stack: report.stack.slice(0, MAX_STACK) } : {}),
      ...(report.componentStack ? { componentStack: report.componentStack.slice(0, MAX_STACK) } : {}),
    });
  } catch (error) {
    // Reporting is best effort; a failure here must not raise another report.
    console.warn("Could not send the error report.", error);
  }
}

/** Sends one web-vitals metric to `POST /api/web-vitals/` with keepalive, so it survives the page hiding. */
export async function sendWebVital(metric: WebVital): Promise<void> {
  try {
    await apiClient.call(
      telemetryEndpoints.webVitals,
      { ...metric, path: metric.path.slice(0, MAX_PATH) },
      { keepalive: true },
    );
  } catch {
    // Analytics are best effort.
  }
}

/** Warms the CSRF token so a metric sent while the page hides needs one request, not two. */
export async function prepareTelemetry(): Promise<void> {
  try {
    await apiClient.prefetchCsrfToken();
  } catch {
    // The token is fetched again on the next mutating call.
  }
}
