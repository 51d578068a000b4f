import { emailUnsubscribeEndpoints, ROUTES, settingsPath, VALIDATION_MESSAGES } from "@ideaport/shared";
import { Anchor, Button, Text } from "@mantine/core";
import { useMounted } from "@mantine/hooks";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { FormError } from "../../components/form-error.tsx";
import { PublicPageShell } from "../../components/public-page-shell.tsx";
import { StatusPanel, SuccessAlert } from "../../components/status-panel.tsx";
import { usePageTitle } from "../../components/use-page-title.ts";
import { ApiError, apiClient } from "../../lib/api-client.ts";
import { t } from "../../lib/i18n.ts";
import { UNSUBSCRIBE_PAGE_TEXTS } from "./email.texts.ts";

/**
 * /unsubscribe?token=…: where an e-mail's unsubscribe link lands. Opening it changes nothing
 * (mail scanners open links); the button posts the one-click unsubscribe, which needs no sign-in.
 * The router loads it with the password reset page, whose chunk already holds what it uses, so a
 * route of its own costs the other routes nothing (see docs/decisions.md).
 */
export function UnsubscribePage() {
  usePageTitle(t(UNSUBSCRIBE_PAGE_TEXTS.title));
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A link without a token is told after the first render, which is the same with or without one
  // (the prerendered page).
  const isTokenMissing = useMounted() && !token;
  const shownError = error ?? (isTokenMissing ? t(VALIDATION_MESSAGES.unsubscribeLinkInvalid) : null);
  const [isSending, setSending] = useState(false);

  async function unsubscribe() {
    setError(null);
    setSending(true);
    try {
      const answer = await apiClient.call(emailUnsubscribeEndpoints.unsubscribeEmail, undefined, { query: { token } });
      setMessage(answer.message);
    } catch (caught) {
      setError(
        caught instanceof ApiError && caught.serverMessage ? caught.serverMessage : t(UNSUBSCRIBE_PAGE_TEXTS.failed),
      );
    } finally {
      setSending(false);
    }
  }

  return (
    <PublicPageShell panelWidth={480}>
      {message ? (
        <StatusPanel title={t(UNSUBSCRIBE_PAGE_TEXTS.doneTitle)}>
          <SuccessAlert>{message}</SuccessAlert>
          <Anchor component={Link} to={settingsPath("profile")}>
            {t(UNSUBSCRIBE_PAGE_TEXTS.settingsLink)}
          </Anchor>
        </StatusPanel>
      ) : (
        <StatusPanel title={t(UNSUBSCRIBE_PAGE_TEXTS.title)}>
          <Text>{t(UNSUBSCRIBE_PAGE_TEXTS.question)}</Text>
          <FormError message={shownError} />
          {!isTokenMissing && (
            <Button onClick={unsubscribe} loading={isSending}>
              {t(UNSUBSCRIBE_PAGE_TEXTS.confirm)}
            </Button>
          )}
          <Anchor component={Link} to={ROUTES.login}>
            {t(UNSUBSCRIBE_PAGE_TEXTS.logIn)}
          </Anchor>
        </StatusPanel>
      )}
    </PublicPageShell>
  );
}
