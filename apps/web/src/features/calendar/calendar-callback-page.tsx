import { calendarEndpoints, ROUTES, settingsPath } from "@ideaport/shared";
import { Alert, Button, Group, Loader, Text } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { PublicPageShell } from "../../components/public-page-shell.tsx";
import { StatusPanel, SuccessAlert } from "../../components/status-panel.tsx";
import { usePageTitle } from "../../components/use-page-title.ts";
import { ApiError, apiClient } from "../../lib/api-client.ts";
import { useAuth } from "../../lib/auth-provider.tsx";
import { t } from "../../lib/i18n.ts";
import { CALENDAR_CALLBACK_TEXTS } from "./calendar.texts.ts";

type Outcome = { kind: "working" } | { kind: "done"; returnTo: string } | { kind: "failed"; message: string };

/**
 * /auth/calendar/callback: the calendar provider sends the person back here with its answer
 * (a code and the state, or an error such as a refused consent). The page hands that answer to
 * the server once, which checks the state, exchanges the code and keeps the tokens; then it shows
 * the outcome and leads back to the page the connection was started from.
 */
export function CalendarCallbackPage() {
  usePageTitle(t(CALENDAR_CALLBACK_TEXTS.title));
  const { status } = useAuth();
  const location = useLocation();
  const [outcome, setOutcome] = useState<Outcome>({ kind: "working" });
  const hasSent = useRef(false);

  useEffect(() => {
    if (status === "loading" || hasSent.current) return;
    hasSent.current = true;
    if (status === "signed-out") {
      setOutcome({ kind: "failed", message: t(CALENDAR_CALLBACK_TEXTS.signedOut) });
      return;
    }
    apiClient
      .call(calendarEndpoints.finishCalendarConnection, { callback_query: location.search.replace(/^\?/, "") })
      .then((answer) => setOutcome({ kind: "done", returnTo: answer.return_to }))
      .catch((caught: unknown) =>
        setOutcome({
          kind: "failed",
          message:
            caught instanceof ApiError && caught.serverMessage
              ? caught.serverMessage
              : t(CALENDAR_CALLBACK_TEXTS.failed),
        }),
      );
  }, [status, location.search]);

  return (
    <PublicPageShell panelWidth={520}>
      {outcome.kind === "working" ? (
        <StatusPanel title={t(CALENDAR_CALLBACK_TEXTS.title)}>
          <Group gap="xs" role="status">
            <Loader size="sm" aria-hidden />
            <Text>{t(CALENDAR_CALLBACK_TEXTS.working)}</Text>
          </Group>
        </StatusPanel>
      ) : outcome.kind === "done" ? (
        <StatusPanel
          title={t(CALENDAR_CALLBACK_TEXTS.doneTitle)}
          actions={
            <Button component={Link} to={outcome.returnTo}>
              {t(CALENDAR_CALLBACK_TEXTS.continue)}
            </Button>
          }
        >
          <SuccessAlert>{t(CALENDAR_CALLBACK_TEXTS.done)}</SuccessAlert>
        </StatusPanel>
      ) : (
        <StatusPanel
          title={t(CALENDAR_CALLBACK_TEXTS.failedTitle)}
          actions={
            status === "signed-out" ? (
              <Button component={Link} to={ROUTES.login}>
                {t(CALENDAR_CALLBACK_TEXTS.logIn)}
              </Button>
            ) : (
              <Button component={Link} to={settingsPath("profile")}>
                {t(CALENDAR_CALLBACK_TEXTS.backToSettings)}
              </Button>
            )
          }
        >
          <Alert color="red" variant="light" role="alert">
            {outcome.message}
          </Alert>
        </StatusPanel>
      )}
    </PublicPageShell>
  );
}
