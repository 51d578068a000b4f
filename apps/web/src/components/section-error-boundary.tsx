import { ERROR_BOUNDARY_THRESHOLD, ROUTES, SCREEN_TEXTS } from "@ideaport/shared";
import { Component, type ErrorInfo, type ReactNode } from "react";
import { describeError, reportClientError } from "../lib/error-reporting.ts";
import "./status-screens.css";
import { t } from "../lib/i18n.ts";

interface SectionErrorBoundaryProps {
  children: ReactNode;
  /** Names the section in reports, e.g. "app-main". */
  section: string;
  /** When this value changes (a new location), a shown error is cleared; the error count is kept. */
  resetKey?: unknown;
  /** 'Go to Home' inside a router navigates; without one, the page reloads at '/'. */
  onGoHome?: () => void;
}

interface SectionErrorBoundaryState {
  error: Error | null;
  errorCount: number;
}

/**
 * A rendering error shows 'Something went wrong' with Try Again and Go to Home; after more than 3
 * errors in the same section it shows the multiple-errors screen instead, because retrying again
 * would only repeat the failure. Every error is reported.
 */
export class SectionErrorBoundary extends Component<SectionErrorBoundaryProps, SectionErrorBoundaryState> {
  override state: SectionErrorBoundaryState = { error: null, errorCount: 0 };

  static getDerivedStateFromError(error: unknown): Partial<SectionErrorBoundaryState> {
    return { error: error instanceof Error ? error : new Error(describeError(error).message) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.setState((state) => ({ errorCount: state.errorCount + 1 }));
    const { message, stack } = describeError(error);
    console.error(`Rendering error in section ${this.props.section}`, error);
    reportClientError({
      kind: "render_error",
      message: `[${this.props.section}] ${message}`,
      path: window.location.pathname,
      ...(stack ? { stack } : {}),
      ...(info.componentStack ? { componentStack: info.componentStack } : {}),
    });
  }

  override componentDidUpdate(previous: SectionErrorBoundaryProps): void {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  private readonly tryAgain = () => {
    this.setState({ error: null });
  };

  // The new location's resetKey clears the error; resetting here would re-render the failing page first.
  private readonly goHome = () => {
    if (this.props.onGoHome) this.props.onGoHome();
    else window.location.assign(ROUTES.landing);
  };

  private readonly reloadHome = () => {
    window.location.assign(ROUTES.landing);
  };

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    if (this.state.errorCount > ERROR_BOUNDARY_THRESHOLD) {
      return (
        <div role="alert" className="ip-error-panel">
          <h2>{t(SCREEN_TEXTS.multipleErrorsTitle)}</h2>
          <p>{t(SCREEN_TEXTS.multipleErrorsBody)}</p>
          <p>{t(SCREEN_TEXTS.multipleErrorsHint)}</p>
          <div className="ip-error-panel__actions">
            <button type="button" className="ip-button" onClick={this.reloadHome}>
              {t(SCREEN_TEXTS.goToHomePage)}
            </button>
          </div>
        </div>
      );
    }
    return (
      <div role="alert" className="ip-error-panel">
        <h2>{t(SCREEN_TEXTS.renderErrorTitle)}</h2>
        <p>{t(SCREEN_TEXTS.renderErrorBody)}</p>
        <div className="ip-error-panel__actions">
          <button type="button" className="ip-button" onClick={this.tryAgain}>
            {t(SCREEN_TEXTS.tryAgain)}
          </button>
          <button type="button" className="ip-button ip-button--secondary" onClick={this.goHome}>
            {t(SCREEN_TEXTS.goToHome)}
          </button>
        </div>
      </div>
    );
  }
}
