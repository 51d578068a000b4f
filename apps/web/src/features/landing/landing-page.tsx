import { isLanguage, PRIMARY_COLOR, ROUTES } from "@ideaport/shared";
import {
  type AnchorHTMLAttributes,
  type ComponentType,
  type CSSProperties,
  lazy,
  type MouseEvent,
  Suspense,
  useEffect,
  useState,
} from "react";
import { COMPONENT_TEXTS } from "../../components/components.texts.ts";
import { LoadingScreen } from "../../components/loading-screen.tsx";
import { setLanguage, spokenLanguage, t } from "../../lib/i18n.ts";
import { storeLanguageChoice } from "../../lib/language-choice.ts";
import { hasStoredSession } from "../../lib/session.ts";
import type { AccountDialog } from "../auth/index.ts";
import { clearRequestedLandingDialog, requestedLandingDialog } from "./landing-dialog-request.ts";
import "./landing-page.css";
import { FEATURES, LANDING_TEXTS } from "./landing.texts.ts";
import { LANDING_LANGUAGE_NAMES } from "./landing-languages.ts";

/** The dialogs' chunk (design system, forms, session) loads on the first click, never with the page. */
const loadLandingDialogs = () => import("./landing-dialogs.tsx");
const LandingDialogs = lazy(async () => ({ default: (await loadLandingDialogs()).LandingDialogs }));

/** Starts the download early when a pointer or the keyboard reaches a button; the page itself stays light. */
function prefetchDialogs() {
  loadLandingDialogs().catch(() => {
    // The click loads it again and shows the route's error screen if it still fails.
  });
}

/** A plain left click opens the popup; a modified or middle click still opens /login in a new tab. */
function isPlainLeftClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * The landing page in another language: the app's own switches at once; one only the landing page
 * speaks is kept as the browser's choice and the page loads again, prerendered in it by the server.
 * The standalone page's script does the latter for every language (landing-main.ts).
 */
function chooseLanguage(tag: string) {
  if (isLanguage(tag)) {
    void setLanguage(tag);
    return;
  }
  storeLanguageChoice(tag);
  window.location.assign(ROUTES.landing);
}

/** The element of the page's links: the router's `Link` inside the app, a plain anchor elsewhere. */
export type LandingLinkComponent = ComponentType<AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }>;

/** A link that loads its page: the standalone landing page has no router. */
function PlainLink({ to, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  return <a href={to} {...props} />;
}

export interface LandingPageProps {
  /** Renders the page's links; a plain anchor unless a router provides its `Link`. */
  linkComponent?: LandingLinkComponent;
}

/**
 * The public landing page. It imports no design system and no app code. A visit that starts at
 * "/" gets it prerendered at build time (landing.html, with a small script instead of React);
 * inside the app, the router renders it with its `Link`.
 */
export function LandingPage({ linkComponent: Link = PlainLink }: LandingPageProps = {}) {
  const isReturningUser = hasStoredSession();
  const language = spokenLanguage();
  const [dialog, setDialog] = useState<AccountDialog | null>(requestedLandingDialog);
  const [hasOpenedDialog, setHasOpenedDialog] = useState(dialog !== null);
  const dialogLinkProps = (kind: "login" | "signUp") => ({
    "aria-haspopup": "dialog" as const,
    onPointerEnter: prefetchDialogs,
    onFocus: prefetchDialogs,
    onClick: (event: MouseEvent<HTMLAnchorElement>) => {
      if (!isPlainLeftClick(event)) return;
      event.preventDefault();
      setHasOpenedDialog(true);
      setDialog({ kind });
    },
  });
  useEffect(clearRequestedLandingDialog, []);
  useEffect(() => {
    document.title = t(LANDING_TEXTS.pageTitle);
  }, []);
  return (
    <div className="landing" style={{ "--landing-brand": PRIMARY_COLOR } as CSSProperties}>
      <header className="landing__header">
        <Link to={ROUTES.landing} className="landing__logo">
          Ideaport
        </Link>
        <nav
          aria-label={t(LANDING_TEXTS.accountNavigation)}
          className="landing__nav"
          data-open-label={t(LANDING_TEXTS.openApp)}
        >
          {isReturningUser ? (
            <Link to={ROUTES.app} className="landing__button landing__button--primary">
              {t(LANDING_TEXTS.openApp)}
            </Link>
          ) : (
            <>
              <Link to={ROUTES.login} className="landing__button landing__button--ghost" {...dialogLinkProps("login")}>
                {t(LANDING_TEXTS.logIn)}
              </Link>
              <Link
                to={`${ROUTES.login}?signup=1`}
                className="landing__button landing__button--primary"
                {...dialogLinkProps("signUp")}
              >
                {t(LANDING_TEXTS.signUp)}
              </Link>
            </>
          )}
        </nav>
      </header>

      <main>
        <section className="landing__hero" aria-labelledby="landing-title">
          <p className="landing__eyebrow">{t(LANDING_TEXTS.eyebrow)}</p>
          <h1 id="landing-title">{t(LANDING_TEXTS.title)}</h1>
          <p className="landing__pitch">{t(LANDING_TEXTS.pitch)}</p>
          <div className="landing__cta">
            <Link
              to={ROUTES.login}
              className="landing__button landing__button--primary landing__button--large"
              {...dialogLinkProps("login")}
            >
              {t(LANDING_TEXTS.logIn)}
            </Link>
            <Link
              to={`${ROUTES.login}?signup=1`}
              className="landing__button landing__button--ghost landing__button--large"
              {...dialogLinkProps("signUp")}
            >
              {t(LANDING_TEXTS.signUp)}
            </Link>
          </div>
        </section>

        <section className="landing__features" aria-labelledby="landing-features-title">
          <h2 id="landing-features-title">{t(LANDING_TEXTS.featuresTitle)}</h2>
          <ul className="landing__feature-list">
            {FEATURES.map((feature) => (
              <li key={feature.key} className="landing__feature">
                <h3>{t(feature.title)}</h3>
                <p>{t(feature.text)}</p>
              </li>
            ))}
          </ul>
        </section>
      </main>

      <footer className="landing__footer">
        <p>{t(LANDING_TEXTS.footer, { year: String(new Date().getFullYear()) })}</p>
        <nav aria-label={t(LANDING_TEXTS.languageNavigation)} className="landing__languages">
          {Object.entries(LANDING_LANGUAGE_NAMES).map(([tag, name]) => (
            <button
              key={tag}
              type="button"
              lang={tag}
              data-language={tag}
              aria-current={tag === language ? "true" : undefined}
              className="landing__language"
              onClick={() => chooseLanguage(tag)}
            >
              {name}
            </button>
          ))}
        </nav>
      </footer>

      {hasOpenedDialog && (
        <Suspense
          fallback={
            <div className="landing__dialog-loading">
              <LoadingScreen label={t(COMPONENT_TEXTS.loading)} />
            </div>
          }
        >
          <LandingDialogs dialog={dialog} onDialogChange={setDialog} />
        </Suspense>
      )}
    </div>
  );
}
