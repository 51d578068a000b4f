/// <reference lib="webworker" />

import type { PrecacheEntry } from "workbox-precaching";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { NetworkFirst } from "workbox-strategies";

/** The cache of the app's pages (the route pages the server sends for /app paths), by address. */
export const PAGES_CACHE = "ideaport-pages";
/** How long a page request waits for the network before the kept copy answers. */
const PAGE_NETWORK_TIMEOUT_SECONDS = 3;
/** The page every client route can start from (the app's router takes over from it). */
const APP_SHELL = "index.html";

/** True for the signed-in app's pages: navigations to /app and below. */
export function isAppPage(url: URL): boolean {
  return url.pathname === "/app" || url.pathname.startsWith("/app/");
}

/**
 * The app shell: every file of the build (the entry, the vendor and route chunks, the styles,
 * index.html, the icons) is precached at install, so a repeat visit loads none of them over the
 * network. An /app page is asked of the network first (it names the version's files and the
 * person's language) and kept; without network the kept copy of that address answers, else
 * index.html, from which the router starts on any route. API requests are not handled: the
 * worker never keeps an API answer. A new version's activation drops the pages kept by the old
 * one, which named the old files.
 */
export function installAppShell(worker: ServiceWorkerGlobalScope, manifest: Array<PrecacheEntry | string>): void {
  precacheAndRoute(manifest);
  cleanupOutdatedCaches();
  const pages = new NetworkFirst({ cacheName: PAGES_CACHE, networkTimeoutSeconds: PAGE_NETWORK_TIMEOUT_SECONDS });
  registerRoute(
    ({ request, url }) => request.mode === "navigate" && url.origin === worker.location.origin && isAppPage(url),
    async (options) => {
      try {
        return await pages.handle(options);
      } catch {
        return (await matchPrecache(APP_SHELL)) ?? Response.error();
      }
    },
  );
  worker.addEventListener("activate", (event) => {
    event.waitUntil(caches.delete(PAGES_CACHE).then(() => undefined));
  });
}
