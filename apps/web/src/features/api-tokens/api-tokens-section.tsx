import {
  API_TOKEN_LIFETIMES_DAYS,
  type ApiToken,
  CreateApiTokenRequestSchema,
  isAdmin,
  TOKEN_SCOPES,
  type TokenScope,
} from "@ideaport/shared";
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
} from "@mantine/core";
import { IconKey, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { ActionFeedback } from "../../components/action-feedback.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { CopyableValue } from "../../components/copyable-value.tsx";
import { DialogForm } from "../../components/dialog-form.tsx";
import { QueryStates } from "../../components/query-states.tsx";
import { ScrollableTable } from "../../components/scrollable-table.tsx";
import { SettingsSection } from "../../components/settings-section.tsx";
import { useAuth } from "../../lib/auth-provider.tsx";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { formatDate, formatDateTime } from "../../lib/format.ts";
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
    <Modal opened={opened} onClose={close} title={created ? t(T.createdTitle) : t(T.createTitle)} centered size="lg">
      {created ? (
        <Stack gap="md">
          <Alert variant="light" color="orange" icon={<IconKey size={18} aria-hidden />}>
            {t(T.createdWarning)}
          </Alert>
          <CopyableValue label={t(T.tokenLabel)} value={created} copyLabel={t(T.copyToken)} />
          <Group justify="flex-end">
            <Button onClick={close} data-autofocus>
              {t(T.done)}
            </Button>
          </Group>
        </Stack>
      ) : (
        <DialogForm
          onSubmit={onSubmit}
          error={form.formError}
          onCancel={close}
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
        </DialogForm>
      )}
    </Modal>
  );
}

function TokenRow({ token, onRevoke }: { token: ApiToken; onRevoke: (token: ApiToken) => void }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={600}>
        {token.name}
      </Table.Th>
      <Table.Td>
        <Group gap={4}>
          {token.scopes.map((scope) => (
            <Badge key={scope} variant="light" color="gray.8" tt="none" title={t(TOKEN_SCOPE_TEXTS[scope])}>
              {scope}
            </Badge>
          ))}
        </Group>
      </Table.Td>
      <Table.Td>
        <time dateTime={token.created_at}>{formatDate(token.created_at)}</time>
      </Table.Td>
      <Table.Td>
        <time dateTime={token.expires_at}>{formatDate(token.expires_at)}</time>
      </Table.Td>
      <Table.Td>
        {token.last_used_at ? (
          <time dateTime={token.last_used_at}>{formatDateTime(token.last_used_at)}</time>
        ) : (
          t(T.neverUsed)
        )}
      </Table.Td>
      <Table.Td>
        <Button
          variant="default"
          color="red.9"
          size="xs"
          aria-label={t(T.revokeNamed, { name: token.name })}
          onClick={() => onRevoke(token)}
        >
          {t(T.revoke)}
        </Button>
      </Table.Td>
    </Table.Tr>
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

  const confirmRevoke = () => {
    if (!toRevoke) return;
    const token = toRevoke;
    revokeToken.mutate(token.id, {
      onSuccess: () => {
        setToRevoke(null);
        setSuccess(t(T.revoked, { name: token.name }));
      },
    });
  };
  const closeRevoke = () => {
    setToRevoke(null);
    revokeToken.reset();
  };

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
        {({ tokens: list }) =>
          list.length === 0 ? (
            <Text size="sm" c="gray.7">
              {t(T.noTokens)}
            </Text>
          ) : (
            <ScrollableTable label={t(T.tokensTable)} minWidth={720}>
              <Table aria-label={t(T.tokensTable)}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t(T.columnName)}</Table.Th>
                    <Table.Th scope="col">{t(T.columnScopes)}</Table.Th>
                    <Table.Th scope="col">{t(T.columnCreated)}</Table.Th>
                    <Table.Th scope="col">{t(T.columnExpires)}</Table.Th>
                    <Table.Th scope="col">{t(T.columnLastUsed)}</Table.Th>
                    <Table.Th scope="col">{t(T.columnActions)}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((token) => (
                    <TokenRow key={token.id} token={token} onRevoke={setToRevoke} />
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollableTable>
          )
        }
      </QueryStates>
      <ActionFeedback success={success} />
      <CreateTokenDialog opened={isCreating} onClose={() => setIsCreating(false)} scopes={grantable} />
      <ConfirmDialog
        opened={toRevoke !== null}
        title={t(T.revokeTitle, { name: toRevoke?.name ?? "" })}
        confirmLabel={t(T.revoke)}
        onConfirm={confirmRevoke}
        onCancel={closeRevoke}
        isPending={revokeToken.isPending}
        error={revokeToken.error ? errorMessageOf(revokeToken.error) : null}
      >
        {t(T.revokeQuestion)}
      </ConfirmDialog>
    </SettingsSection>
  );
}
