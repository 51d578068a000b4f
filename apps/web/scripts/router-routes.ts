// The routes of src/app/router.tsx read from its source, for the build's tools: the route budget
// check (check-route-budgets.ts) and the per-route pages (route-pages.ts). Both see the same
// routes, so a route added to the router is covered by both without editing either.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ROUTES } from "@ideaport/shared";

export const WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const ROUTER_FILE = path.join(WEB_ROOT, "src/app/router.tsx");

export interface RouteBranch {
  path: string;
  /** Element component names from the outermost layout to the route's own element. */
  elements: string[];
}

/** A route that renders a screen, with the modules of the lazily loaded screens on its branch. */
export interface ScreenRoute {
  path: string;
  /** The lazy screens' modules (layouts first, the page last), relative to the web app's root. */
  screenModules: string[];
}

/** The lazily loaded screens of the router: component name to its module, relative to the web root. */
function lazyScreens(source: string): Map<string, string> {
  const screens = new Map<string, string>();
  for (const match of source.matchAll(/const (\w+) = lazyNamed\(\s*\(\) => import\("([^"]+)"\)/g)) {
    const [, name, specifier] = match as unknown as [string, string, string];
    const file = path.resolve(path.dirname(ROUTER_FILE), specifier);
    screens.set(name, path.relative(WEB_ROOT, file).split(path.sep).join("/"));
  }
  return screens;
}

function resolveRoutePath(expression: string): string {
  if (expression.startsWith('"')) return expression.slice(1, -1);
  const key = expression.slice("ROUTES.".length) as keyof typeof ROUTES;
  const value = ROUTES[key];
  if (value === undefined) throw new Error(`Unknown route ${expression} in ${ROUTER_FILE}`);
  return value;
}

/** Walks the object literals of `appRoutes`: every leaf route with a path and the elements above it. */
function routeBranches(source: string): RouteBranch[] {
  const start = source.indexOf("export const appRoutes");
  const end = source.indexOf("\n];", start);
  if (start < 0 || end < 0) throw new Error(`appRoutes not found in ${ROUTER_FILE}`);
  const body = source.slice(start, end);
  const stack: Array<{ element?: string; path?: string; isLayout?: boolean }> = [];
  const branches: RouteBranch[] = [];
  for (const token of body.matchAll(/\{|\}|element:\s*<(\w+)|path:\s*(ROUTES\.\w+|"[^"]*")|children:/g)) {
    const [text, element, routePath] = token;
    if (text === "{") stack.push({});
    else if (text === "}") {
      const frame = stack.pop();
      if (frame?.path !== undefined && !frame.isLayout) {
        branches.push({ path: frame.path, elements: [...stack, frame].flatMap((entry) => entry.element ?? []) });
      }
    } else {
      const frame = stack.at(-1);
      if (!frame) continue;
      if (element) frame.element ??= element;
      if (routePath) frame.path = resolveRoutePath(routePath);
      if (text === "children:") frame.isLayout = true;
    }
  }
  return branches;
}

/**
 * Every route of the router that renders a screen of its own (redirects render none), with the
 * lazy screens on its branch.
 */
export function screenRoutes(routerSource = readFileSync(ROUTER_FILE, "utf8")): ScreenRoute[] {
  const screens = lazyScreens(routerSource);
  return routeBranches(routerSource).flatMap((branch) => {
    const own = branch.elements.at(-1);
    if (!own || !screens.has(own)) return [];
    return [{ path: branch.path, screenModules: branch.elements.flatMap((element) => screens.get(element) ?? []) }];
  });
}
