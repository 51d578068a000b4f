import { STORAGE_KEYS } from "@ideaport/shared";
import { describe, expect, it, vi } from "vitest";
import { buildLoginResponse, buildUser } from "../test/factories.ts";
import {
  clearSession,
  getAccessToken,
  getRefreshToken,
  getStoredUser,
  hasStoredSession,
  isSessionRemembered,
  saveSession,
  subscribeToSession,
  updateStoredUser,
  updateTokens,
} from "./session.ts";

const user = buildUser({ id: "user-9", display_name: "Jane Doe", role: "manager", is_admin: true });
const login = buildLoginResponse(user);

describe("session storage", () => {
  it("keeps a remembered session in localStorage", () => {
    saveSession(login, { remember: true });

    expect(window.localStorage.getItem(STORAGE_KEYS.accessToken)).toBe("access-1");
    expect(window.localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe("refresh-1");
    expect(window.sessionStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(isSessionRemembered()).toBe(true);
  });

  it("keeps a session for this tab only in sessionStorage", () => {
    saveSession(login, { remember: false });

    expect(window.sessionStorage.getItem(STORAGE_KEYS.accessToken)).toBe("access-1");
    expect(window.localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(getAccessToken()).toBe("access-1");
    expect(getRefreshToken()).toBe("refresh-1");
    expect(isSessionRemembered()).toBe(false);
  });

  it("stores the login response's user in the User entity's names", () => {
    saveSession(login, { remember: true });

    expect(getStoredUser()).toEqual({
      id: "user-9",
      _id: "user-9",
      email: user.email,
      display_name: "Jane Doe",
      role: "manager",
      team: user.team,
      company_id: user.company_id,
      is_admin: true,
    });
  });

  it("replaces a remembered session with a tab-only one and back", () => {
    saveSession(login, { remember: true });
    saveSession({ ...login, access: "access-2" }, { remember: false });

    expect(window.localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(getAccessToken()).toBe("access-2");
  });

  it("writes refreshed tokens where the session lives", () => {
    saveSession(login, { remember: false });

    updateTokens({ access: "access-2" });
    expect(window.sessionStorage.getItem(STORAGE_KEYS.accessToken)).toBe("access-2");
    expect(getRefreshToken()).toBe("refresh-1");

    updateTokens({ access: "access-3", refresh: "refresh-3" });
    expect(getRefreshToken()).toBe("refresh-3");
  });

  it("updates the stored user only while a session exists", () => {
    updateStoredUser(user);
    expect(getStoredUser()).toBeNull();

    saveSession(login, { remember: true });
    updateStoredUser({ ...user, display_name: "Jane D." });
    expect(getStoredUser()?.display_name).toBe("Jane D.");
  });

  it("clears tokens and user from both storages", () => {
    saveSession(login, { remember: true });
    window.sessionStorage.setItem(STORAGE_KEYS.accessToken, "stray");

    clearSession();

    expect(hasStoredSession()).toBe(false);
    expect(getStoredUser()).toBeNull();
    expect(window.sessionStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
  });

  it("ignores an unreadable stored user", () => {
    saveSession(login, { remember: true });
    window.localStorage.setItem(STORAGE_KEYS.user, "{not json");

    expect(getStoredUser()).toBeNull();
  });

  it("tells subscribers about changes here and in other tabs", () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToSession(listener);

    saveSession(login, { remember: true });
    clearSession();
    window.dispatchEvent(new StorageEvent("storage", { key: STORAGE_KEYS.accessToken }));
    window.dispatchEvent(new StorageEvent("storage", { key: "unrelated" }));
    unsubscribe();
    saveSession(login, { remember: true });

    expect(listener).toHaveBeenCalledTimes(3);
  });
});
