import { AppLayout } from "./layout/app-layout.tsx";
import { MultipleTabsGuard } from "./multiple-tabs-guard.tsx";
import { OfflineKeeper } from "./offline-keeper.tsx";
import { RequireAuth } from "./require-auth.tsx";

/**
 * The /app route: one live tab, a signed-in user allowed on this path, then the header and the
 * page; what the person sees is kept on the device and their waiting writes are sent (OfflineKeeper).
 */
export function AppShellRoute() {
  return (
    <MultipleTabsGuard>
      <RequireAuth>
        <OfflineKeeper />
        <AppLayout />
      </RequireAuth>
    </MultipleTabsGuard>
  );
}
