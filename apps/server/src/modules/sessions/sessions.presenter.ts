import type { Session } from "@ideaport/shared";
import Bowser from "bowser";
import type { LiveSession } from "../auth/auth.service.ts";

/** The browser and operating system a User-Agent names, each null when it names none. */
export function describeUserAgent(userAgent: string | null): { browser: string | null; os: string | null } {
  if (!userAgent?.trim()) return { browser: null, os: null };
  const parser = Bowser.getParser(userAgent);
  return { browser: parser.getBrowserName() || null, os: parser.getOSName() || null };
}

/** A live session as the person's list shows it; `currentSessionId` is the asking device's. */
export function presentSession(session: LiveSession, currentSessionId: string | null): Session {
  return {
    id: session.id,
    ...describeUserAgent(session.userAgent),
    ip_address: session.ipAddress,
    last_active_at: session.lastActiveAt.toISOString(),
    is_current: session.id === currentSessionId,
    sso_signed_in_at: session.ssoSignedInAt?.toISOString() ?? null,
  };
}
