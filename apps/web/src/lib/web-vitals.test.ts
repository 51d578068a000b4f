import { waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Metric } from "web-vitals";
import { createFakeApi, json } from "../test/fake-api.ts";
import { startWebVitalsReporting } from "./web-vitals.ts";

const callbacks = vi.hoisted(() => new Map<string, (metric: Metric) => void>());

vi.mock("web-vitals", () => {
  const register = (name: string) => (callback: (metric: Metric) => void) => {
    callbacks.set(name, callback);
  };
  return {
    onCLS: register("CLS"),
    onINP: register("INP"),
    onLCP: register("LCP"),
    onFCP: register("FCP"),
    onTTFB: register("TTFB"),
  };
});

describe("web vitals", () => {
  it("measures CLS, INP, LCP, FCP and TTFB and sends each to /api/web-vitals/ with keepalive and CSRF", async () => {
    const fake = createFakeApi({ "POST /api/web-vitals/": json({ success: true }) });
    vi.stubGlobal("fetch", fake.fetch);

    startWebVitalsReporting();
    expect([...callbacks.keys()].sort()).toEqual(["CLS", "FCP", "INP", "LCP", "TTFB"]);
    callbacks.get("LCP")?.({
      name: "LCP",
      value: 1234.5,
      rating: "good",
      id: "v5-1",
      delta: 1234.5,
      entries: [],
      navigationId: 1,
      navigationType: "navigate",
    });

    await waitFor(() => expect(fake.calls("POST /api/web-vitals/")).toHaveLength(1));
    const [request] = fake.calls("POST /api/web-vitals/");
    expect(request?.body).toEqual({ name: "LCP", value: 1234.5, rating: "good", id: "v5-1", path: "/" });
    expect(request?.keepalive).toBe(true);
    expect(request?.headers["x-csrftoken"]).toBe("csrf-1");
  });
});
