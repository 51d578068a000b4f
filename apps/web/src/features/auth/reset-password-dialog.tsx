import { authEndpoints, PasswordResetRequestSchema, SCREEN_TEXTS } from "@ideaport/shared";
import { Alert, Button, Modal, Stack, Text } from "@mantine/core";
import { IconMailCheck } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { AccountForm, EmailField } from "../../components/account-form.tsx";
import { COMPONENT_TEXTS } from "../../components/components.texts.ts";
import { apiClient } from "../../lib/api-client.ts";
import { t } from "../../lib/i18n.ts";
import { useSchemaForm } from "../../lib/use-schema-form.ts";
import { LOGIN_TEXTS, RESET_REQUEST_TEXTS } from "./auth.texts.ts";
import { resetRequestFailureMessage } from "./failure-messages.ts";

export interface ResetPasswordDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Offered after the link is sent; absent where there is no Log In to go back to. */
  onLogIn?: () => void;
}

/** The Reset Password popup: one e-mail field, then the same success message whether or not the account exists. */
export function ResetPasswordDialog({ opened, onClose, onLogIn }: ResetPasswordDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={t(RESET_REQUEST_TEXTS.title)} centered>
      <ResetPasswordForm onLogIn={onLogIn} onClose={onClose} />
    </Modal>
  );
}

function ResetPasswordForm({ onLogIn, onClose }: { onLogIn?: (() => void) | undefined; onClose: () => void }) {
  const [isSent, setSent] = useState(false);
  const form = useSchemaForm(PasswordResetRequestSchema, {
    defaultValues: { email: "" },
    failureMessage: resetRequestFailureMessage,
  });

  const onSubmit = form.submit((values) => apiClient.call(authEndpoints.passwordResetRequest, values), {
    onSuccess: () => setSent(true),
  });

  if (isSent) return <ResetLinkSent onLogIn={onLogIn} onClose={onClose} />;

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t(RESET_REQUEST_TEXTS.intro)}
      </Text>
      <AccountForm
        form={form}
        onSubmit={onSubmit}
        submitLabel={t(RESET_REQUEST_TEXTS.send)}
        submitProps={{ fullWidth: true }}
      >
        <EmailField data-autofocus {...form.field("email")} />
      </AccountForm>
    </Stack>
  );
}

/** The success state; focus moves to its button so keyboard users land on the next step. */
function ResetLinkSent({ onLogIn, onClose }: { onLogIn?: (() => void) | undefined; onClose: () => void }) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => buttonRef.current?.focus(), []);
  return (
    <Stack gap="md">
      <Alert variant="light" color="green" icon={<IconMailCheck aria-hidden />} role="status">
        {t(SCREEN_TEXTS.passwordResetSent)}
      </Alert>
      <Text size="sm" c="dimmed">
        {t(RESET_REQUEST_TEXTS.linkLifetime)}
      </Text>
      <Button ref={buttonRef} onClick={onLogIn ?? onClose}>
        {t(onLogIn ? LOGIN_TEXTS.backToLogIn : COMPONENT_TEXTS.close)}
      </Button>
    </Stack>
  );
}
