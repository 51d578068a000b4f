import { LANGUAGE_COOKIE } from "@ideaport/shared";

/**
 * The language this browser's person chose, kept where the web and the server both find it: in
 * local storage, which the app read before the server could (kept for visits before the cookie),
 * and in a cookie, which the server reads to send a page already in that language. A small module
 * of its own: the standalone landing page's script uses it without the message runtime.
 */
const STORAGE_KEY = "ideaport.language";
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

function readCookie(): string | null {
  if (typeof document === "undefined") return null;
  for (const part of document.cookie.split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === LANGUAGE_COOKIE) return decoded(value.join("=")) || null;
  }
  return null;
}

/** A cookie's value unescaped; a malformed one (not written here) reads as none. */
function decoded(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

function writeCookie(tag: string): void {
  if (typeof document === "undefined") return;
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is asynchronous and missing from Firefox and Safari before 2025; this one cookie's value is escaped here.
  document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(tag)}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure}`;
}

function readStorage(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * The language tag this browser keeps, if any: not always one the app speaks (the landing page
 * speaks more). A choice kept only in storage (an earlier visit) is written to the cookie too.
 */
export function storedLanguageChoice(): string | null {
  const cookie = readCookie();
  if (cookie) return cookie;
  const stored = readStorage();
  if (stored) writeCookie(stored);
  return stored;
}

/** Keeps `tag` as this browser's language, for the app's next start and the server's next page. */
export function storeLanguageChoice(tag: string): void {
  try {
    localStorage.setItem(STORAGE_KEY, tag);
  } catch {
    // A browser that keeps nothing in storage still has the cookie.
  }
  writeCookie(tag);
}
