import { EraseAccountRequestSchema, FRESH_SSO_SIGN_IN_SECONDS, type Session } from "@ideaport/shared";
import { Modal, Text } from "@mantine/core";
import { DialogForm } from "../../components/dialog-form.tsx";
import { LoadingState } from "../../components/loading-state.tsx";
import { PasswordField } from "../../components/password-field.tsx";
import { t } from "../../lib/i18n.ts";
import { useSchemaForm } from "../../lib/use-schema-form.ts";
import { useEraseAccount, useSessions } from "./profile.queries.ts";
import { YOUR_DATA_MESSAGES } from "./profile.texts.ts";

/** Asked for the password: after a password sign-in, or a single sign-on longer ago than the server allows. */
const WithPasswordSchema = EraseAccountRequestSchema.required();
/** A little before the server's limit, so that the dialog never offers what the server then refuses. */
const FRESH_SSO_MARGIN_MS = 60_000;

/** Whether this device's session began with single sign-on recently enough to need no password. */
function isFreshSsoSignIn(sessions: readonly Session[] | undefined): boolean {
  const signedInAt = sessions?.find((session) => session.is_current)?.sso_signed_in_at;
  if (!signedInAt) return false;
  return Date.now() - Date.parse(signedInAt) < FRESH_SSO_SIGN_IN_SECONDS * 1000 - FRESH_SSO_MARGIN_MS;
}

function DeleteAccountForm({
  onClose,
  onDeleted,
  needsPassword,
}: {
  onClose: () => void;
  onDeleted: () => void;
  needsPassword: boolean;
}) {
  const eraseAccount = useEraseAccount();
  const form = useSchemaForm(needsPassword ? WithPasswordSchema : EraseAccountRequestSchema, {
    defaultValues: needsPassword ? { password: "" } : {},
    fieldNames: { password: "password" },
    codeFields: { "settings.current_password_incorrect": "password" },
  });
  const onSubmit = form.submit((request) => eraseAccount.mutateAsync(request), { onSuccess: onDeleted });

  return (
    <DialogForm
      onSubmit={onSubmit}
      error={form.formError}
      onCancel={onClose}
      submitLabel={t(YOUR_DATA_MESSAGES.deleteConfirm)}
      submitColor="red.9"
      isSubmitting={form.formState.isSubmitting}
    >
      <Text size="sm">{t(YOUR_DATA_MESSAGES.deleteWhatGoes)}</Text>
      <Text size="sm">{t(YOUR_DATA_MESSAGES.deleteWhatStays)}</Text>
      <Text size="sm" c="gray.7">
        {t(YOUR_DATA_MESSAGES.deleteDownloadFirst)}
      </Text>
      {needsPassword ? (
        <>
          <PasswordField
            label={t(YOUR_DATA_MESSAGES.deletePassword)}
            autoComplete="current-password"
            required
            data-autofocus
            {...form.field("password")}
          />
          <Text size="sm" c="gray.7">
            {t(YOUR_DATA_MESSAGES.deleteSsoHint, { minutes: FRESH_SSO_SIGN_IN_SECONDS / 60 })}
          </Text>
        </>
      ) : (
        <Text size="sm">{t(YOUR_DATA_MESSAGES.deleteAfterSso)}</Text>
      )}
    </DialogForm>
  );
}

/** The form once this device's sessions say how it signed in (on failure, the password is asked). */
function DeleteAccountContent({ onClose, onDeleted }: { onClose: () => void; onDeleted: () => void }) {
  const sessions = useSessions();
  if (sessions.isPending) return <LoadingState label={t(YOUR_DATA_MESSAGES.deleteLoading)} />;
  return (
    <DeleteAccountForm
      onClose={onClose}
      onDeleted={onDeleted}
      needsPassword={!isFreshSsoSignIn(sessions.data?.sessions)}
    />
  );
}

/**
 * "Delete my account": what goes and what stays, and the person's password. Profile Settings →
 * Your data loads it when it first opens; `onDeleted` runs once the account is gone.
 */
export function DeleteAccountModal({
  opened,
  onClose,
  onDeleted,
}: {
  opened: boolean;
  onClose: () => void;
  onDeleted: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={t(YOUR_DATA_MESSAGES.deleteTitle)} centered>
      {opened && <DeleteAccountContent onClose={onClose} onDeleted={onDeleted} />}
    </Modal>
  );
}
