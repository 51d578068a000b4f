import { ROUTES, SCREEN_TEXTS, SSO_FAILURES, type SsoFailure } from "@ideaport/shared";
import { Alert, Button, Group, Loader, Text } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { Link, Navigate, useLocation, useNavigate } from "react-router";
import { LoadingScreen } from "../../components/loading-screen.tsx";
import { PublicPageShell } from "../../components/public-page-shell.tsx";
import { StatusPanel } from "../../components/status-panel.tsx";
import { usePageTitle } from "../../components/use-page-title.ts";
import { useAuth } from "../../lib/auth-provider.tsx";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { t } from "../../lib/i18n.ts";
import { postLoginPathFor } from "../../lib/post-login-path.ts";
import { completeSso } from "./sso.queries.ts";
import { SSO_FAILURE_TEXTS, SSO_LOGIN_TEXTS } from "./sso.texts.ts";

/** What the callback put in the fragment: a ticket, or why the sign-in failed. */
function outcomeOfFragment(hash: string): { ticket: string } | { failure: SsoFailure } {
  const fragment = new URLSearchParams(hash.replace(/^#/, ""));
  const ticket = fragment.get("ticket");
  if (ticket) return { ticket };
  const error = fragment.get("error");
  return { failure: SSO_FAILURES.find((failure) => failure === error) ?? "state_invalid" };
}

/**
 * /login/sso: where a sign-in through the company's identity provider ends. The server's
 * callback put a single-use ticket (or the reason it failed) in the address's fragment, which no
 * server sees; the page takes it out of the address at once, exchanges the ticket for the session
 * and goes on to the person's landing page.
 */
export function SsoLoginPage() {
  usePageTitle(t(SSO_LOGIN_TEXTS.pageTitle));
  const { user, status, signIn } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  // Read once, before anything navigates: the fragment is taken out of the address at once.
  const [outcome] = useState(() => outcomeOfFragment(location.hash));
  const [failure, setFailure] = useState<string | null>(() =>
    "failure" in outcome ? t(SSO_FAILURE_TEXTS[outcome.failure]) : null,
  );
  const hasSent = useRef(false);

  useEffect(() => {
    if (status === "loading" || hasSent.current) return;
    hasSent.current = true;
    void navigate(ROUTES.ssoLogin, { replace: true });
    if ("failure" in outcome) return;
    completeSso(outcome.ticket)
      .then((login) => signIn(login, false))
      .catch((caught: unknown) => setFailure(errorMessageOf(caught)));
  }, [status, signIn, outcome, navigate]);

  if (status === "loading") return <LoadingScreen label={t(SCREEN_TEXTS.authenticating)} fullScreen />;
  if (status === "signed-in" && user && failure === null)
    return <Navigate to={postLoginPathFor(user, undefined)} replace />;

  return (
    <PublicPageShell panelWidth={480}>
      {failure === null ? (
        <StatusPanel title={t(SSO_LOGIN_TEXTS.pageTitle)}>
          <Group gap="xs" role="status">
            <Loader size="sm" aria-hidden />
            <Text>{t(SSO_LOGIN_TEXTS.working)}</Text>
          </Group>
        </StatusPanel>
      ) : (
        <StatusPanel
          title={t(SSO_LOGIN_TEXTS.failedTitle)}
          actions={
            <Button component={Link} to={ROUTES.login}>
              {t(SSO_LOGIN_TEXTS.tryAgain)}
            </Button>
          }
        >
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        </StatusPanel>
      )}
    </PublicPageShell>
  );
}
