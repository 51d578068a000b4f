// The first screen of a signed-in page: its HTML (scripts/route-pages.ts) carries the signed-in
// frame and the page's heading in a layer after #root, painted above it before any script runs.
// React does not adopt that markup (the signed-in screen depends on who is looking): the app
// renders in #root beneath it, whose loading screen is what assistive technology hears meanwhile
// (the layer is aria-hidden). The layer gives way by its style alone (components/status-screens.css):
// once #root shows no loading screen, whether the page, /login or an error screen, and after
// 15 s whatever shows. The person sees the heading, then the page, and never
// the loading screens in between.

/** The class of the layer holding the first screen. */
export const FIRST_SCREEN_CLASS = "ip-first-screen";
