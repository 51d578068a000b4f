import { PRIMARY_COLOR, ROUTES } from "@ideaport/shared";
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
import { LoadingScreen } from "../../components/loading-screen.tsx";
import { hasStoredSession } from "../../lib/session.ts";
import type { AccountDialog } from "../auth/index.ts";
import { clearRequestedLandingDialog, requestedLandingDialog } from "./landing-dialog-request.ts";
import "./landing-page.css";
import { FEATURES } from "./landing.texts.ts";

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
    document.title = "Ideaport · Turn everyday ideas into action";
  }, []);
  return (
    <div className="landing" style={{ "--landing-brand": PRIMARY_COLOR } as CSSProperties}>
      <header className="landing__header">
        <Link to={ROUTES.landing} className="landing__logo">
          Ideaport
        </Link>
        <nav aria-label="Account" className="landing__nav">
          {isReturningUser ? (
            <Link to={ROUTES.app} className="landing__button landing__button--primary">
              Open Ideaport
            </Link>
          ) : (
            <>
              <Link to={ROUTES.login} className="landing__button landing__button--ghost" {...dialogLinkProps("login")}>
                Log In
              </Link>
              <Link
                to={`${ROUTES.login}?signup=1`}
                className="landing__button landing__button--primary"
                {...dialogLinkProps("signUp")}
              >
                Sign Up
              </Link>
            </>
          )}
        </nav>
      </header>

      <main>
        <section className="landing__hero" aria-labelledby="landing-title">
          <p className="landing__eyebrow">Idea management for the whole workplace</p>
          <h1 id="landing-title">Turn everyday ideas into action.</h1>
          <p className="landing__pitch">
            Ideaport gives every employee a simple place to share ideas and answer innovation challenges, gives managers
            a clear flow to review their team&apos;s proposals and turn the best into actions, and gives administrators
            one view of the company&apos;s news, teams, recognition and rewards, so good ideas stop getting lost in
            inboxes and start changing how work gets done.
          </p>
          <div className="landing__cta">
            <Link
              to={ROUTES.login}
              className="landing__button landing__button--primary landing__button--large"
              {...dialogLinkProps("login")}
            >
              Log In
            </Link>
            <Link
              to={`${ROUTES.login}?signup=1`}
              className="landing__button landing__button--ghost landing__button--large"
              {...dialogLinkProps("signUp")}
            >
              Sign Up
            </Link>
          </div>
        </section>

        <section className="landing__features" aria-labelledby="landing-features-title">
          <h2 id="landing-features-title">Everything an idea needs to succeed</h2>
          <ul className="landing__feature-list">
            {FEATURES.map((feature) => (
              <li key={feature.title} className="landing__feature">
                <h3>{feature.title}</h3>
                <p>{feature.text}</p>
              </li>
            ))}
          </ul>
        </section>
      </main>

      <footer className="landing__footer">
        <p>© {new Date().getFullYear()} Ideaport. Built for teams who improve their work every day.</p>
      </footer>

      {hasOpenedDialog && (
        <Suspense
          fallback={
            <div className="landing__dialog-loading">
              <LoadingScreen label="Loading..." />
            </div>
          }
        >
          <LandingDialogs dialog={dialog} onDialogChange={setDialog} />
        </Suspense>
      )}
    </div>
  );
}
