import { ERROR_MESSAGES, RATE_LIMIT_ALERT_THRESHOLD_SECONDS } from "@ideaport/shared";
import { describeError, reportClientError } from "./error-reporting.ts";
import { onRateLimited } from "./events.ts";
import { t } from "./i18n.ts";

/** On `api:rate-limited` with retryAfter above 5 s, alert the user. Returns the uninstaller. */
export function installRateLimitAlert(target: Window = window): () => void {
  return onRateLimited(target, ({ retryAfter }) => {
    if (retryAfter > RATE_LIMIT_ALERT_THRESHOLD_SECONDS)
      target.alert(t(ERROR_MESSAGES.rateLimitAlert, { seconds: retryAfter }));
  });
}

/** Unhandled promise rejections are logged and sent to error reporting. */
export function installUnhandledRejectionReporting(target: Window = window): () => void {
  const handle = (event: PromiseRejectionEvent) => {
    console.error("Unhandled promise rejection", event.reason);
    const { message, stack } = describeError(event.reason);
    reportClientError({
      kind: "unhandled_rejection",
      message,
      path: target.location.pathname,
      ...(stack ? { stack } : {}),
    });
  };
  target.addEventListener("unhandledrejection", handle);
  return () => target.removeEventListener("unhandledrejection", handle);
}

/** Production mode silences debug console output. */
export function silenceDebugConsole(isProduction: boolean, target: Console = console): void {
  if (!isProduction) return;
  const silent = () => {};
  target.debug = silent;
  target.log = silent;
  target.trace = silent;
}
