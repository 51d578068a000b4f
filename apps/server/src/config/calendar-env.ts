import { CALENDAR_MESSAGES, type MessageDescriptor } from "@ideaport/shared";
import { z } from "zod";

/** The calendar provider (OAuth 2.0 authorization server and CalDAV server), when configured. */
export interface CalendarProviderConfig {
  /** Shown in settings: "Connect Google Calendar". */
  name: string;
  clientId: string;
  /** Absent for a public client (PKCE alone). */
  clientSecret: string | undefined;
  authorizationUrl: string;
  tokenUrl: string;
  /** The `iss` the authorization server names itself by (RFC 9207); the authorization URL's origin by default. */
  issuer: string;
  scope: string;
  /** The person's calendar collection on the CalDAV server (RFC 4791), where events are written. */
  caldavUrl: string | undefined;
  /** 32 bytes for AES-256-GCM: the tokens are encrypted with it at rest. */
  tokenKey: Buffer;
}

export interface CalendarConfig {
  provider: CalendarProviderConfig | null;
  /** Why no provider can be connected here (settings shows it), or null when one can. */
  unavailableReason: MessageDescriptor | null;
}

const httpUrl = z.url({ protocol: /^https?$/, message: "must be an http(s):// URL" });

const CalendarEnvSchema = z.object({
  CALENDAR_PROVIDER_NAME: z.string().min(1).max(60).default("your calendar"),
  CALENDAR_CLIENT_ID: z.string().min(1).max(500).optional(),
  CALENDAR_CLIENT_SECRET: z.string().min(1).max(2000).optional(),
  CALENDAR_AUTH_URL: httpUrl.optional(),
  CALENDAR_TOKEN_URL: httpUrl.optional(),
  CALENDAR_ISSUER: httpUrl.optional(),
  CALENDAR_SCOPE: z.string().min(1).max(1000).default("offline_access"),
  CALENDAR_CALDAV_URL: httpUrl.optional(),
  CALENDAR_TOKEN_KEY: z.string().optional(),
});

/** A 32-byte key written as 64 hex digits or 43–44 base64 characters; null for anything else. */
function decodeTokenKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, "hex");
  const bytes = Buffer.from(trimmed, "base64");
  return bytes.length === 32 ? bytes : null;
}

/**
 * The `CALENDAR_*` variables. The provider needs CALENDAR_CLIENT_ID, CALENDAR_AUTH_URL and
 * CALENDAR_TOKEN_URL together (some without the others is an error); without CALENDAR_TOKEN_KEY
 * it stays off, with the reason settings shows, since its tokens could not be stored encrypted.
 * Answers the configuration, or the problems, one line each.
 */
export function loadCalendarConfig(env: Record<string, string | undefined>): CalendarConfig | string[] {
  const parsed = CalendarEnvSchema.safeParse(env);
  if (!parsed.success) return parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  const values = parsed.data;
  const required = {
    CALENDAR_CLIENT_ID: values.CALENDAR_CLIENT_ID,
    CALENDAR_AUTH_URL: values.CALENDAR_AUTH_URL,
    CALENDAR_TOKEN_URL: values.CALENDAR_TOKEN_URL,
  };
  const missing = Object.entries(required)
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (missing.length === 3) return { provider: null, unavailableReason: CALENDAR_MESSAGES.providerNotConfigured };
  if (missing.length > 0) {
    return [
      `${missing.join(", ")}: set CALENDAR_CLIENT_ID, CALENDAR_AUTH_URL and CALENDAR_TOKEN_URL together, or none`,
    ];
  }
  if (!values.CALENDAR_TOKEN_KEY) return { provider: null, unavailableReason: CALENDAR_MESSAGES.providerKeyMissing };
  const tokenKey = decodeTokenKey(values.CALENDAR_TOKEN_KEY);
  if (!tokenKey)
    return ["CALENDAR_TOKEN_KEY: must be 32 random bytes, as 64 hex digits or base64 (openssl rand -base64 32)"];
  const authorizationUrl = values.CALENDAR_AUTH_URL!;
  return {
    provider: {
      name: values.CALENDAR_PROVIDER_NAME,
      clientId: values.CALENDAR_CLIENT_ID!,
      clientSecret: values.CALENDAR_CLIENT_SECRET,
      authorizationUrl,
      tokenUrl: values.CALENDAR_TOKEN_URL!,
      issuer: values.CALENDAR_ISSUER ?? new URL(authorizationUrl).origin,
      scope: values.CALENDAR_SCOPE,
      caldavUrl: values.CALENDAR_CALDAV_URL,
      tokenKey,
    },
    unavailableReason: null,
  };
}
