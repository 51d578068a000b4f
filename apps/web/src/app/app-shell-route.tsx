import { AppLayout } from "./layout/app-layout.tsx";
import { MultipleTabsGuard } from "./multiple-tabs-guard.tsx";
import { RequireAuth } from "./require-auth.tsx";

/** The /app route: one live tab, a signed-in user allowed on this path, then the header and the page. */
export function AppShellRoute() {
  return (
    <MultipleTabsGuard>
      <RequireAuth>
        <AppLayout />
      </RequireAuth>
    </MultipleTabsGuard>
  );
}
