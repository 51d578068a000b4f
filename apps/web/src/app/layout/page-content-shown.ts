import { startTransition, useEffect, useState } from "react";
import { lazyScreen, SCREEN_MODULES } from "../router.tsx";
import { APP_ROUTES } from "../routes.ts";

/** How often the page is looked at while it loads. */
const CHECK_EVERY_MS = 100;
/** What the signed-in shell's extras wait for the page at most, whatever it shows. */
const WAIT_AT_MOST_MS = 10_000;
/** A loading line or screen in the page (components/loading-state.tsx, loading-screen.tsx). */
const LOADING_IN_PAGE = "#main-content [data-loading]";

let isShown = false;
let shown: Promise<void> | null = null;

function hasPageContent(): boolean {
  return (
    document.readyState === "complete" &&
    document.getElementById("main-content") !== null &&
    document.querySelector(LOADING_IN_PAGE) === null
  );
}

/**
 * Resolves once the first signed-in page's content has painted: the document has loaded, the page
 * shows no loading line or screen, and a frame has been painted since (after ten seconds whatever
 * shows). The shell's extras (the notifications bell with its list and event stream, the tours,
 * fetching the other pages' code) wait for it, so the page's own code, data and rendering have the
 * network and the processor to themselves until then. Once per document: later pages do not wait.
 */
export function whenPageContentShown(): Promise<void> {
  shown ??= new Promise((resolve) => {
    const startedAt = Date.now();
    const done = () => {
      isShown = true;
      resolve();
    };
    const check = () => {
      if (!hasPageContent() && Date.now() - startedAt < WAIT_AT_MOST_MS) {
        setTimeout(check, CHECK_EVERY_MS);
        return;
      }
      // A hidden tab paints no frame: nothing to wait for there.
      const isPainting = document.visibilityState === "visible" && typeof requestAnimationFrame === "function";
      if (isPainting) requestAnimationFrame(() => setTimeout(done, 0));
      else done();
    };
    check();
  });
  return shown;
}

/**
 * False until the first signed-in page's content has painted (whenPageContentShown), then true. The
 * change is a transition: what it brings in renders in slices the browser can interrupt, and a lazily
 * loaded part keeps its look-alike on screen until its code is there.
 */
export function usePageContentShown(): boolean {
  const [isPageShown, setPageShown] = useState(isShown);
  useEffect(() => {
    if (isPageShown) return;
    let isCurrent = true;
    void whenPageContentShown().then(() => {
      if (isCurrent) startTransition(() => setPageShown(true));
    });
    return () => {
      isCurrent = false;
    };
  }, [isPageShown]);
  return isPageShown;
}

/**
 * Fetches the code of every signed-in page, one per idle period, so that moving between pages
 * does not wait for the network. The signed-in shell calls it once its first page has shown its
 * content; browsers without idle callbacks (and jsdom) load each page when it is opened, as before.
 * Returns a function that stops what has not started yet. (Here rather than in the router, so the
 * pages outside /app carry none of it.)
 */
export function prefetchAppScreensWhenIdle(): () => void {
  if (typeof window.requestIdleCallback !== "function") return () => {};
  // The signed-in pages, in the table's order.
  const pending = [
    ...new Set(
      APP_ROUTES.filter((route) => route.access !== "public").map((route) => lazyScreen(SCREEN_MODULES, route.screen)),
    ),
  ];
  let cancelled = false;
  let handle = 0;
  const next = () => {
    const screen = pending.shift();
    if (cancelled || !screen) return;
    void screen
      .preload()
      .catch(() => undefined)
      .then(() => {
        if (!cancelled) handle = window.requestIdleCallback(next, { timeout: 10_000 });
      });
  };
  handle = window.requestIdleCallback(next, { timeout: 10_000 });
  return () => {
    cancelled = true;
    window.cancelIdleCallback(handle);
  };
}
