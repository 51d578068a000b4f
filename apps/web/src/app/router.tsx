import { ROUTES, SCREEN_TEXTS } from "@ideaport/shared";
import { type ComponentType, lazy, Suspense } from "react";
import { Navigate, Outlet, type RouteObject, useRoutes } from "react-router";
import { LoadingScreen } from "../components/loading-screen.tsx";
import { RouteErrorBoundary, RouterErrorBoundary } from "../components/route-error-boundary.tsx";

/** A lazily loaded named export: every screen is its own chunk; `preload` fetches it ahead of use. */
function lazyNamed<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) {
  return Object.assign(
    lazy(async () => ({ default: pick(await load()) })),
    { preload: () => load().then(() => undefined) },
  );
}

const LandingRoute = lazyNamed(
  () => import("../features/landing/landing-route.tsx"),
  (m) => m.LandingRoute,
);
const AppRoot = lazyNamed(
  () => import("./app-root.tsx"),
  (m) => m.AppRoot,
);
const AppShellRoute = lazyNamed(
  () => import("./app-shell-route.tsx"),
  (m) => m.AppShellRoute,
);
const LoginPage = lazyNamed(
  () => import("../features/auth/login-page.tsx"),
  (m) => m.LoginPage,
);
const PasswordResetPage = lazyNamed(
  () => import("../features/auth/password-reset-page.tsx"),
  (m) => m.PasswordResetPage,
);
const AcceptInvitationPage = lazyNamed(
  () => import("../features/invitations/accept-invitation-page.tsx"),
  (m) => m.AcceptInvitationPage,
);
const CalendarCallbackPage = lazyNamed(
  () => import("../features/calendar/calendar-callback-page.tsx"),
  (m) => m.CalendarCallbackPage,
);
const MultipleTabsPage = lazyNamed(
  () => import("../features/system/multiple-tabs-page.tsx"),
  (m) => m.MultipleTabsPage,
);
// Loaded with the password reset page, whose chunk holds what it uses (password-reset-page.tsx).
const UnsubscribePage = lazyNamed(
  () => import("../features/auth/password-reset-page.tsx"),
  (m) => m.UnsubscribePage,
);
const NotFoundPage = lazyNamed(
  () => import("./screens/not-found-page.tsx"),
  (m) => m.NotFoundPage,
);
const EmployeeIdeasPage = lazyNamed(
  () => import("../features/ideas/employee-ideas-page.tsx"),
  (m) => m.EmployeeIdeasPage,
);
const ManagerIdeasPage = lazyNamed(
  () => import("../features/ideas/manager-ideas-page.tsx"),
  (m) => m.ManagerIdeasPage,
);
const EmployeeCompanyPage = lazyNamed(
  () => import("../features/company-portal/employee-company-page.tsx"),
  (m) => m.EmployeeCompanyPage,
);
const ManagerCompanyPage = lazyNamed(
  () => import("../features/company-portal/manager-company-page.tsx"),
  (m) => m.ManagerCompanyPage,
);
const SettingsPage = lazyNamed(
  () => import("./screens/settings-page.tsx"),
  (m) => m.SettingsPage,
);

/** The signed-in pages, in the order they are fetched ahead while the browser is idle. */
const APP_SCREENS = [EmployeeIdeasPage, ManagerIdeasPage, EmployeeCompanyPage, ManagerCompanyPage, SettingsPage];

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

/**
 * Every route of the app. The landing page and the two legacy redirects sit outside `AppRoot`, so
 * reaching `/` inside the app loads neither the design system nor the session. A visit that starts
 * at `/` gets `landing.html` instead, which loads the landing page without this router.
 */
export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: ROUTES.landing, element: <LandingRoute /> },
      { path: ROUTES.dashboard, element: <Navigate to={ROUTES.employeeIdeas} replace /> },
      { path: ROUTES.admin, element: <Navigate to={ROUTES.managerIdeas} replace /> },
      {
        element: <AppRoot />,
        children: [
          { path: ROUTES.login, element: <LoginPage /> },
          { path: ROUTES.calendarCallback, element: <CalendarCallbackPage /> },
          { path: ROUTES.passwordReset, element: <PasswordResetPage /> },
          { path: ROUTES.acceptInvitation, element: <AcceptInvitationPage /> },
          { path: ROUTES.multipleTabsError, element: <MultipleTabsPage /> },
          { path: ROUTES.unsubscribe, element: <UnsubscribePage /> },
          {
            path: ROUTES.app,
            element: <AppShellRoute />,
            children: [
              // The guard sends /app on by role first; this only states the spec's rule.
              { index: true, element: <Navigate to={ROUTES.employeeIdeas} replace /> },
              { path: ROUTES.employeeIdeas, element: <EmployeeIdeasPage /> },
              { path: ROUTES.employeeCompany, element: <EmployeeCompanyPage /> },
              { path: ROUTES.managerIdeas, element: <ManagerIdeasPage /> },
              { path: ROUTES.managerCompany, element: <ManagerCompanyPage /> },
              { path: ROUTES.settings, element: <SettingsPage /> },
              { path: ROUTES.settingsType, element: <SettingsPage /> },
              // Any other /app path goes to the user's own area: /app/manager-ideas or /app/employee-ideas.
              { path: "*", element: <Navigate to={ROUTES.app} replace /> },
            ],
          },
          { path: "*", element: <NotFoundPage /> },
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
