import { describe, expect, it } from "vitest";
import { urlForLog } from "./url-log.ts";

describe("a URL in the log", () => {
  it.each([
    ["/api/password-reset/abc.def/", "/api/password-reset/[redacted]/"],
    ["/password-reset/abc.def", "/password-reset/[redacted]"],
    ["/api/invitations/tok123/accept/", "/api/invitations/[redacted]/accept/"],
    ["/accept-invitation/tok123", "/accept-invitation/[redacted]"],
    ["/calendar/feed-secret.ics", "/calendar/[redacted].ics"],
    ["/api/email-preferences/unsubscribe/?token=a.b.c", "/api/email-preferences/unsubscribe/?token=[redacted]"],
    ["/unsubscribe?token=a.b.c&x=1", "/unsubscribe?token=[redacted]&x=1"],
    ["/api/calendar/callback/?code=c0de&state=st4te", "/api/calendar/callback/?code=[redacted]&state=[redacted]"],
    ["/api/project-ideas/?cursor=abc&status=draft", "/api/project-ideas/?cursor=abc&status=draft"],
    ["/app/employee-ideas?idea=42", "/app/employee-ideas?idea=42"],
  ])("shows %s as %s", (url, logged) => {
    expect(urlForLog(url)).toBe(logged);
  });
});
