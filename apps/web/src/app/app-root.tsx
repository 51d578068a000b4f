import "@mantine/core/styles.css";
import { SCREEN_TEXTS } from "@ideaport/shared";
import { MantineProvider } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { Suspense, useState } from "react";
import { Outlet } from "react-router";
import { LoadingScreen } from "../components/loading-screen.tsx";
import { OfflineBanner } from "../components/offline-banner.tsx";
import { RouteErrorBoundary } from "../components/route-error-boundary.tsx";
import { cssVariablesResolver, theme } from "../components/theme.ts";
import { AuthProvider } from "../lib/auth-provider.tsx";
import { t } from "../lib/i18n.ts";
import { createQueryClient } from "../lib/query-client.ts";
import { useLastSeenRestored } from "./last-seen-restore.ts";

/**
 * Everything but the landing page renders inside this layout route: the design system, server
 * state, the session and the offline notice. It is its own chunk, so the landing page never
 * downloads any of it.
 */
export function AppRoot() {
  const [queryClient] = useState(createQueryClient);
  const isRestored = useLastSeenRestored(queryClient);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      env={import.meta.env.MODE === "test" ? "test" : "default"}
    >
      <QueryClientProvider client={queryClient}>
        {isRestored ? (
          <AuthProvider>
            <RouteErrorBoundary section="app-root">
              <Suspense fallback={<LoadingScreen label={t(SCREEN_TEXTS.loadingApplication)} fullScreen />}>
                <Outlet />
              </Suspense>
            </RouteErrorBoundary>
            <OfflineBanner />
          </AuthProvider>
        ) : (
          <LoadingScreen label={t(SCREEN_TEXTS.loadingApplication)} fullScreen />
        )}
      </QueryClientProvider>
    </MantineProvider>
  );
}
