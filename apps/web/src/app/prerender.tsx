// Build-time only (scripts/route-pages.ts loads it through Vite's server-side module loading): the
// first screen of a public page as HTML, rendered from the same tree start-app.tsx renders in the
// browser, so the browser can hydrate it instead of painting it again; a signed-in page's first
// screen (its frame and heading) and the app's loading screen, which the app's own screen replaces;
// and the standalone landing page. Each in
// the language the build is saying texts in (`prerenderIn`): one page per language.
import "../lib/zod-jitless.ts";
import { type Catalogue, isLanguage, SCREEN_TEXTS } from "@ideaport/shared";
import { MantineProvider } from "@mantine/core";
import { StrictMode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { prerenderToNodeStream } from "react-dom/static";
import { StaticRouter } from "react-router";
import { LoadingScreen } from "../components/loading-screen.tsx";
import { cssVariablesResolver, theme } from "../components/theme.ts";
import { LANDING_TEXTS } from "../features/landing/landing.texts.ts";
import { LANDING_LANGUAGE_NAMES } from "../features/landing/landing-languages.ts";
import { LandingPage } from "../features/landing/landing-page.tsx";
import { setLanguage, speakForPrerender, t } from "../lib/i18n.ts";
import { PageSkeleton } from "./page-skeleton.tsx";
import { AppRoutes } from "./router.tsx";
import type { AppRoute } from "./routes.ts";

/** The languages the landing page is prerendered in: the app's and those only the landing page speaks. */
export const LANDING_LANGUAGES: readonly string[] = Object.keys(LANDING_LANGUAGE_NAMES);

/**
 * Says the texts that follow in `tag`: a language of the app with its catalogues, or one only the
 * landing page speaks with `landingCatalogue` (its messages alone; any other text stays English).
 */
export async function prerenderIn(tag: string, landingCatalogue: Catalogue = {}): Promise<void> {
  if (isLanguage(tag)) await setLanguage(tag, { remember: false });
  else speakForPrerender(tag, [landingCatalogue]);
}

/** The page's `<title>` and description, in the current language. */
export function pageHead(): { title: string; description: string } {
  return { title: t(LANDING_TEXTS.pageTitle), description: t(LANDING_TEXTS.pageDescription) };
}

/** The standalone landing page's markup (landing.html), for a visitor with no session. */
export function landingPageMarkup(): string {
  return renderToStaticMarkup(<LandingPage />);
}

/** The screen the app shows first on a signed-in page, while it loads (the router's fallback). */
export function loadingScreenMarkup(): string {
  return renderToStaticMarkup(<LoadingScreen label={t(SCREEN_TEXTS.loadingApplication)} fullScreen />);
}

/**
 * The first screen of a signed-in route: the signed-in frame and the page's heading, with the
 * design system as the app sets it up (app-root.tsx).
 */
export function signedInFirstScreenMarkup(route: AppRoute): string {
  return renderToStaticMarkup(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <PageSkeleton path={route.path} />
    </MantineProvider>,
  );
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
