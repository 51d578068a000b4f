import { STORAGE_KEYS } from "@ideaport/shared";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startTabPresence } from "../lib/tab-presence.ts";
import { buildUser } from "../test/factories.ts";
import { createFakeApi } from "../test/fake-api.ts";
import { renderApp, signInAs } from "../test/render-app.tsx";

const employee = buildUser({ id: "employee-1" });
const stops: (() => void)[] = [];

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

/** Another browser tab with the app open: its own sessionStorage, the shared localStorage. */
function openOtherTab() {
  const values = new Map<string, string>();
  const onConflict = vi.fn();
  stops.push(
    startTabPresence({
      onConflict,
      tabStorage: { getItem: (key) => values.get(key) ?? null, setItem: (key, value) => values.set(key, value) },
      sharedStorage: window.localStorage,
      now: () => Date.now() - 60_000,
    }),
  );
  return { onConflict };
}

describe("multiple tabs guard", () => {
  it("alerts a second tab and sends it to /multiple-tabs-error while the first keeps working", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    const otherTab = openOtherTab();
    const fake = createFakeApi();
    signInAs(employee, fake);

    const { router } = renderApp("/app/employee-ideas", fake);

    await waitFor(() => expect(router.state.location.pathname).toBe("/multiple-tabs-error"));
    expect(alert).toHaveBeenCalledWith(
      "This application is already open in another tab. Please use that tab to continue.",
    );
    expect(await screen.findByRole("link", { name: "Use this tab instead" })).toHaveAttribute("href", "/app");
    expect(otherTab.onConflict).not.toHaveBeenCalled();
  });

  it("does not misfire when the only tab reloads", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    window.sessionStorage.setItem(STORAGE_KEYS.tabId, "tab-1");
    const fake = createFakeApi();
    signInAs(employee, fake);

    const { router } = renderApp("/app/employee-ideas", fake);
    await screen.findByRole("heading", { level: 1, name: "Employee Ideas" });
    await new Promise((resolve) => setTimeout(resolve, 100));

    expect(alert).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe("/app/employee-ideas");
    expect(window.sessionStorage.getItem(STORAGE_KEYS.tabId)).toBe("tab-1");
  });

  it("leaves the landing page out of it", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    openOtherTab();

    const { router } = renderApp("/", createFakeApi());
    await screen.findByRole("heading", { level: 1, name: "Turn everyday ideas into action." });
    await new Promise((resolve) => setTimeout(resolve, 100));

    expect(alert).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe("/");
  });
});
