/// <reference lib="webworker" />
import { describe, expect, it } from "vitest";
import { installPushNotifications, readPushMessage, targetUrlOf } from "./push.ts";

const ORIGIN = "https://ideas.example.com";

interface FakeWindow {
  url: string;
  focused: boolean;
  focus(): Promise<FakeWindow>;
}

/**
 * The service worker's global scope as far as the handlers reach it: events are dispatched as the
 * browser would (with `waitUntil` collecting the work), notifications and windows are recorded.
 */
function fakeWorker(openUrls: string[] = []) {
  const listeners = new Map<string, (event: unknown) => void>();
  const shown: Array<{ title: string; options: NotificationOptions }> = [];
  const opened: string[] = [];
  const windows: FakeWindow[] = openUrls.map(
    (url): FakeWindow => ({
      url,
      focused: false,
      focus() {
        this.focused = true;
        return Promise.resolve(this);
      },
    }),
  );
  const worker = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    registration: {
      showNotification: (title: string, options: NotificationOptions) => {
        shown.push({ title, options });
        return Promise.resolve();
      },
    },
    clients: {
      matchAll: () => Promise.resolve(windows),
      openWindow: (url: string) => {
        opened.push(url);
        return Promise.resolve(null);
      },
    },
  };
  installPushNotifications(worker as unknown as ServiceWorkerGlobalScope);
  async function dispatch(type: string, event: Record<string, unknown>) {
    const work: Promise<unknown>[] = [];
    listeners.get(type)?.({ ...event, waitUntil: (promise: Promise<unknown>) => work.push(promise) });
    await Promise.all(work);
  }
  return { dispatch, shown, opened, windows };
}

const data = (value: unknown) => ({ json: () => value });

describe("the service worker's push handlers", () => {
  it("shows the sentence under the app's name, with the object's address and the notification's tag", async () => {
    const worker = fakeWorker();
    await worker.dispatch("push", {
      data: data({ body: 'Mona approved your idea "Solar roof".', url: "/app/employee-ideas?idea=1", tag: "n-1" }),
    });
    expect(worker.shown).toEqual([
      {
        title: "Ideaport",
        options: {
          body: 'Mona approved your idea "Solar roof".',
          icon: "/icons/icon-192.png",
          badge: "/icons/icon-192.png",
          tag: "n-1",
          data: { url: `${ORIGIN}/app/employee-ideas?idea=1` },
        },
      },
    ]);
  });

  it("still shows a notification for an unreadable message, leading to the app", async () => {
    const worker = fakeWorker();
    await worker.dispatch("push", {
      data: {
        json: () => {
          throw new SyntaxError("not JSON");
        },
      },
    });
    expect(worker.shown.map(({ title, options }) => [title, options.body, options.data])).toEqual([
      ["Ideaport", "", { url: `${ORIGIN}/app` }],
    ]);
  });

  it("focuses the tab already on the object's page when tapped", async () => {
    const target = `${ORIGIN}/app/employee-ideas?idea=1`;
    const worker = fakeWorker([`${ORIGIN}/app/settings/profile`, target]);
    let closed = false;
    await worker.dispatch("notificationclick", {
      notification: { data: { url: target }, close: () => (closed = true) },
    });
    expect(closed).toBe(true);
    expect(worker.windows.map((window) => window.focused)).toEqual([false, true]);
    expect(worker.opened).toEqual([]);
  });

  it("opens the object's page when no tab shows it, leaving other tabs of the app at their work", async () => {
    const worker = fakeWorker([`${ORIGIN}/app/settings/profile`]);
    await worker.dispatch("notificationclick", {
      notification: { data: { url: `${ORIGIN}/app/employee-ideas?idea=2` }, close: () => undefined },
    });
    expect(worker.opened).toEqual([`${ORIGIN}/app/employee-ideas?idea=2`]);
    expect(worker.windows[0]?.focused).toBe(false);
  });

  it("never leads off the app's origin", () => {
    expect(targetUrlOf("https://evil.example/phish", ORIGIN)).toBe(`${ORIGIN}/app`);
    expect(targetUrlOf("//evil.example/phish", ORIGIN)).toBe(`${ORIGIN}/app`);
    expect(targetUrlOf(42, ORIGIN)).toBe(`${ORIGIN}/app`);
    expect(targetUrlOf("/app/company-portal?reward=3", ORIGIN)).toBe(`${ORIGIN}/app/company-portal?reward=3`);
    expect(readPushMessage(data({ body: 1, url: "/app" }))).toBeNull();
    expect(readPushMessage(null)).toBeNull();
  });
});
