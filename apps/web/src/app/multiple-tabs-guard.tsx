import { ERROR_MESSAGES, ROUTES } from "@ideaport/shared";
import { type ReactNode, useEffect } from "react";
import { useNavigate } from "react-router";
import { startTabPresence } from "../lib/tab-presence.ts";

/**
 * Spec section 8, another tab open: while an app route is shown this tab takes part in the tab
 * presence protocol; a tab that finds an older live tab alerts and goes to /multiple-tabs-error.
 */
export function MultipleTabsGuard({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  useEffect(
    () =>
      startTabPresence({
        onConflict: () => {
          window.alert(ERROR_MESSAGES.multipleTabs);
          navigate(ROUTES.multipleTabsError, { replace: true });
        },
      }),
    [navigate],
  );
  return children;
}
