import { z } from "zod";

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
