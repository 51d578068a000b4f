import "./status-screens.css";

interface LoadingScreenProps {
  /** The text announced and shown, e.g. 'Loading application...' or 'Authenticating...'. */
  label: string;
  /** Fills the viewport (before any layout exists) instead of the content area. */
  fullScreen?: boolean;
}

/**
 * A spinner with a status text; plain HTML so it can show before the design system loads.
 * `data-loading` tells a tour the page has not settled yet.
 */
export function LoadingScreen({ label, fullScreen = false }: LoadingScreenProps) {
  return (
    <div
      role="status"
      aria-live="polite"
      data-loading
      className={`ip-status-screen${fullScreen ? " ip-status-screen--full" : ""}`}
    >
      <span className="ip-spinner" aria-hidden="true" />
      <p>{label}</p>
    </div>
  );
}
