import { CALENDAR_MESSAGES } from "@ideaport/shared";
import { describe, expect, it } from "vitest";
import { loadCalendarConfig } from "./calendar-env.ts";

const PROVIDER = {
  CALENDAR_CLIENT_ID: "ideaport",
  CALENDAR_AUTH_URL: "https://accounts.example.com/o/oauth2/auth",
  CALENDAR_TOKEN_URL: "https://oauth2.example.com/token",
};
const KEY = Buffer.alloc(32, 1).toString("base64");

describe("the CALENDAR_* variables", () => {
  it("leave the provider off, saying why, when none is set", () => {
    expect(loadCalendarConfig({})).toEqual({
      provider: null,
      unavailableReason: CALENDAR_MESSAGES.providerNotConfigured,
    });
  });

  it("keep the connection off with a clear message when the token key is missing", () => {
    expect(loadCalendarConfig(PROVIDER)).toEqual({
      provider: null,
      unavailableReason: CALENDAR_MESSAGES.providerKeyMissing,
    });
  });

  it("refuse a provider half configured, and a key that is not 32 bytes", () => {
    expect(loadCalendarConfig({ CALENDAR_CLIENT_ID: "x" })).toEqual([
      "CALENDAR_AUTH_URL, CALENDAR_TOKEN_URL: set CALENDAR_CLIENT_ID, CALENDAR_AUTH_URL and CALENDAR_TOKEN_URL together, or none",
    ]);
    expect(loadCalendarConfig({ ...PROVIDER, CALENDAR_TOKEN_KEY: "short" })).toEqual([
      expect.stringMatching(/^CALENDAR_TOKEN_KEY: must be 32 random bytes/),
    ]);
    expect(loadCalendarConfig({ ...PROVIDER, CALENDAR_AUTH_URL: "ftp://x" })).toEqual([
      "CALENDAR_AUTH_URL: must be an http(s):// URL",
    ]);
  });

  it("read a full provider, its issuer defaulting to the authorization URL's origin", () => {
    const config = loadCalendarConfig({
      ...PROVIDER,
      CALENDAR_TOKEN_KEY: KEY,
      CALENDAR_CALDAV_URL: "https://dav.example.com/cal/",
    });
    expect(config).toMatchObject({
      unavailableReason: null,
      provider: {
        clientId: "ideaport",
        issuer: "https://accounts.example.com",
        scope: "offline_access",
        caldavUrl: "https://dav.example.com/cal/",
      },
    });
    expect(Array.isArray(config) ? null : config.provider?.tokenKey.length).toBe(32);
  });
});
