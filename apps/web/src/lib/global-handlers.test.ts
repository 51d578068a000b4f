import { api } from "@ideaport/shared";
import { waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createFakeApi, json } from "../test/fake-api.ts";
import { ApiClient } from "./api-client.ts";
import { dispatchRateLimited } from "./events.ts";
import { installRateLimitAlert, installUnhandledRejectionReporting, silenceDebugConsole } from "./global-handlers.ts";

const uninstallers: (() => void)[] = [];

afterEach(() => {
  for (const uninstall of uninstallers.splice(0)) uninstall();
});

describe("rate-limit alert", () => {
  it("alerts 'Too many requests. Please wait 6 seconds before trying again.' above 5 seconds", () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    uninstallers.push(installRateLimitAlert(window));

    dispatchRateLimited(window, 6);

    expect(alert).toHaveBeenCalledWith("Too many requests. Please wait 6 seconds before trying again.");
  });

  it("stays quiet at 5 seconds or less", () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    uninstallers.push(installRateLimitAlert(window));

    dispatchRateLimited(window, 5);
    dispatchRateLimited(window, 1);

    expect(alert).not.toHaveBeenCalled();
  });

  it("alerts for a server 429 with the default wait of 30 seconds", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    uninstallers.push(installRateLimitAlert(window));
    const fake = createFakeApi({ "GET /api/users/current/": json({}, { status: 429 }) });
    const client = new ApiClient({
      fetch: fake.fetch,
      tokens: { getAccessToken: () => null, getRefreshToken: () => null, updateTokens: () => {}, clear: () => {} },
    });

    await expect(client.call(api.currentUser)).rejects.toThrow("Too many requests. Please try again later.");

    expect(alert).toHaveBeenCalledWith("Too many requests. Please wait 30 seconds before trying again.");
  });
});

describe("unhandled promise rejections", () => {
  it("logs them and sends them to error reporting", async () => {
    const fake = createFakeApi({ "POST /api/client-errors/": json({ success: true }) });
    vi.stubGlobal("fetch", fake.fetch);
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    uninstallers.push(installUnhandledRejectionReporting(window));
    const reason = new Error("Lost promise");
    const event = Object.assign(new Event("unhandledrejection"), { reason, promise: Promise.resolve() });

    window.dispatchEvent(event);

    expect(consoleError).toHaveBeenCalledWith("Unhandled promise rejection", reason);
    await waitFor(() => expect(fake.calls("POST /api/client-errors/")).toHaveLength(1));
    expect(fake.calls("POST /api/client-errors/")[0]?.body).toMatchObject({
      kind: "unhandled_rejection",
      message: "Lost promise",
      path: "/",
    });
  });
});

describe("console in production", () => {
  it("silences debug output in production", () => {
    const log = vi.fn();
    const debug = vi.fn();
    const warn = vi.fn();
    const target = { ...console, log, debug, warn } as unknown as Console;

    silenceDebugConsole(true, target);
    target.log("noise");
    target.debug("noise");
    target.warn("kept");

    expect(log).not.toHaveBeenCalled();
    expect(debug).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith("kept");
  });

  it("keeps debug output in development", () => {
    const log = vi.fn();
    const target = { ...console, log } as unknown as Console;

    silenceDebugConsole(false, target);
    target.log("kept");

    expect(log).toHaveBeenCalledWith("kept");
  });
});
