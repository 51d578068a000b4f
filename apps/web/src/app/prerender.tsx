// Build-time only (scripts/route-pages.ts loads it through Vite's server-side module loading): the
// first screen of a public page as HTML, rendered from the same tree start-app.tsx renders in the
// browser, so the browser can hydrate it instead of painting it again; and the app's loading screen,
// which a signed-in page shows until the app replaces it.
import "../lib/zod-jitless.ts";
import { SCREEN_TEXTS } from "@ideaport/shared";
import { StrictMode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { prerenderToNodeStream } from "react-dom/static";
import { StaticRouter } from "react-router";
import { LoadingScreen } from "../components/loading-screen.tsx";
import { t } from "../lib/i18n.ts";
import { AppRoutes } from "./router.tsx";
import type { AppRoute } from "./routes.ts";

/** The screen the app shows first on a signed-in page, while it loads (the router's fallback). */
export function loadingScreenMarkup(): string {
  return renderToStaticMarkup(<LoadingScreen label={t(SCREEN_TEXTS.loadingApplication)} fullScreen />);
}

/**
 * The markup of a route the table prerenders (`prerender`), as a signed-out visitor sees it, with every lazily
 * loaded screen on it resolved. A path parameter (a link's token) gets a sample value.
 */
export async function prerenderRoute(route: AppRoute): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={route.path.replace(/:(\w+)/g, "prerendered-$1")}>
        <AppRoutes />
      </StaticRouter>
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString("utf8");
}
