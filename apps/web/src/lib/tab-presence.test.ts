import { STORAGE_KEYS } from "@ideaport/shared";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type KeyValueStore, startTabPresence } from "./tab-presence.ts";

/** One browser tab's sessionStorage. */
function tabStorage(initial: Record<string, string> = {}): KeyValueStore & { values: Map<string, string> } {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => {
      values.set(key, value);
    },
  };
}

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

function openTab(options: { storage: ReturnType<typeof tabStorage>; startedAt: number; instance: string }) {
  const onConflict = vi.fn();
  let ids = 0;
  const stop = startTabPresence({
    onConflict,
    tabStorage: options.storage,
    sharedStorage: window.localStorage,
    now: () => options.startedAt,
    createId: () => `${options.instance}-${++ids}`,
  });
  stops.push(stop);
  return { onConflict, stop };
}

/** BroadcastChannel delivers asynchronously; two rounds of messages settle well within this. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe("tab presence", () => {
  it("lets the first tab keep working and sends the second away", async () => {
    const first = openTab({ storage: tabStorage(), startedAt: 1_000, instance: "a" });
    await settle();
    const second = openTab({ storage: tabStorage(), startedAt: 2_000, instance: "b" });
    await settle();

    expect(first.onConflict).not.toHaveBeenCalled();
    expect(second.onConflict).toHaveBeenCalledOnce();
  });

  it("leaves exactly one tab when two open at the same moment", async () => {
    const first = openTab({ storage: tabStorage(), startedAt: 5_000, instance: "a" });
    const second = openTab({ storage: tabStorage(), startedAt: 5_000, instance: "b" });
    await settle();

    expect(first.onConflict.mock.calls.length + second.onConflict.mock.calls.length).toBe(1);
  });

  it("keeps the same tab id and does not misfire when the tab reloads", async () => {
    const storage = tabStorage({ [STORAGE_KEYS.tabId]: "tab-1" });
    const beforeReload = openTab({ storage, startedAt: 1_000, instance: "a" });
    beforeReload.stop();
    const afterReload = openTab({ storage, startedAt: 2_000, instance: "b" });
    await settle();

    expect(afterReload.onConflict).not.toHaveBeenCalled();
    expect(storage.getItem(STORAGE_KEYS.tabId)).toBe("tab-1");
  });

  it("tells a duplicated tab (same tab id) apart and gives it a new id", async () => {
    const original = tabStorage({ [STORAGE_KEYS.tabId]: "tab-1" });
    const duplicate = tabStorage({ [STORAGE_KEYS.tabId]: "tab-1" });
    const first = openTab({ storage: original, startedAt: 1_000, instance: "a" });
    await settle();
    const second = openTab({ storage: duplicate, startedAt: 2_000, instance: "b" });
    await settle();

    expect(first.onConflict).not.toHaveBeenCalled();
    expect(second.onConflict).toHaveBeenCalledOnce();
    expect(duplicate.getItem(STORAGE_KEYS.tabId)).not.toBe("tab-1");
  });

  it("lets a tab continue once the other tab has closed", async () => {
    const first = openTab({ storage: tabStorage(), startedAt: 1_000, instance: "a" });
    first.stop();
    const second = openTab({ storage: tabStorage(), startedAt: 2_000, instance: "b" });
    await settle();

    expect(second.onConflict).not.toHaveBeenCalled();
  });

  it("shares one session id between tabs in localStorage", () => {
    openTab({ storage: tabStorage(), startedAt: 1_000, instance: "a" });
    const sessionId = window.localStorage.getItem(STORAGE_KEYS.sessionId);
    openTab({ storage: tabStorage(), startedAt: 2_000, instance: "b" });

    expect(sessionId).toBeTruthy();
    expect(window.localStorage.getItem(STORAGE_KEYS.sessionId)).toBe(sessionId);
  });

  it("does nothing where BroadcastChannel is missing", () => {
    const onConflict = vi.fn();
    const stop = startTabPresence({ onConflict, createChannel: () => null });

    expect(() => stop()).not.toThrow();
    expect(onConflict).not.toHaveBeenCalled();
  });
});
