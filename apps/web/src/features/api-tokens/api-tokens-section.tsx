import {
  API_TOKEN_LIFETIMES_DAYS,
  type ApiToken,
  CreateApiTokenRequestSchema,
  isAdmin,
  TOKEN_SCOPES,
  type TokenScope,
} from "@ideaport/shared";
import { Badge, Button, Checkbox, Group, NativeSelect, Stack, TextInput } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { ActionFeedback } from "../../components/action-feedback.tsx";
import { ConfirmRemoval } from "../../components/confirm-removal.tsx";
import { QueryStates } from "../../components/query-states.tsx";
import { SecretFormModal } from "../../components/secret-form-modal.tsx";
import { SettingsSection } from "../../components/settings-section.tsx";
import { RowButton, SettingsTable, TimeCell } from "../../components/settings-table.tsx";
import { useAuth } from "../../lib/auth-provider.tsx";
import { t } from "../../lib/i18n.ts";
import { useSchemaForm } from "../../lib/use-schema-form.ts";
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from "./api-tokens.queries.ts";
import { API_TOKEN_TEXTS as T, TOKEN_SCOPE_TEXTS } from "./api-tokens.texts.ts";

const EMPTY_FORM = { name: "", expires_in_days: 30 as const, scopes: [] as TokenScope[] };

/** The Create token dialog: a name, an expiry and scopes, then the new token shown this once. */
function CreateTokenDialog({
  opened,
  onClose,
  scopes,
}: {
  opened: boolean;
  onClose: () => void;
  /** The scopes this person may give (admin only for admins). */
  scopes: readonly TokenScope[];
}) {
  const createToken = useCreateApiToken();
  const [created, setCreated] = useState<string | null>(null);
  const form = useSchemaForm(CreateApiTokenRequestSchema, {
    defaultValues: EMPTY_FORM,
    fieldNames: { name: "name", expires_in_days: "expires_in_days", scopes: "scopes" },
  });
  const onSubmit = form.submit((values) => createToken.mutateAsync(values), {
    onSuccess: (answer) => setCreated(answer.token),
  });
  const close = () => {
    setCreated(null);
    form.reset(EMPTY_FORM);
    onClose();
  };
  const chosen = form.watch("scopes");
  const scopesError = form.field("scopes").error;

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
      <NativeSelect
        label={t(T.expiry)}
        data={API_TOKEN_LIFETIMES_DAYS.map((days) => ({
          value: String(days),
          label: t(T.expiryOption, { days }),
        }))}
        {...form.field("expires_in_days", { valueAsNumber: true })}
      />
      <Checkbox.Group
        label={t(T.scopes)}
        description={t(T.scopesHint)}
        required
        value={chosen}
        onChange={(value) =>
          form.setValue("scopes", value as TokenScope[], { shouldValidate: form.formState.isSubmitted })
        }
        error={scopesError}
      >
        <Stack gap="xs" mt="xs">
          {scopes.map((scope) => (
            <Checkbox
              key={scope}
              value={scope}
              label={t(TOKEN_SCOPE_TEXTS[scope])}
              description={t(T.scopeCode, { scope })}
            />
          ))}
        </Stack>
      </Checkbox.Group>
    </SecretFormModal>
  );
}

/**
 * Profile Settings → API tokens: the person's own tokens with their scopes, expiry and last use,
 * "Create token" (shown once, with a copy button) and "Revoke" after a confirmation.
 */
export function ApiTokensSection() {
  const { user } = useAuth();
  const tokens = useApiTokens();
  const revokeToken = useRevokeApiToken();
  const [isCreating, setIsCreating] = useState(false);
  const [toRevoke, setToRevoke] = useState<ApiToken | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const grantable = TOKEN_SCOPES.filter((scope) => scope !== "admin" || (user !== null && isAdmin(user)));

  return (
    <SettingsSection
      title={t(T.title)}
      description={t(T.description)}
      actions={
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => {
            setSuccess(null);
            setIsCreating(true);
          }}
        >
          {t(T.createToken)}
        </Button>
      }
    >
      <QueryStates query={tokens} loading={t(T.loading)} failure={t(T.loadFailed)}>
        {({ tokens: list }) => (
          <SettingsTable
            label={t(T.tokensTable)}
            minWidth={720}
            rows={list}
            empty={t(T.noTokens)}
            rowHeader={{ header: t(T.columnName), cell: (token) => token.name }}
            columns={[
              {
                header: t(T.columnScopes),
                cell: (token) => (
                  <Group gap={4}>
                    {token.scopes.map((scope) => (
                      <Badge key={scope} variant="light" color="gray.8" tt="none" title={t(TOKEN_SCOPE_TEXTS[scope])}>
                        {scope}
                      </Badge>
                    ))}
                  </Group>
                ),
              },
              { header: t(T.columnCreated), cell: (token) => <TimeCell value={token.created_at} /> },
              { header: t(T.columnExpires), cell: (token) => <TimeCell value={token.expires_at} /> },
              {
                header: t(T.columnLastUsed),
                cell: (token) =>
                  token.last_used_at ? <TimeCell value={token.last_used_at} withTime /> : t(T.neverUsed),
              },
            ]}
            actions={{
              header: t(T.columnActions),
              cell: (token) => (
                <RowButton removes label={t(T.revokeNamed, { name: token.name })} onClick={() => setToRevoke(token)}>
                  {t(T.revoke)}
                </RowButton>
              ),
            }}
          />
        )}
      </QueryStates>
      <ActionFeedback success={success} />
      <CreateTokenDialog opened={isCreating} onClose={() => setIsCreating(false)} scopes={grantable} />
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
