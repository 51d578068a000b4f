// Build-time only (scripts/route-pages.ts loads it through Vite's server-side module loading): the
// first screen of a public page as HTML, rendered from the same tree start-app.tsx renders in the
// browser, so the browser can hydrate it instead of painting it again.
import "../lib/zod-jitless.ts";
import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { StaticRouter } from "react-router";
import { AppRoutes } from "./router.tsx";

/** The markup of `location` for a signed-out visitor, with every lazily loaded screen on it resolved. */
export async function prerenderRoute(location: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={location}>
        <AppRoutes />
      </StaticRouter>
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString("utf8");
}
