// The first screen a route page carries in its HTML (scripts/route-pages.ts) while the app is not
// yet running: on a signed-in page the frame and the page's heading, painted before any script.
// React does not adopt that markup (the signed-in screen depends on who is looking), so the app
// renders beneath it, and the first screen stays on top until the route's own screen (or an error
// screen) has been shown: the person sees the heading, then the page, and never the loading
// screens in between.

/** The element holding the HTML's first screen above the running app, while it is held. */
let held: HTMLElement | null = null;
let releaseTimer: ReturnType<typeof setTimeout> | undefined;

/** However the app fares, the first screen gives way after this long, showing what the app shows. */
export const FIRST_SCREEN_HOLD_LIMIT_MS = 15_000;

/**
 * Moves the markup `container` was prerendered with into a layer above it, which covers the
 * viewport until `releaseFirstScreen`; the container is then empty for the app to render into.
 */
export function holdFirstScreen(container: HTMLElement): void {
  if (held || container.childNodes.length === 0) return;
  const layer = document.createElement("div");
  layer.className = "ip-first-screen";
  // A picture of what is coming: the app's own screen below says it to assistive technology.
  layer.setAttribute("aria-hidden", "true");
  layer.append(...container.childNodes);
  container.before(layer);
  held = layer;
  releaseTimer = setTimeout(releaseFirstScreen, FIRST_SCREEN_HOLD_LIMIT_MS);
}

/** Takes the held first screen away (once the route's screen is shown); nothing when none is held. */
export function releaseFirstScreen(): void {
  clearTimeout(releaseTimer);
  held?.remove();
  held = null;
}

/** True while a first screen covers the app. */
export function isFirstScreenHeld(): boolean {
  return held !== null;
}
