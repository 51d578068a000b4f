/// <reference lib="webworker" />
// The service worker (built by vite-plugin-pwa's injectManifest strategy into /sw.js). It holds
// the app's own files only, never an API answer: what a person last saw is kept by the page, per
// person, in IndexedDB (lib/offline-cache.ts), and signing out deletes it. Each concern is a module
// of this folder that installs its own handlers; this file puts them together.
import { clientsClaim } from "workbox-core";
import { installAppShell } from "./app-shell.ts";
import { installPushNotifications } from "./push.ts";
import { installUpdateOnRequest } from "./update.ts";

declare const self: ServiceWorkerGlobalScope;

installUpdateOnRequest(self);
installAppShell(self, self.__WB_MANIFEST);
installPushNotifications(self);
clientsClaim();
