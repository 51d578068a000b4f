import { waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { createFakeApi, json } from "../test/fake-api.ts";
import { reportClientError } from "./error-reporting.ts";
import { sendClientErrorReport } from "./telemetry.ts";

describe("error reporting", () => {
  it("trims reports to the lengths the server accepts", async () => {
    const fake = createFakeApi({ "POST /api/client-errors/": json({ success: true }) });
    vi.stubGlobal("fetch", fake.fetch);

    await sendClientErrorReport({ kind: "error", message: "m".repeat(5000), path: "/", stack: "s".repeat(20_000) });

    const body = fake.calls("POST /api/client-errors/")[0]?.body as { message: string; stack: string };
    expect(body.message).toHaveLength(2000);
    expect(body.stack).toHaveLength(10_000);
  });

  it("never throws when the report cannot be sent", async () => {
    const fake = createFakeApi({ "POST /api/client-errors/": json({}, { status: 500 }) });
    vi.stubGlobal("fetch", fake.fetch);
    vi.spyOn(console, "warn").mockImplementation(() => {});

    await expect(sendClientErrorReport({ kind: "error", message: "x", path: "/" })).resolves.toBeUndefined();
  });

  it("sends the same report once and at most ten a minute", async () => {
    const fake = createFakeApi({ "POST /api/client-errors/": json({ success: true }) });
    vi.stubGlobal("fetch", fake.fetch);

    reportClientError({ kind: "not_found", message: "same", path: "/a" }, 1_000);
    reportClientError({ kind: "not_found", message: "same", path: "/a" }, 2_000);
    for (let index = 0; index < 20; index += 1) {
      reportClientError({ kind: "error", message: `error ${index}`, path: "/b" }, 3_000 + index);
    }

    await waitFor(() => expect(fake.calls("POST /api/client-errors/")).toHaveLength(10));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.calls("POST /api/client-errors/")).toHaveLength(10);
  });
});
