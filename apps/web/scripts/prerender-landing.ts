import path from "node:path";
import react from "@vitejs/plugin-react";
import { createServer, type Plugin, type ViteDevServer } from "vite";

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
 * Renders the landing page into landing.html (at `<!--landing-page-->`), at build time and in the
 * dev server, so "/" shows its content before any script runs and needs no React to do so.
 */
export function prerenderLanding(): Plugin {
  let devServer: ViteDevServer | undefined;
  let root = process.cwd();
  return {
    name: "ideaport:prerender-landing",
    configResolved(config) {
      root = config.root;
    },
    configureServer(server) {
      devServer = server;
    },
    async transformIndexHtml(html, context) {
      if (!html.includes(PLACEHOLDER) || path.basename(context.filename) !== "landing.html") return html;
      if (devServer) return html.replace(PLACEHOLDER, await renderLandingPage(devServer));
      // A build has no dev server: start a small one for server-side module loading only.
      const server = await createServer({
        root,
        configFile: false,
        logLevel: "error",
        appType: "custom",
        plugins: [react()],
        server: { middlewareMode: true, hmr: false, ws: false },
      });
      try {
        return html.replace(PLACEHOLDER, await renderLandingPage(server));
      } finally {
        await server.close();
      }
    },
  };
}
