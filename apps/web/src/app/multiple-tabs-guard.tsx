import { ERROR_MESSAGES, ROUTES } from "@ideaport/shared";
import { type ReactNode, useEffect } from "react";
import { t } from "../lib/i18n.ts";
import { startTabPresence } from "../lib/tab-presence.ts";
import { useStableNavigate } from "../lib/use-stable-navigate.ts";

/**
 * The app may be open in only one tab: while an app route is shown this tab takes part in the tab
 * presence protocol; a tab that finds an older live tab alerts and goes to /multiple-tabs-error.
 */
export function MultipleTabsGuard({ children }: { children: ReactNode }) {
  const navigate = useStableNavigate();
  useEffect(
    () =>
      startTabPresence({
        onConflict: () => {
          window.alert(t(ERROR_MESSAGES.multipleTabs));
          navigate(ROUTES.multipleTabsError, { replace: true });
        },
      }),
    [navigate],
  );
  return children;
}
