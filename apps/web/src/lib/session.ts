import { type LoginResponse, STORAGE_KEYS, type User } from "@ideaport/shared";

/**
 * The user as the browser keeps it: the login response's fields in the User entity's names,
 * completed by `GET /api/users/current/` once it answers.
 */
export type SessionUser = Pick<User, "id" | "email" | "display_name" | "role" | "team" | "company_id" | "is_admin"> &
  Partial<Omit<User, "id" | "email" | "display_name" | "role" | "team" | "company_id" | "is_admin">>;

type Listener = () => void;

const SESSION_KEYS: readonly string[] = [STORAGE_KEYS.accessToken, STORAGE_KEYS.refreshToken, STORAGE_KEYS.user];
const listeners = new Set<Listener>();
let listeningToOtherTabs = false;

function storageOf(kind: "local" | "session"): Storage | null {
  try {
    return kind === "local" ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    // Storage can be blocked (privacy settings); the app then works without persistence.
    return null;
  }
}

function read(storage: Storage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(storage: Storage | null, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Quota or privacy errors: the session then lives only as long as this page.
  }
}

function remove(storage: Storage | null, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing to do: the value cannot be read back either.
  }
}

/** The storage that holds the current session: localStorage when remembered, else sessionStorage. */
function activeStorage(): Storage | null {
  const local = storageOf("local");
  if (read(local, STORAGE_KEYS.accessToken) !== null || read(local, STORAGE_KEYS.refreshToken) !== null) return local;
  return storageOf("session");
}

function notify(): void {
  for (const listener of listeners) listener();
}

/** Maps the login response (userId, displayName, ...) to the stored user (id and _id, display_name, ...). */
export function userFromLoginResponse(login: LoginResponse): SessionUser {
  return {
    id: login.userId,
    _id: login.userId,
    email: login.email,
    display_name: login.displayName,
    role: login.role,
    team: login.team,
    company_id: login.company_id,
    is_admin: login.is_admin,
  };
}

/** Stores the tokens and the user; `remember` keeps them in localStorage, otherwise for this tab only. */
export function saveSession(login: LoginResponse, options: { remember: boolean }): void {
  const target = storageOf(options.remember ? "local" : "session");
  const other = storageOf(options.remember ? "session" : "local");
  for (const key of SESSION_KEYS) remove(other, key);
  write(target, STORAGE_KEYS.accessToken, login.access);
  write(target, STORAGE_KEYS.refreshToken, login.refresh);
  write(target, STORAGE_KEYS.user, JSON.stringify(userFromLoginResponse(login)));
  remove(storageOf("session"), EXPIRED_BY_SERVER_KEY);
  remove(storageOf("session"), LOGIN_NOTICE_KEY);
  notify();
}

/** Replaces the tokens after a refresh, in whichever storage holds the session. */
export function updateTokens(tokens: { access: string; refresh?: string | undefined }): void {
  const storage = activeStorage();
  write(storage, STORAGE_KEYS.accessToken, tokens.access);
  if (tokens.refresh) write(storage, STORAGE_KEYS.refreshToken, tokens.refresh);
  notify();
}

/** Replaces the stored user with the server's current view of it. */
export function updateStoredUser(user: SessionUser): void {
  const storage = activeStorage();
  if (read(storage, STORAGE_KEYS.accessToken) === null && read(storage, STORAGE_KEYS.refreshToken) === null) return;
  write(storage, STORAGE_KEYS.user, JSON.stringify(user));
}

/**
 * Kept in the tab's storage when the server refused to renew the session the person was in, until
 * they sign in again: /login then says "Your session has expired. Please log in again.", also
 * after a reload.
 */
const EXPIRED_BY_SERVER_KEY = "ideaport.sessionExpired";

/** Ends a session the server refused to renew (tokens and user removed), remembering why. */
export function expireSession(): void {
  write(storageOf("session"), EXPIRED_BY_SERVER_KEY, "1");
  clearSession();
}

/** True once the server refused to renew the session, until the next sign-in in this tab. */
export function wasSessionExpiredByServer(): boolean {
  return read(storageOf("session"), EXPIRED_BY_SERVER_KEY) !== null;
}

/** What /login tells someone signed out on purpose: their account was deleted. */
export type LoginNotice = "accountDeleted";

/** Kept in the tab's storage until the next sign-in, so /login says it also after a reload. */
const LOGIN_NOTICE_KEY = "ideaport.loginNotice";

/** Remembers what /login tells the person once they are signed out. */
export function rememberLoginNotice(notice: LoginNotice): void {
  write(storageOf("session"), LOGIN_NOTICE_KEY, notice);
}

/** What /login tells the person, until their next sign-in in this tab; null when nothing. */
export function loginNotice(): LoginNotice | null {
  return read(storageOf("session"), LOGIN_NOTICE_KEY) === "accountDeleted" ? "accountDeleted" : null;
}

/** Removes tokens and user from both storages. */
export function clearSession(): void {
  for (const kind of ["local", "session"] as const) {
    const storage = storageOf(kind);
    for (const key of SESSION_KEYS) remove(storage, key);
  }
  notify();
}

export function getAccessToken(): string | null {
  return read(activeStorage(), STORAGE_KEYS.accessToken);
}

export function getRefreshToken(): string | null {
  return read(activeStorage(), STORAGE_KEYS.refreshToken);
}

/** True when tokens are stored, whether or not the server still accepts them. */
export function hasStoredSession(): boolean {
  return getAccessToken() !== null || getRefreshToken() !== null;
}

/** True when the session was saved with "remember me". */
export function isSessionRemembered(): boolean {
  return activeStorage() === storageOf("local") && hasStoredSession();
}

/** The stored user, or null when none or unreadable. */
export function getStoredUser(): SessionUser | null {
  const raw = read(activeStorage(), STORAGE_KEYS.user);
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as Partial<SessionUser> | null;
    if (!value || typeof value.id !== "string" || typeof value.role !== "string") return null;
    return { ...value, team: Array.isArray(value.team) ? value.team : [] } as SessionUser;
  } catch {
    return null;
  }
}

/**
 * Calls `listener` whenever the session changes here or in another tab (signing out in one
 * remembered tab signs out the others). Returns the unsubscribe function.
 */
export function subscribeToSession(listener: Listener): () => void {
  listeners.add(listener);
  if (!listeningToOtherTabs && typeof window !== "undefined") {
    listeningToOtherTabs = true;
    window.addEventListener("storage", (event) => {
      if (event.key === null || SESSION_KEYS.includes(event.key)) notify();
    });
  }
  return () => {
    listeners.delete(listener);
  };
}

/** The token store the API client uses in the browser. */
export const sessionTokenStore = {
  getAccessToken,
  getRefreshToken,
  updateTokens,
  clear: clearSession,
};
