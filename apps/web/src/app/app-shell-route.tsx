import { SCREEN_TEXTS } from "@ideaport/shared";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState } from "react";
import { LoadingScreen } from "../components/loading-screen.tsx";
import { t } from "../lib/i18n.ts";
import { getStoredUser, hasStoredSession } from "../lib/session.ts";
import { AppLayout } from "./layout/app-layout.tsx";
import { MultipleTabsGuard } from "./multiple-tabs-guard.tsx";
import { RequireAuth } from "./require-auth.tsx";

/** Its own chunk: it shows nothing, and the pages outside /app (the sign-in page first) never need it. */
const OfflineKeeper = lazy(() => import("./offline-keeper.tsx").then((module) => ({ default: module.OfflineKeeper })));

/**
 * Offline, false until the signed-in person's kept answers are in the query client (none without
 * IndexedDB), so the first /app screen shows what they last saw before any of its queries runs; at
 * once true online or without a session. It lives in this module, which only /app pages load, and
 * loads the rest on demand, so the sign-in page carries none of it.
 */
function useLastSeenRestored(queryClient: QueryClient): boolean {
  // Online, the server answers: its answers are the ones shown, never an older copy.
  const [isRestored, setRestored] = useState(() => !hasStoredSession() || navigator.onLine);
  useEffect(() => {
    if (isRestored) return;
    const userId = getStoredUser()?.id;
    const restore = async () => {
      const { canKeepLastSeen } = await import("../lib/last-seen.ts");
      if (userId && canKeepLastSeen())
        await (await import("../lib/offline-cache.ts")).restoreLastSeen(queryClient, userId);
    };
    void restore().finally(() => setRestored(true));
  }, [isRestored, queryClient]);
  return isRestored;
}

/**
 * The /app route: one live tab, a signed-in user allowed on this path, then the header and the
 * page; what the person sees is kept on the device and their waiting writes are sent (OfflineKeeper).
 * Offline, the kept answers are put back first.
 */
export function AppShellRoute() {
  const isRestored = useLastSeenRestored(useQueryClient());
  if (!isRestored) return <LoadingScreen label={t(SCREEN_TEXTS.loadingApplication)} fullScreen />;
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
