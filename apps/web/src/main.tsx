// The entry of index.html and of the route pages (scripts/route-pages.ts). It imports the app on
// demand: zod must be configured before any schema exists (start-app.tsx and the screens create
// them), so zod-jitless.ts loads first.
const container = document.getElementById("root");
if (!container) throw new Error("The page has no #root element.");
const root = container;

function start(): void {
  // A route page lists the app's modules on #root: preloaded now, they load in one round.
  for (const href of root.dataset.modules?.split(" ").filter(Boolean) ?? []) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "";
    link.href = href;
    document.head.append(link);
  }
  void import("./lib/zod-jitless.ts").then(() => import("./app/start-app.tsx")).then(({ startApp }) => startApp(root));
}

/** How often, and how many times, a submission sent before the app took over is tried again. */
const HELD_SUBMISSION_RETRY_MS = 100;
const HELD_SUBMISSION_TRIES = 100;

/**
 * Until the app has adopted a prerendered page, the browser would send a form itself: a GET with
 * every field (a password too) in the address. Every form of the app is sent by the app, which
 * cancels the browser's own submission; one nobody cancelled is held and tried again until the app
 * takes it (for at most ten seconds). The first one the app takes ends this.
 */
function holdSubmissionsUntilTheAppRuns(): void {
  let tries = 0;
  const hold = (event: SubmitEvent) => {
    if (event.defaultPrevented) {
      window.removeEventListener("submit", hold);
      return;
    }
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const submitter = event.submitter;
    if (++tries <= HELD_SUBMISSION_TRIES) {
      setTimeout(() => {
        if (form.isConnected) form.requestSubmit(submitter?.isConnected ? submitter : null);
      }, HELD_SUBMISSION_RETRY_MS);
    }
  };
  window.addEventListener("submit", hold);
}

// A route page (scripts/route-pages.ts) is painted from its HTML: its scripts are fetched once that
// first paint is done (the frame after the next one; at once in a hidden tab, which paints none).
if (root.hasAttribute("data-prerendered")) holdSubmissionsUntilTheAppRuns();
const isPaintedFromHtml = root.hasAttribute("data-prerendered") || root.hasAttribute("data-placeholder");
if (isPaintedFromHtml && document.visibilityState === "visible") {
  requestAnimationFrame(() => setTimeout(start, 0));
} else {
  start();
}
