import { ERROR_MESSAGES, type LoginResponse, SCREEN_TEXTS } from "@ideaport/shared";
import { Alert, Anchor, Stack, Text, Title } from "@mantine/core";
import { useMounted } from "@mantine/hooks";
import { IconCircleCheck, IconClockExclamation } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { Link, Navigate, useLocation, useSearchParams } from "react-router";
import { LoadingScreen } from "../../components/loading-screen.tsx";
import { PublicPageShell } from "../../components/public-page-shell.tsx";
import { usePageTitle } from "../../components/use-page-title.ts";
import { type LoginLocationState, useAuth } from "../../lib/auth-provider.tsx";
import { t } from "../../lib/i18n.ts";
import { postLoginPathFor } from "../../lib/post-login-path.ts";
import { loginNotice, wasSessionExpiredByServer } from "../../lib/session.ts";
import type { AccountDialog } from "./account-dialogs.tsx";
import { LOGIN_TEXTS } from "./auth.texts.ts";
import { LoginForm } from "./login-form.tsx";

/** The Sign Up, Reset Password and company popups: their code loads when one is first asked for. */
const AccountDialogs = lazy(async () => ({ default: (await import("./account-dialogs.tsx")).AccountDialogs }));

/** `?signup=1` and `?reset=1` open the Sign Up and Reset Password popups over the page. */
function dialogFromSearch(searchParams: URLSearchParams): AccountDialog | null {
  if (searchParams.has("signup")) return { kind: "signUp" };
  if (searchParams.has("reset")) return { kind: "resetPassword" };
  return null;
}

/** The /login page: the Log In form as a full page, and back to where the visitor was going. */
export function LoginPage() {
  usePageTitle(t(LOGIN_TEXTS.pageTitle));
  const { user, status, signIn } = useAuth();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const [dialog, setDialog] = useState<AccountDialog | null>(() => dialogFromSearch(searchParams));
  // Mounted once a popup is first asked for, after the first render: the prerendered page has none.
  const isMounted = useMounted();
  const [wantsDialogs, setWantsDialogs] = useState(false);
  if (isMounted && dialog !== null && !wantsDialogs) setWantsDialogs(true);

  if (status === "loading") return <LoadingScreen label={t(SCREEN_TEXTS.authenticating)} fullScreen />;
  if (status === "signed-in" && user) {
    const from = (location.state as LoginLocationState | null)?.from;
    return <Navigate to={postLoginPathFor(user, from)} replace />;
  }

  const changeDialog = (next: AccountDialog | null) => {
    setDialog(next);
    if (next === null && (searchParams.has("signup") || searchParams.has("reset"))) {
      // A reload after closing a popup shows the page, not the popup again.
      setSearchParams({}, { replace: true, state: location.state });
    }
  };

  const onLoggedIn = async (login: LoginResponse, remember: boolean) => {
    if (login.company_id === null) {
      // No company yet, so Associate with Company instead of the app.
      changeDialog({ kind: "company", userId: login.userId, displayName: login.displayName, remember });
      return;
    }
    // Signed in, the page redirects to the remembered location or the user's landing path.
    await signIn(login, remember);
  };

  return (
    <PublicPageShell panelWidth={440}>
      <Stack gap="md">
        <div>
          <Title order={1} size="h2">
            {t(LOGIN_TEXTS.heading)}
          </Title>
          <Text c="gray.7" size="sm" mt={4}>
            {t(LOGIN_TEXTS.intro)}
          </Text>
        </div>
        {loginNotice() === "accountDeleted" && (
          <Alert color="green" variant="light" role="status" icon={<IconCircleCheck aria-hidden />}>
            {t(LOGIN_TEXTS.accountDeleted)}
          </Alert>
        )}
        {wasSessionExpiredByServer() && (
          <Alert color="orange" variant="light" role="status" icon={<IconClockExclamation aria-hidden />}>
            {t(SCREEN_TEXTS.sessionExpired)}
          </Alert>
        )}
        <LoginForm
          fallbackMessage={t(ERROR_MESSAGES.authenticationFailed)}
          onLoggedIn={onLoggedIn}
          onForgotPassword={() => changeDialog({ kind: "resetPassword" })}
          onSignUp={() => changeDialog({ kind: "signUp" })}
        />
        <Text size="sm" ta="center">
          <Anchor component={Link} to="/">
            {t(LOGIN_TEXTS.backHome)}
          </Anchor>
        </Text>
      </Stack>
      {wantsDialogs && (
        <Suspense fallback={null}>
          <AccountDialogs dialog={dialog} onDialogChange={changeDialog} isOnLoginPage />
        </Suspense>
      )}
    </PublicPageShell>
  );
}
