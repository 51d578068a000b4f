import { CreateScimTokenRequestSchema, SCIM_BASE_PATH, type ScimToken } from "@ideaport/shared";
import { Button, Group, Stack, TextInput, Title } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { ActionFeedback } from "../../components/action-feedback.tsx";
import { ConfirmRemoval } from "../../components/confirm-removal.tsx";
import { CopyableValue } from "../../components/copyable-value.tsx";
import { QueryStates } from "../../components/query-states.tsx";
import { SecretFormModal } from "../../components/secret-form-modal.tsx";
import { SettingsSection } from "../../components/settings-section.tsx";
import { RowButton, SettingsTable, TimeCell } from "../../components/settings-table.tsx";
import { t } from "../../lib/i18n.ts";
import { useSchemaForm } from "../../lib/use-schema-form.ts";
import { useCreateScimToken, useRevokeScimToken, useScimTokens } from "./provisioning.queries.ts";
import { PROVISIONING_TEXTS as T } from "./provisioning.texts.ts";

/** The Create token dialog: a name, then the new token shown this once. */
function CreateTokenDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const createToken = useCreateScimToken();
  const [created, setCreated] = useState<string | null>(null);
  const form = useSchemaForm(CreateScimTokenRequestSchema, {
    defaultValues: { name: "" },
    fieldNames: { name: "name" },
  });
  const onSubmit = form.submit((values) => createToken.mutateAsync(values), {
    onSuccess: (answer) => setCreated(answer.token),
  });
  const close = () => {
    setCreated(null);
    form.reset({ name: "" });
    onClose();
  };

  return (
    <SecretFormModal
      opened={opened}
      title={t(T.createTitle)}
      secret={created}
      shown={{
        title: t(T.createdTitle),
        warning: t(T.createdWarning),
        label: t(T.tokenLabel),
        copyLabel: t(T.copyToken),
        doneLabel: t(T.done),
      }}
      onClose={close}
      onSubmit={onSubmit}
      error={form.formError}
      submitLabel={t(T.create)}
      isSubmitting={form.formState.isSubmitting}
    >
      <TextInput
        label={t(T.tokenName)}
        description={t(T.tokenNameHint)}
        required
        data-autofocus
        {...form.field("name")}
      />
    </SecretFormModal>
  );
}

/**
 * Company Settings → Provisioning (admins): the SCIM base URL to paste into the identity
 * provider, the company's tokens with their last use, "Create token" (shown once, with a copy
 * button) and "Revoke" after a confirmation.
 */
export function ProvisioningSection() {
  const tokens = useScimTokens();
  const revokeToken = useRevokeScimToken();
  const [isCreating, setIsCreating] = useState(false);
  const [toRevoke, setToRevoke] = useState<ScimToken | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const baseUrl = `${window.location.origin}${SCIM_BASE_PATH}`;

  return (
    <SettingsSection title={t(T.title)} description={t(T.description)}>
      <Stack gap="lg">
        <CopyableValue
          label={t(T.baseUrlLabel)}
          description={t(T.baseUrlHint)}
          value={baseUrl}
          copyLabel={t(T.copyBaseUrl)}
        />
        <Stack gap="sm">
          <Group justify="space-between" align="center">
            <Title order={4}>{t(T.tokensHeading)}</Title>
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => {
                setSuccess(null);
                setIsCreating(true);
              }}
            >
              {t(T.createToken)}
            </Button>
          </Group>
          <QueryStates query={tokens} loading={t(T.loading)} failure={t(T.loadFailed)}>
            {({ tokens: list }) => (
              <SettingsTable
                label={t(T.tokensTable)}
                minWidth={560}
                rows={list}
                empty={t(T.noTokens)}
                rowHeader={{ header: t(T.columnName), cell: (token) => token.name }}
                columns={[
                  { header: t(T.columnCreated), cell: (token) => <TimeCell value={token.created_at} withTime /> },
                  {
                    header: t(T.columnLastUsed),
                    cell: (token) =>
                      token.last_used_at ? <TimeCell value={token.last_used_at} withTime /> : t(T.neverUsed),
                  },
                ]}
                actions={{
                  header: t(T.columnActions),
                  cell: (token) => (
                    <RowButton
                      removes
                      label={t(T.revokeNamed, { name: token.name })}
                      onClick={() => setToRevoke(token)}
                    >
                      {t(T.revoke)}
                    </RowButton>
                  ),
                }}
              />
            )}
          </QueryStates>
        </Stack>
      </Stack>
      <ActionFeedback success={success} />
      <CreateTokenDialog opened={isCreating} onClose={() => setIsCreating(false)} />
      <ConfirmRemoval
        row={toRevoke}
        mutation={revokeToken}
        title={(token) => t(T.revokeTitle, { name: token?.name ?? "" })}
        confirmLabel={t(T.revoke)}
        onRemoved={(token) => {
          setToRevoke(null);
          setSuccess(t(T.revoked, { name: token.name }));
        }}
        onClose={() => setToRevoke(null)}
      >
        {t(T.revokeQuestion)}
      </ConfirmRemoval>
    </SettingsSection>
  );
}
