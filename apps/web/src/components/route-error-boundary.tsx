import { ROUTES, SCREEN_TEXTS } from "@ideaport/shared";
import { Component, type ReactNode, useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { describeError, reportClientError } from "../lib/error-reporting.ts";
import { SectionErrorBoundary } from "./section-error-boundary.tsx";
import "./status-screens.css";
import { t } from "../lib/i18n.ts";

/** A section error boundary that clears itself on navigation and goes home through the router. */
export function RouteErrorBoundary({ section, children }: { section: string; children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const goHome = () => {
    if (location.pathname === ROUTES.landing) window.location.assign(ROUTES.landing);
    else navigate(ROUTES.landing);
  };
  return (
    <SectionErrorBoundary section={section} resetKey={location.pathname} onGoHome={goHome}>
      {children}
    </SectionErrorBoundary>
  );
}

/**
 * The last-resort error boundary around the routes, for failures outside any section boundary (a
 * provider that throws). It shows the route error screen until the page reloads.
 */
export class RouterErrorBoundary extends Component<{ children: ReactNode }, { error: { value: unknown } | null }> {
  override state: { error: { value: unknown } | null } = { error: null };

  static getDerivedStateFromError(error: unknown): { error: { value: unknown } } {
    return { error: { value: error } };
  }

  override render(): ReactNode {
    return this.state.error ? <RouteErrorScreen error={this.state.error.value} /> : this.props.children;
  }
}

/**
 * The screen of the last-resort boundary, for failures outside any section boundary (a route
 * module that fails to load after a deploy, a provider that throws). Same words as the section
 * screen; both buttons reload, since the app's own state is what failed.
 */
export function RouteErrorScreen({ error }: { error: unknown }) {
  useEffect(() => {
    const { message, stack } = describeError(error);
    reportClientError({
      kind: "render_error",
      message: `[router] ${message}`,
      path: window.location.pathname,
      ...(stack ? { stack } : {}),
    });
  }, [error]);
  return (
    <div role="alert" className="ip-error-panel">
      <h2>{t(SCREEN_TEXTS.renderErrorTitle)}</h2>
      <p>{t(SCREEN_TEXTS.renderErrorBody)}</p>
      <div className="ip-error-panel__actions">
        <button type="button" className="ip-button" onClick={() => window.location.reload()}>
          {t(SCREEN_TEXTS.tryAgain)}
        </button>
        <button
          type="button"
          className="ip-button ip-button--secondary"
          onClick={() => window.location.assign(ROUTES.landing)}
        >
          {t(SCREEN_TEXTS.goToHome)}
        </button>
      </div>
    </div>
  );
}
