import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { AppError } from "@ideaport/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { pageLanguage, readerTranslator } from "../lib/i18n.ts";

/** The folder of the build's route pages; `index.json` in it lists them. */
const ROUTE_PAGES_DIR = "routes";

interface RoutePage {
  /** The route's path segments; a `:name` segment matches any one segment. */
  pattern: string[];
  /** The page's file in each language it was built in, relative to the build's folder. */
  pages: Readonly<Record<string, string>>;
}

function segmentsOf(pathname: string): string[] {
  return pathname.split("/").filter(Boolean);
}

function matchesRoute(pattern: readonly string[], pathname: string): boolean {
  const segments = segmentsOf(pathname);
  return (
    segments.length === pattern.length &&
    pattern.every((part, index) => part.startsWith(":") || part === segments[index])
  );
}

/** The build's route pages, or none when the build has not written them. */
function readRoutePages(webDistDir: string): RoutePage[] {
  const indexFile = path.join(webDistDir, ROUTE_PAGES_DIR, "index.json");
  if (!existsSync(indexFile)) return [];
  const pages = JSON.parse(readFileSync(indexFile, "utf8")) as Array<{ path: string; pages: Record<string, string> }>;
  return pages.map((page) => ({ pattern: segmentsOf(page.path), pages: page.pages }));
}

/**
 * The page a request gets: the route's page in the reader's language (`pageLanguage`: the web's
 * language cookie, else Accept-Language), else landing.html for "/", else index.html.
 */
function pageFor(
  request: FastifyRequest,
  reply: FastifyReply,
  routePages: readonly RoutePage[],
  hasLandingPage: boolean,
): string {
  const pathname = request.url.split("?")[0] ?? "/";
  const route = routePages.find((candidate) => matchesRoute(candidate.pattern, pathname));
  if (!route) return pathname === "/" && hasLandingPage ? "landing.html" : "index.html";
  const languages = Object.keys(route.pages);
  const language = pageLanguage(request, languages);
  // The same address answers in another language to another cookie or Accept-Language: caches must know.
  if (languages.length > 1) reply.header("Vary", "Accept-Language, Cookie");
  reply.header("Content-Language", language);
  return route.pages[language] as string;
}

/**
 * Serves the built web app. A client route with pages of its own in the build (`routes/index.json`:
 * "/" the landing page prerendered without the app's code, the others index.html that also
 * preloads the route's code and shows its first screen) gets its page in the reader's language;
 * other client routes fall back to index.html; unknown /api paths are a JSON 404. Hashed assets are cached for a year, pages
 * never. Text files are sent as the brotli or gzip copies the build wrote beside them (`.br`,
 * `.gz`) when the browser accepts one.
 */
export const webApp = fp(
  async (app: FastifyInstance, options: { webDistDir: string }) => {
    const indexFile = path.join(options.webDistDir, "index.html");
    const isBuilt = existsSync(indexFile);
    const hasLandingPage = existsSync(path.join(options.webDistDir, "landing.html"));
    const routePages = readRoutePages(options.webDistDir);
    if (isBuilt) {
      const setHeaders = (response: { header(name: string, value: string): unknown }, filePath: string) => {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        response.header("Cache-Control", isHashedAsset ? "public, max-age=31536000, immutable" : "no-cache");
      };
      // A route per file at the top of the build (the pages, the icons); none for the compressed
      // copies, which preCompressed finds on disk.
      await app.register(fastifyStatic, {
        root: options.webDistDir,
        wildcard: false,
        index: false,
        preCompressed: true,
        globIgnore: ["**/*.br", "**/*.gz", "assets/**", `${ROUTE_PAGES_DIR}/**`],
        setHeaders,
      });
      // The hashed assets under one route: a route for each of their hundreds of files cost every
      // start about a tenth of a second.
      const assetsDir = path.join(options.webDistDir, "assets");
      if (existsSync(assetsDir)) {
        await app.register(fastifyStatic, {
          root: assetsDir,
          prefix: "/assets/",
          wildcard: true,
          index: false,
          preCompressed: true,
          decorateReply: false,
          setHeaders,
        });
      }
    } else {
      app.log.warn(`The web app is not built (${indexFile} is missing): run "npm run build".`);
    }

    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split("?")[0] ?? "/";
      if (pathname === "/api" || pathname.startsWith("/api/")) {
        const error = new AppError("request.not_found");
        return reply.status(404).send(error.toBody(readerTranslator(request)));
      }
      const wantsPage = (request.method === "GET" || request.method === "HEAD") && !path.extname(pathname);
      if (wantsPage && isBuilt) {
        const page = pageFor(request, reply, routePages, hasLandingPage);
        return reply.header("Cache-Control", "no-cache").type("text/html").sendFile(page);
      }
      if (wantsPage) {
        return reply
          .status(503)
          .type("text/plain")
          .send('The Ideaport web app has not been built yet. Run "npm run build", then reload.');
      }
      return reply.status(404).type("text/plain").send("Not found");
    });
  },
  { name: "web-app" },
);
