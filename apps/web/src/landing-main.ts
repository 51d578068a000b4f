// The script of `landing.html`, which the server sends for "/". The page's markup is the landing
// page prerendered at build time, so this script loads no React, router or app code: it adapts
// the page to the visitor and, when a popup is opened, hands the page over to the app, which
// renders the landing page again with that popup open.
import { ROUTES } from "@ideaport/shared";
import "./features/landing/landing-page.css";
import { requestLandingDialog } from "./features/landing/landing-dialog-request.ts";
import { storeLanguageChoice } from "./lib/language-choice.ts";
import { hasStoredSession } from "./lib/session.ts";

const container = document.getElementById("root");
if (!container) throw new Error("The page has no #root element.");

/** The app's code, zod set up first as in main.tsx; fetched when a pointer or the keyboard reaches a button. */
function loadApp() {
  return import("./lib/zod-jitless.ts").then(() =>
    Promise.all([
      import("./app/start-app.tsx"),
      // Warm the chunks the handed-over page shows at once: the landing route and its popups.
      import("./features/landing/landing-route.tsx"),
      import("./features/landing/landing-dialogs.tsx"),
    ]),
  );
}

function prefetchApp() {
  loadApp().catch(() => {
    // The click loads it again; if that fails too, the link's own page (/login) opens instead.
  });
}

/** A plain left click opens the popup; a modified or middle click still opens /login in a new tab. */
function isPlainLeftClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

function openDialogInApp(link: HTMLAnchorElement) {
  const isSignUp = new URL(link.href).searchParams.has("signup");
  requestLandingDialog({ kind: isSignUp ? "signUp" : "login" });
  loadApp().then(
    ([{ startApp }]) => startApp(container as HTMLElement, { isReportingWebVitals: false }),
    () => window.location.assign(link.href),
  );
}

const accountNavigation = document.querySelector<HTMLElement>(".landing__nav");
if (hasStoredSession() && accountNavigation) {
  // A returning visitor goes straight to the app, as the landing page does inside it; the page
  // carries the button's words in its language.
  const open = document.createElement("a");
  open.href = ROUTES.app;
  open.className = "landing__button landing__button--primary";
  open.textContent = accountNavigation.dataset.openLabel ?? "";
  accountNavigation.replaceChildren(open);
}

// The language switcher: the browser keeps the choice, and the server sends the page again in it.
for (const button of document.querySelectorAll<HTMLButtonElement>("button[data-language]")) {
  button.addEventListener("click", () => {
    const tag = button.dataset.language;
    if (!tag || button.getAttribute("aria-current") === "true") return;
    storeLanguageChoice(tag);
    window.location.reload();
  });
}

for (const link of document.querySelectorAll<HTMLAnchorElement>('a[aria-haspopup="dialog"]')) {
  link.addEventListener("pointerenter", prefetchApp);
  link.addEventListener("focus", prefetchApp);
  link.addEventListener("click", (event) => {
    if (!isPlainLeftClick(event)) return;
    event.preventDefault();
    openDialogInApp(link);
  });
}

// The markup was rendered at build time: show this year.
const footer = document.querySelector(".landing__footer p");
if (footer?.textContent) footer.textContent = footer.textContent.replace(/\d{4}/, String(new Date().getFullYear()));

// Web vitals load after the page: their observers read the buffered paint and layout entries.
window.addEventListener(
  "load",
  () => {
    void import("./lib/web-vitals.ts").then((vitals) => vitals.startWebVitalsReporting());
  },
  { once: true },
);
