import { SCREEN_TEXTS } from "@ideaport/shared";
import { lazy, type ReactNode, Suspense, useEffect } from "react";
import { Outlet } from "react-router";
import { LoadingScreen } from "../../components/loading-screen.tsx";
import { RouteErrorBoundary } from "../../components/route-error-boundary.tsx";
import { useAuth } from "../../lib/auth-provider.tsx";
import { prefetchAppScreensWhenIdle } from "../router.tsx";
import { AppHeader } from "./app-header.tsx";
import "./app-layout.css";
import { t } from "../../lib/i18n.ts";
import { SHELL_TEXTS } from "../app.texts.ts";

/** The tours load after the page they run on: a page's first paint does not wait for them. */
const TourHost = lazy(async () => ({ default: (await import("../../features/tours/tour-host.tsx")).TourHost }));

/**
 * The signed-in frame: a fixed header above, the current page (the route's, or `children`) below
 * in its own error section.
 * Plain elements and CSS (app-layout.css) rather than Mantine's AppShell, whose navbar, aside,
 * footer and resizing code this layout never uses.
 */
export function AppLayout({ children }: { children?: ReactNode }) {
  const { user, signOut } = useAuth();
  // The other signed-in pages load while the browser is idle, not when they are opened.
  useEffect(() => prefetchAppScreensWhenIdle(), []);
  if (!user) return null;
  return (
    <div className="ip-app-shell">
      <a href="#main-content" className="ip-skip-link">
        {t(SHELL_TEXTS.skipToContent)}
      </a>
      {/* right-scroll-bar-position: while a dialog locks the page's scrolling, the fixed header
          keeps clear of the scroll bar's place, as the page does. */}
      <header className="ip-app-shell__header right-scroll-bar-position">
        <AppHeader user={user} onSignOut={() => signOut()} />
      </header>
      <main id="main-content" tabIndex={-1} className="ip-app-shell__main">
        <RouteErrorBoundary section="app-main">
          <Suspense fallback={<LoadingScreen label={t(SCREEN_TEXTS.loadingApplication)} />}>
            {children ?? <Outlet />}
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <Suspense fallback={null}>
        <TourHost user={user} />
      </Suspense>
    </div>
  );
}
