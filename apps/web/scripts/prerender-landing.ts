import path from "node:path";
import type { Plugin, ViteDevServer } from "vite";

/** Where landing.html receives the landing page's markup. */
const PLACEHOLDER = "<!--landing-page-->";

async function renderLandingPage(server: ViteDevServer): Promise<string> {
  // Node's own React: the page's modules import it as an external dependency, so it is one copy.
  const { createElement } = await import("react");
  const { renderToStaticMarkup } = await import("react-dom/server");
  const { LandingPage } = (await server.ssrLoadModule(
    "/src/features/landing/landing-page.tsx",
  )) as typeof import("../src/features/landing/landing-page.tsx");
  return renderToStaticMarkup(createElement(LandingPage));
}

/**
 * Renders the landing page into landing.html (at `<!--landing-page-->`) in the dev server, so "/"
 * shows its content before any script runs and needs no React to do so. A build leaves the
 * placeholder: scripts/route-pages.ts writes the page in each of its languages from the built file.
 */
export function prerenderLanding(): Plugin {
  let devServer: ViteDevServer | undefined;
  return {
    name: "ideaport:prerender-landing",
    configureServer(server) {
      devServer = server;
    },
    async transformIndexHtml(html, context) {
      if (!devServer || !html.includes(PLACEHOLDER) || path.basename(context.filename) !== "landing.html") return html;
      return html.replace(PLACEHOLDER, await renderLandingPage(devServer));
    },
  };
}
