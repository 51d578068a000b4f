import { ROUTES, SCREEN_TEXTS } from "@ideaport/shared";
import { type ComponentType, lazy, Suspense } from "react";
import { Navigate, Outlet, type RouteObject, useRoutes } from "react-router";
import { LoadingScreen } from "../components/loading-screen.tsx";
import { RouteErrorBoundary, RouterErrorBoundary } from "../components/route-error-boundary.tsx";
import { t } from "../lib/i18n.ts";
import { APP_ROUTES, type AppRoute, LAYOUTS, LEGACY_REDIRECTS, type Screen, screensOf } from "./routes.ts";

type ScreenModules = Record<string, () => Promise<Record<string, unknown>>>;

/**
 * The modules of the route table's layouts and signed-in screens (routes.ts), keyed by their path
 * relative to src/ with "./" before it; the public screens' are in public-screen.tsx. Each is loaded
 * on demand, so the build puts every one in a chunk of its own: the list names the table's modules
 * and no other, since any module listed becomes a chunk.
 */
const SCREEN_MODULES: ScreenModules = import.meta.glob<Record<string, unknown>>(
  [
    "./app/app-root.tsx",
    "./app/app-shell-route.tsx",
    "./app/public-screen.tsx",
    "./features/ideas/employee-ideas-page.tsx",
    "./features/ideas/manager-ideas-page.tsx",
    "./features/company-portal/employee-company-page.tsx",
    "./features/company-portal/manager-company-page.tsx",
    "./app/screens/settings-page.tsx",
  ],
  { base: "../" },
);

type LazyScreen<Props> = ComponentType<Props> & { preload: () => Promise<unknown> };

const lazyScreens = new Map<string, LazyScreen<never>>();

/**
 * A screen of the table, loaded from `modules`, as a lazily loaded component whose `preload`
 * fetches it ahead of use; one component per screen, so routes that show the same screen (the
 * settings pages) keep it mounted.
 */
export function lazyScreen<Props extends object = object>(
  modules: ScreenModules,
  { module, name }: Screen,
): LazyScreen<Props> {
  const key = `${module}#${name}`;
  const known = lazyScreens.get(key);
  if (known) return known as LazyScreen<Props>;
  const load = modules[`./${module}`] as () => Promise<Record<string, unknown>>;
  const component = Object.assign(
    lazy(async () => ({ default: (await load())[name] as ComponentType<Props> })),
    {
      preload: load,
    },
  );
  lazyScreens.set(key, component as LazyScreen<never>);
  return component;
}

const AppRoot = lazyScreen(SCREEN_MODULES, LAYOUTS.appRoot);
const AppShellRoute = lazyScreen(SCREEN_MODULES, LAYOUTS.appShell);
const PublicScreen = lazyScreen<{ screen: Screen }>(SCREEN_MODULES, LAYOUTS.publicScreen);

/** The signed-in pages, in the table's order, which is the order they are fetched ahead while the browser is idle. */
const APP_SCREENS = [
  ...new Set(
    APP_ROUTES.filter((route) => route.access !== "public").map((route) => lazyScreen(SCREEN_MODULES, route.screen)),
  ),
];

/**
 * Fetches the code of every signed-in page, one per idle period, so that moving between pages
 * does not wait for the network. The signed-in shell calls it once it has shown the current page;
 * browsers without idle callbacks (and jsdom) load each page when it is opened, as before.
 * Returns a function that stops what has not started yet.
 */
export function prefetchAppScreensWhenIdle(): () => void {
  if (typeof window.requestIdleCallback !== "function") return () => {};
  const pending = [...APP_SCREENS];
  let cancelled = false;
  let handle = 0;
  const next = () => {
    const screen = pending.shift();
    if (cancelled || !screen) return;
    void screen
      .preload()
      .catch(() => undefined)
      .then(() => {
        if (!cancelled) handle = window.requestIdleCallback(next, { timeout: 10_000 });
      });
  };
  handle = window.requestIdleCallback(next, { timeout: 10_000 });
  return () => {
    cancelled = true;
    window.cancelIdleCallback(handle);
  };
}

/** The outermost layout: a last-resort error section and the 'Loading application...' fallback. */
function RootLayout() {
  return (
    <RouteErrorBoundary section="root">
      <Suspense fallback={<LoadingScreen label={t(SCREEN_TEXTS.loadingApplication)} fullScreen />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}

/** The layout route a table route sits in: the signed-in shell, the app root, or neither. */
function layoutOf(route: AppRoute): Screen | undefined {
  const screens = screensOf(route);
  return [LAYOUTS.appShell, LAYOUTS.appRoot].find((layout) => screens.includes(layout));
}

/** The table's routes inside `layout` (none: outside the app root), each with its screen. */
function routesInside(layout: Screen | undefined): RouteObject[] {
  return APP_ROUTES.filter((route) => layoutOf(route) === layout).map((route) => {
    if (route.access === "public") return { path: route.path, element: <PublicScreen screen={route.screen} /> };
    const RouteScreen = lazyScreen(SCREEN_MODULES, route.screen);
    return { path: route.path, element: <RouteScreen /> };
  });
}

/**
 * Every route of the app, from the route table. The landing page and the legacy redirects sit
 * outside `AppRoot`, so reaching `/` inside the app loads neither the design system nor the
 * session. A visit that starts at `/` gets `landing.html` instead, which loads the landing page
 * without this router.
 */
export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      ...routesInside(undefined),
      ...LEGACY_REDIRECTS.map(({ path, to }) => ({ path, element: <Navigate to={to} replace /> })),
      {
        element: <AppRoot />,
        children: [
          ...routesInside(LAYOUTS.appRoot),
          {
            path: ROUTES.app,
            element: <AppShellRoute />,
            children: [
              // The guard sends /app on by role first; this only states the spec's rule.
              { index: true, element: <Navigate to={ROUTES.employeeIdeas} replace /> },
              ...routesInside(LAYOUTS.appShell),
              // Any other /app path goes to the user's own area: /app/manager-ideas or /app/employee-ideas.
              { path: "*", element: <Navigate to={ROUTES.app} replace /> },
            ],
          },
        ],
      },
    ],
  },
];

/**
 * The app's routes, rendered inside a router (`BrowserRouter` in the browser, `MemoryRouter` in
 * tests). The app loads no data through the router, so it uses React Router's declarative mode,
 * whose code is half the size of the data router's; the last-resort error screen is a plain error
 * boundary around the routes instead of a route's `errorElement`.
 */
export function AppRoutes() {
  return <RouterErrorBoundary>{useRoutes(appRoutes)}</RouterErrorBoundary>;
}
