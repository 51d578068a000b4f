import { lazy, Suspense } from "react";
import { AppLayout } from "./layout/app-layout.tsx";
import { MultipleTabsGuard } from "./multiple-tabs-guard.tsx";
import { RequireAuth } from "./require-auth.tsx";

/** Its own chunk: it shows nothing, and the pages outside /app (the sign-in page first) never need it. */
const OfflineKeeper = lazy(() => import("./offline-keeper.tsx").then((module) => ({ default: module.OfflineKeeper })));

/**
 * The /app route: one live tab, a signed-in user allowed on this path, then the header and the
 * page; what the person sees is kept on the device and their waiting writes are sent (OfflineKeeper).
 */
export function AppShellRoute() {
  return (
    <MultipleTabsGuard>
      <RequireAuth>
        <Suspense fallback={null}>
          <OfflineKeeper />
        </Suspense>
        <AppLayout />
      </RequireAuth>
    </MultipleTabsGuard>
  );
}
