import { z } from "zod";
import { defineEndpoint } from "../api/contract.ts";
import { SuccessSchema } from "./common.ts";

/**
 * One signed-in device of the person: a sign-in and the refreshes that kept it going. `browser`
 * and `os` are read from the device's User-Agent (null when it names none); the client composes
 * them into a name in the reader's language.
 */
export const SessionSchema = z.object({
  id: z.string(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  /** The client address of the sign-in or of the latest refresh. */
  ip_address: z.string().nullable(),
  /** When the device signed in or last refreshed its tokens (ISO 8601). */
  last_active_at: z.string(),
  /** True for the session of the access token that asked. */
  is_current: z.boolean(),
  /** When the session began with a sign-in through the company's identity provider (ISO 8601); null for a password. */
  sso_signed_in_at: z.string().nullable(),
});
export type Session = z.infer<typeof SessionSchema>;

export const SessionsResponseSchema = SuccessSchema.extend({ sessions: z.array(SessionSchema) });

/** How many sessions "sign out everywhere" ended (every one but the asking device's). */
export const SignOutEverywhereResponseSchema = SuccessSchema.extend({ signed_out: z.number().int().nonnegative() });

/** The caller's own signed-in devices: listing them, and signing one or all the others out. */
export const sessionsEndpoints = {
  sessions: defineEndpoint({ method: "GET", path: "/api/users/current/sessions/", response: SessionsResponseSchema }),
  signOutSession: defineEndpoint({
    method: "DELETE",
    path: "/api/users/current/sessions/:sessionId/",
    response: SuccessSchema,
  }),
  signOutEverywhere: defineEndpoint({
    method: "DELETE",
    path: "/api/users/current/sessions/",
    response: SignOutEverywhereResponseSchema,
  }),
} as const;
