import { EraseAccountRequestSchema } from "@ideaport/shared";
import { Modal, Text } from "@mantine/core";
import { DialogForm } from "../../components/dialog-form.tsx";
import { PasswordField } from "../../components/password-field.tsx";
import { t } from "../../lib/i18n.ts";
import { useSchemaForm } from "../../lib/use-schema-form.ts";
import { useEraseAccount } from "./profile.queries.ts";
import { YOUR_DATA_MESSAGES } from "./profile.texts.ts";

/** In this dialog the password is always asked for. */
const DeleteAccountSchema = EraseAccountRequestSchema.required();

function DeleteAccountForm({ onClose, onDeleted }: { onClose: () => void; onDeleted: () => void }) {
  const eraseAccount = useEraseAccount();
  const form = useSchemaForm(DeleteAccountSchema, {
    defaultValues: { password: "" },
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
      <PasswordField
        label={t(YOUR_DATA_MESSAGES.deletePassword)}
        autoComplete="current-password"
        required
        data-autofocus
        {...form.field("password")}
      />
    </DialogForm>
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
      {opened && <DeleteAccountForm onClose={onClose} onDeleted={onDeleted} />}
    </Modal>
  );
}
