import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { apiClient } from "../lib/api-client.ts";
import { resetErrorReporting } from "../lib/error-reporting.ts";
import { setLanguage } from "../lib/i18n.ts";

// findBy… and waitFor give up after 8 s rather than 1 s: a file's first lazily loaded page took up to
// 6 s to arrive on a busy 2-core CI machine. A passing test does not wait any longer.
configure({ asyncUtilTimeout: 8000 });

// jsdom lacks the layout APIs Mantine touches (Mantine's own Vitest guide).
Object.defineProperty(window, "matchMedia", {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => {};

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  apiClient.reset();
  resetErrorReporting();
  window.localStorage.clear();
  window.sessionStorage.clear();
  // The language cookie (lib/language-choice.ts), kept like local storage.
  for (const cookie of document.cookie.split(";")) {
    const name = cookie.split("=")[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API.
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
  // A test that switched the app to another language leaves it in English.
  await setLanguage("en", { remember: false });
});
