import { ROUTES, SCREEN_TEXTS } from "@ideaport/shared";
import { type ComponentType, lazy, Suspense } from "react";
import { Navigate, Outlet, type RouteObject, useRoutes } from "react-router";
import { LoadingScreen } from "../components/loading-screen.tsx";
import { RouteErrorBoundary, RouterErrorBoundary } from "../components/route-error-boundary.tsx";
import { APP_ROUTES, LAYOUTS, LEGACY_REDIRECTS, type Screen, screensOf } from "./routes.ts";

/**
 * The modules of the route table's screens and layouts (routes.ts), keyed by their path relative
 * to src/ with "./" before it. Each is loaded on demand, so the build puts every one in a chunk of
 * its own; the list names exactly the table's modules, as any other module listed would become a
 * chunk of its own too.
 */
const SCREEN_MODULES = import.meta.glob<Record<string, ComponentType>>(
  [
    "./app/app-root.tsx",
    "./app/app-shell-route.tsx",
    "./features/landing/landing-route.tsx",
    "./features/auth/login-page.tsx",
    "./features/auth/password-reset-page.tsx",
    "./features/calendar/calendar-callback-page.tsx",
    "./features/invitations/accept-invitation-page.tsx",
    "./features/system/multiple-tabs-page.tsx",
    "./features/system/not-found-page.tsx",
    "./features/ideas/employee-ideas-page.tsx",
    "./features/ideas/manager-ideas-page.tsx",
    "./features/company-portal/employee-company-page.tsx",
    "./features/company-portal/manager-company-page.tsx",
    "./features/settings/settings-page.tsx",
  ],
  { base: "../" },
);

type LazyScreen = ComponentType & { preload: () => Promise<unknown> };

const lazyScreens = new Map<string, LazyScreen>();

/**
 * A screen of the table as a lazily loaded component, whose `preload` fetches it ahead of use; one
 * component per screen, so routes that show the same screen (the settings pages) keep it mounted.
 */
function lazyScreen({ module, name }: Screen): LazyScreen {
  const key = `${module}#${name}`;
  let component = lazyScreens.get(key);
  if (!component) {
    const load = SCREEN_MODULES[`./${module}`] as () => Promise<Record<string, ComponentType>>;
    component = Object.assign(
      lazy(async () => ({ default: (await load())[name] as ComponentType })),
      { preload: load },
    );
    lazyScreens.set(key, component);
  }
  return component;
}

const AppRoot = lazyScreen(LAYOUTS.appRoot);
const AppShellRoute = lazyScreen(LAYOUTS.appShell);

/** The signed-in pages, in the table's order, which is the order they are fetched ahead while the browser is idle. */
const APP_SCREENS = [
  ...new Set(APP_ROUTES.filter((route) => route.access !== "public").map((route) => lazyScreen(route.screen))),
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
      <Suspense fallback={<LoadingScreen label={SCREEN_TEXTS.loadingApplication} fullScreen />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}

/** The table's routes rendered directly inside `layout` (none: the outermost layout), each with its screen. */
function routesInside(layout: Screen | undefined): RouteObject[] {
  return APP_ROUTES.filter((route) => screensOf(route).at(-2) === layout).map((route) => {
    const RouteScreen = lazyScreen(route.screen);
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
