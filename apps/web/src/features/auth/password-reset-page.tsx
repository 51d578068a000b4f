import { authEndpoints, ERROR_MESSAGES, PasswordResetCompleteSchema, ROUTES, schemaMessage } from "@ideaport/shared";
import { Alert, Button, Group } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { z } from "zod";
import { AccountForm } from "../../components/account-form.tsx";
import { COMPONENT_TEXTS, FIELD_TEXTS } from "../../components/components.texts.ts";
import { LoadingScreen } from "../../components/loading-screen.tsx";
import { PasswordField } from "../../components/password-field.tsx";
import { NewPasswordField } from "../../components/person-fields.tsx";
import { PublicPageShell } from "../../components/public-page-shell.tsx";
import { StatusPanel, SuccessAlert } from "../../components/status-panel.tsx";
import { usePageTitle } from "../../components/use-page-title.ts";
import { ApiError, apiClient } from "../../lib/api-client.ts";
import { isRefusal } from "../../lib/api-errors.ts";
import { t } from "../../lib/i18n.ts";
import { takeFailures, useSchemaForm } from "../../lib/use-schema-form.ts";
import { passwordResetCheckQueryOptions } from "./auth.queries.ts";
import { LOGIN_TEXTS, PASSWORD_RESET_PAGE_TEXTS } from "./auth.texts.ts";

/**
 * The unsubscribe page of e-mail links comes in this page's chunk: both are public pages reached
 * from a mail, built of the same parts, and a chunk of its own split the shared chunks of every
 * other route (the ideas pages grew past their budget).
 */
export { UnsubscribePage } from "../email/index.ts";

/** The Reset Password popup (the dialog component) loads when a dead link's visitor asks for a new one. */
const ResetPasswordDialog = lazy(async () => ({
  default: (await import("./reset-password-dialog.tsx")).ResetPasswordDialog,
}));

const NewPasswordSchema = PasswordResetCompleteSchema.shape.password;

/** The new password follows the shared rule (min 8); the confirmation must match it. */
const ResetFormSchema = z
  .object({
    password: NewPasswordSchema,
    confirmPassword: z.string().min(1, schemaMessage(FIELD_TEXTS.confirmRequired)),
  })
  .refine((values) => values.confirmPassword === "" || values.confirmPassword === values.password, {
    path: ["confirmPassword"],
    message: schemaMessage(PASSWORD_RESET_PAGE_TEXTS.passwordsDiffer),
    // Checked beside a too-short password too, so both fields say what is wrong at once.
    when: () => true,
  });

/** A reset link the server no longer accepts (unknown, expired or used). */
function isDeadLink(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.code === "password_reset.token_invalid" ||
      error.status === 404 ||
      error.status === 410 ||
      (error.status === 400 && !error.fields))
  );
}

/** /password-reset/{token}: checks the link, then a new password and its confirmation. */
export function PasswordResetPage() {
  usePageTitle(t(PASSWORD_RESET_PAGE_TEXTS.pageTitle));
  const { token = "" } = useParams();
  const check = useQuery(passwordResetCheckQueryOptions(token));
  const [outcome, setOutcome] = useState<"form" | "dead" | "done">("form");

  // A link the server refuses is dead; one it could not check (offline) still gets the form.
  const isDead = outcome === "dead" || (check.isError && isDeadLink(check.error));

  let content: ReactNode;
  if (check.isPending) content = <LoadingScreen label={t(PASSWORD_RESET_PAGE_TEXTS.checking)} />;
  else if (isDead) content = <DeadLink />;
  else if (outcome === "done") content = <ResetDone />;
  else content = <NewPasswordForm token={token} onDone={() => setOutcome("done")} onDead={() => setOutcome("dead")} />;

  return <PublicPageShell panelWidth={480}>{content}</PublicPageShell>;
}

function NewPasswordForm({ token, onDone, onDead }: { token: string; onDone: () => void; onDead: () => void }) {
  const form = useSchemaForm(ResetFormSchema, {
    defaultValues: { password: "", confirmPassword: "" },
    fieldNames: { password: "password" },
    keepsFormErrorWithFields: true,
    failureMessage: (error) => {
      const fallback = t(isRefusal(error) ? ERROR_MESSAGES.resetUnableToProcess : ERROR_MESSAGES.resetGenericError);
      return error instanceof ApiError && error.status !== 0 ? (error.serverMessage ?? fallback) : fallback;
    },
  });

  const onSubmit = form.submit(
    ({ password }) => apiClient.call(authEndpoints.passwordResetComplete, { token, password }),
    {
      onSuccess: onDone,
      onFailure: takeFailures(isDeadLink, onDead),
    },
  );

  return (
    <StatusPanel title={t(PASSWORD_RESET_PAGE_TEXTS.heading)}>
      <AccountForm form={form} onSubmit={onSubmit} submitLabel={t(COMPONENT_TEXTS.changePassword)}>
        <NewPasswordField label={t(FIELD_TEXTS.newPassword)} {...form.field("password")} />
        <PasswordField
          label={t(FIELD_TEXTS.confirmNewPassword)}
          autoComplete="new-password"
          required
          {...form.field("confirmPassword")}
        />
      </AccountForm>
    </StatusPanel>
  );
}

function ResetDone() {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <StatusPanel
      title={t(PASSWORD_RESET_PAGE_TEXTS.successTitle)}
      headingRef={headingRef}
      actions={
        <Button component={Link} to={ROUTES.login}>
          {t(LOGIN_TEXTS.logIn)}
        </Button>
      }
    >
      <SuccessAlert>{t(PASSWORD_RESET_PAGE_TEXTS.successBody)}</SuccessAlert>
    </StatusPanel>
  );
}

function DeadLink() {
  const navigate = useNavigate();
  const [isRequesting, setRequesting] = useState(false);
  const [hasRequested, setHasRequested] = useState(false);
  return (
    <StatusPanel title={t(PASSWORD_RESET_PAGE_TEXTS.deadLinkTitle)}>
      <Alert variant="light" color="red" role="alert">
        {t(PASSWORD_RESET_PAGE_TEXTS.deadLinkBody)}
      </Alert>
      <Group>
        <Button
          onClick={() => {
            setHasRequested(true);
            setRequesting(true);
          }}
          aria-haspopup="dialog"
        >
          {t(PASSWORD_RESET_PAGE_TEXTS.requestNewLink)}
        </Button>
        <Button component={Link} to={ROUTES.login} variant="default">
          {t(LOGIN_TEXTS.backToLogIn)}
        </Button>
      </Group>
      {hasRequested && (
        <Suspense fallback={null}>
          <ResetPasswordDialog
            opened={isRequesting}
            onClose={() => setRequesting(false)}
            onLogIn={() => navigate(ROUTES.login)}
          />
        </Suspense>
      )}
    </StatusPanel>
  );
}
