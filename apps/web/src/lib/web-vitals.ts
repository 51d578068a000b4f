import type { WebVital } from "@ideaport/shared";
import { type Metric, onCLS, onFCP, onINP, onLCP, onTTFB } from "web-vitals";

/** Starts measuring CLS, INP, LCP, FCP and TTFB; each final value goes to `POST /api/web-vitals/`. */
export function startWebVitalsReporting(): void {
  const send = (metric: Metric) => {
    const vital: WebVital = {
      name: metric.name,
      value: Math.max(0, metric.value),
      rating: metric.rating,
      id: metric.id,
      path: window.location.pathname,
    };
    void import("./telemetry.ts").then((telemetry) => telemetry.sendWebVital(vital));
  };
  onCLS(send);
  onINP(send);
  onLCP(send);
  onFCP(send);
  onTTFB(send);
  // Load the sender while the page is idle: metrics sent as the page hides cannot wait for a download.
  whenIdle(() => {
    void import("./telemetry.ts").then((telemetry) => telemetry.prepareTelemetry());
  });
}

function whenIdle(task: () => void): void {
  if (typeof window.requestIdleCallback === "function") {
    window.requestIdleCallback(task, { timeout: 10_000 });
  } else {
    setTimeout(task, 3_000);
  }
}
