import { z } from "zod";
import { defineEndpoint } from "../api/contract.ts";
import { SuccessSchema } from "./common.ts";

/** A client error report: unknown routes, rendering errors, unhandled rejections. */
export const ClientErrorReportSchema = z.object({
  kind: z.enum(["not_found", "render_error", "unhandled_rejection", "error"]),
  message: z.string().max(2000),
  path: z.string().max(2000),
  stack: z.string().max(10_000).optional(),
  componentStack: z.string().max(10_000).optional(),
});
export type ClientErrorReport = z.infer<typeof ClientErrorReportSchema>;

/** One web-vitals metric. */
export const WebVitalSchema = z.object({
  name: z.enum(["CLS", "FCP", "INP", "LCP", "TTFB"]),
  value: z.number().finite().min(0).max(1_000_000),
  rating: z.enum(["good", "needs-improvement", "poor"]).optional(),
  id: z.string().max(200),
  path: z.string().max(2000),
});
export type WebVital = z.infer<typeof WebVitalSchema>;

export const CsrfTokenResponseSchema = z.object({ csrfToken: z.string() });

/**
 * What the browser needs or reports outside any feature: the CSRF token, content-security-policy
 * violations, its own errors and web-vitals metrics. The CSRF token and CSP report calls keep
 * their paths exactly, the CSP report without a trailing slash, because existing clients call them.
 */
export const telemetryEndpoints = {
  csrfToken: defineEndpoint({
    method: "GET",
    path: "/api/csrf-token/",
    response: CsrfTokenResponseSchema,
    auth: false,
  }),
  cspReport: defineEndpoint({ method: "POST", path: "/api/csp-report", response: z.unknown(), auth: false }),
  clientErrors: defineEndpoint({
    method: "POST",
    path: "/api/client-errors/",
    body: ClientErrorReportSchema,
    response: SuccessSchema,
    auth: false,
  }),
  webVitals: defineEndpoint({
    method: "POST",
    path: "/api/web-vitals/",
    body: WebVitalSchema,
    response: SuccessSchema,
    auth: false,
  }),
} as const;
