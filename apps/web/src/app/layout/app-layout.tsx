import { SCREEN_TEXTS } from "@ideaport/shared";
import { AppShell } from "@mantine/core";
import { Suspense, useEffect } from "react";
import { Outlet } from "react-router";
import { LoadingScreen } from "../../components/loading-screen.tsx";
import { RouteErrorBoundary } from "../../components/route-error-boundary.tsx";
import { useAuth } from "../auth-provider.tsx";
import { prefetchAppScreensWhenIdle } from "../router.tsx";
import { AppHeader } from "./app-header.tsx";
import "./app-layout.css";

/** The signed-in frame: header above, the current page below in its own error section. */
export function AppLayout() {
  const { user, signOut } = useAuth();
  // The other signed-in pages load while the browser is idle, not when they are opened.
  useEffect(() => prefetchAppScreensWhenIdle(), []);
  if (!user) return null;
  return (
    <AppShell header={{ height: { base: 108, sm: 64 } }} padding="md">
      <a href="#main-content" className="ip-skip-link">
        Skip to main content
      </a>
      <AppShell.Header>
        <AppHeader user={user} onSignOut={signOut} />
      </AppShell.Header>
      <AppShell.Main id="main-content" tabIndex={-1}>
        <RouteErrorBoundary section="app-main">
          <Suspense fallback={<LoadingScreen label={SCREEN_TEXTS.loadingApplication} />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </AppShell.Main>
    </AppShell>
  );
}
