import { authEndpoints, type LoginResponse, ROUTES } from "@ideaport/shared";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
} from "react";
import { type Location, useLocation } from "react-router";
import { ApiError, apiClient } from "./api-client.ts";
import { currentUserQueryOptions } from "./current-user.queries.ts";
import { onSessionExpired } from "./events.ts";
import { setLanguage } from "./i18n.ts";
import {
  clearSession,
  expireSession,
  getRefreshToken,
  getStoredUser,
  hasStoredSession,
  type LoginNotice,
  rememberLoginNotice,
  type SessionUser,
  saveSession,
  subscribeToSession,
} from "./session.ts";
import { useStableNavigate } from "./use-stable-navigate.ts";

export type AuthStatus = "loading" | "signed-in" | "signed-out";

export interface AuthContextValue {
  user: SessionUser | null;
  status: AuthStatus;
  /** Stores the login answer and loads the current user; resolves once the user is known. */
  signIn: (login: LoginResponse, remember: boolean) => Promise<void>;
  /**
   * Ends the session here and on the server (best effort), then goes to /login; `notice` is what
   * the login page tells the person there.
   */
  signOut: (notice?: LoginNotice) => void;
}

/** Router state of /login: where the visitor was going before being asked to sign in. */
export interface LoginLocationState {
  from?: Pick<Location, "pathname" | "search" | "hash">;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * The session: logged out, or logged in with stored tokens. The user is the server's answer to
 * `GET /api/users/current/`, loaded whenever tokens are stored. When the server cannot be reached
 * the stored user keeps the app usable (the server still checks every call); when it refuses the
 * tokens the session ends.
 */
/**
 * Signing out, or a session the server ended, deletes what the device kept of the person: the
 * answers they last saw and the writes still waiting to be sent.
 */
function forgetThisDevicesCopies(): void {
  void import("./offline-cache.ts").then((cache) => cache.forgetLastSeen());
  void import("./outbox.ts").then(({ outbox }) => outbox.clear());
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useStableNavigate();
  const location = useLocation();
  const locationRef = useRef(location);
  locationRef.current = location;

  const hasSession = useSyncExternalStore(subscribeToSession, hasStoredSession, () => false);
  const currentUser = useQuery({ ...currentUserQueryOptions(), enabled: hasSession });
  const isRefused =
    currentUser.error instanceof ApiError && (currentUser.error.status === 401 || currentUser.error.status === 403);

  useEffect(() => {
    if (hasSession && isRefused) expireSession();
  }, [hasSession, isRefused]);

  useEffect(
    () =>
      onSessionExpired(window, () => {
        expireSession();
        queryClient.clear();
        forgetThisDevicesCopies();
        const { pathname, search, hash } = locationRef.current;
        const state: LoginLocationState = pathname.startsWith(ROUTES.app) ? { from: { pathname, search, hash } } : {};
        navigate(ROUTES.login, { replace: true, state });
      }),
    [navigate, queryClient],
  );

  const signIn = useCallback(
    async (login: LoginResponse, remember: boolean) => {
      saveSession(login, { remember });
      try {
        await queryClient.fetchQuery(currentUserQueryOptions());
      } catch {
        // The stored login answer stands in until the current user can be loaded.
      }
    },
    [queryClient],
  );

  const signOut = useCallback(
    (notice?: LoginNotice) => {
      const refresh = getRefreshToken();
      if (refresh) {
        apiClient.call(authEndpoints.logout, { refresh }).catch(() => {
          // The server forgets the refresh token when it expires anyway.
        });
      }
      if (notice) rememberLoginNotice(notice);
      void import("./push-on-sign-out.ts").then((push) => push.endPushOnThisDevice());
      clearSession();
      queryClient.clear();
      forgetThisDevicesCopies();
      navigate(ROUTES.login, { replace: true });
    },
    [navigate, queryClient],
  );

  const storedUser = useMemo(
    () => (hasSession && currentUser.isError ? getStoredUser() : null),
    [hasSession, currentUser.isError],
  );
  let user: SessionUser | null = null;
  let status: AuthStatus = "signed-out";
  if (hasSession && !isRefused) {
    if (currentUser.data) {
      user = currentUser.data;
      status = "signed-in";
    } else if (currentUser.isError) {
      user = storedUser;
      status = user ? "signed-in" : "signed-out";
    } else {
      status = "loading";
    }
  }

  // The app speaks what the signed-in person reads: their choice, else their company's default.
  const readingLanguage = user?.effective_language;
  useEffect(() => {
    if (readingLanguage) void setLanguage(readingLanguage);
  }, [readingLanguage]);

  const value = useMemo<AuthContextValue>(() => ({ user, status, signIn, signOut }), [user, status, signIn, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/**
 * A fixed signed-in session without a router or a server, to render one part of the app on its
 * own (component tests).
 */
export function SignedInAs({ user, children }: { user: SessionUser; children: ReactNode }) {
  const value = useMemo<AuthContextValue>(
    () => ({ user, status: "signed-in", signIn: async () => {}, signOut: () => {} }),
    [user],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The session: `{ user, status, signIn, signOut }`. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used inside <AuthProvider>.");
  return value;
}
