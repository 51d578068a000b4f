import type { Page, Request } from "@playwright/test";

const inFlightRequests = new WeakMap<Page, Set<Request>>();

/**
 * Starts (once per page) keeping the page's requests in flight, but the notification stream, which
 * stays open as long as the page (so Playwright's "networkidle" never comes on a signed-in page).
 */
export function watchRequests(page: Page): Set<Request> {
  let inFlight = inFlightRequests.get(page);
  if (!inFlight) {
    const requests = new Set<Request>();
    const isStream = (request: Request) => request.url().includes("/api/notifications/stream/");
    page.on("request", (request) => {
      if (!isStream(request)) requests.add(request);
    });
    page.on("requestfinished", (request) => requests.delete(request));
    page.on("requestfailed", (request) => requests.delete(request));
    inFlightRequests.set(page, requests);
    inFlight = requests;
  }
  return inFlight;
}

/** Waits until no request but the notification stream has been in flight for 500 ms (at most 20 s), as "networkidle" does. */
export async function waitForQuietNetwork(page: Page): Promise<void> {
  const inFlight = watchRequests(page);
  const started = Date.now();
  let quietSince = started;
  while (Date.now() - quietSince < 500 && Date.now() - started < 20_000) {
    if (inFlight.size > 0) quietSince = Date.now();
    await page.waitForTimeout(50);
  }
}

/** Scrolls to the page's foot, where parts render only once scrolled near, and waits for what they ask. */
export async function scrollToFoot(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await waitForQuietNetwork(page);
}
