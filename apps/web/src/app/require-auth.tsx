import { ROUTES, redirectForAppPath, SCREEN_TEXTS } from "@ideaport/shared";
import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { LoadingScreen } from "../components/loading-screen.tsx";
import { type LoginLocationState, useAuth } from "../lib/auth-provider.tsx";
import { t } from "../lib/i18n.ts";

/**
 * Route access, the one place that decides who may see an /app path: manager-level users (role
 * manager or is_admin) only /app/manager-* paths and settings, everyone else only /app/employee-*
 * paths and settings. Loading shows 'Authenticating...'; no user goes to /login remembering where
 * it was going; a user on a path of the other role goes to their own area.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, status } = useAuth();
  const location = useLocation();

  if (status === "loading") return <LoadingScreen label={t(SCREEN_TEXTS.authenticating)} fullScreen />;
  if (!user) {
    const state: LoginLocationState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Navigate to={ROUTES.login} replace state={state} />;
  }
  const redirect = redirectForAppPath(user, location.pathname);
  if (redirect !== null) return <Navigate to={redirect} replace />;
  return children;
}
