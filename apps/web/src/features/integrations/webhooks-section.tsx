import {
  CreateWebhookRequestSchema,
  INTEGRATION_EVENT_LABELS,
  type IntegrationEvent,
  WEBHOOK_FAILURES_BEFORE_DISABLING,
  type Webhook,
} from "@ideaport/shared";
import { Button, Group, Modal, Stack, Switch, Text, TextInput } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { ActionFeedback } from "../../components/action-feedback.tsx";
import { ConfirmRemoval } from "../../components/confirm-removal.tsx";
import { QueryStates } from "../../components/query-states.tsx";
import { SecretFormModal } from "../../components/secret-form-modal.tsx";
import { SettingsSection } from "../../components/settings-section.tsx";
import { RowButton, SettingsTable, TimeCell } from "../../components/settings-table.tsx";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { t } from "../../lib/i18n.ts";
import { useSchemaForm } from "../../lib/use-schema-form.ts";
import { EventsFormField, eventNames, failureReason } from "./integration-fields.tsx";
import {
  useCreateWebhook,
  useDeleteWebhook,
  useResendDelivery,
  useTestWebhook,
  useUpdateWebhook,
  useWebhookDeliveries,
  useWebhooks,
} from "./integrations.queries.ts";
import { INTEGRATIONS_TEXTS as T } from "./integrations.texts.ts";

/** Add a webhook: its address and events, then its signing secret shown this once. */
function WebhookDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateWebhook();
  const [secret, setSecret] = useState<string | null>(null);
  const form = useSchemaForm(CreateWebhookRequestSchema, {
    defaultValues: { url: "", events: ["idea.submitted"] },
    fieldNames: { url: "url", events: "events" },
  });
  const onSubmit = form.submit((values) => create.mutateAsync(values), {
    onSuccess: (answer) => setSecret(answer.secret),
  });
  return (
    <SecretFormModal
      title={t(T.addWebhookTitle)}
      secret={secret}
      shown={{
        title: t(T.secretTitle),
        warning: t(T.secretWarning),
        label: t(T.secretLabel),
        copyLabel: t(T.copySecret),
        doneLabel: t(T.done),
      }}
      onClose={onClose}
      onSubmit={onSubmit}
      error={form.formError}
      submitLabel={t(T.register)}
      isSubmitting={form.formState.isSubmitting}
    >
      <TextInput
        label={t(T.webhookUrlLabel)}
        description={t(T.webhookUrlHint)}
        required
        type="url"
        data-autofocus
        {...form.field("url")}
      />
      <EventsFormField form={form} forTeam={false} />
    </SecretFormModal>
  );
}

/** A webhook's last attempts with Resend, refreshed while open. */
function DeliveryLogDialog({ webhook, onClose }: { webhook: Webhook; onClose: () => void }) {
  const deliveries = useWebhookDeliveries(webhook.id);
  const resend = useResendDelivery();
  const test = useTestWebhook();
  const [success, setSuccess] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const sendTest = () => {
    setSuccess(null);
    setFailure(null);
    test.mutate(webhook.id, {
      onSuccess: (answer) =>
        answer.delivered
          ? setSuccess(t(T.testDeliveryDone, { status: answer.status_code ?? 0 }))
          : setFailure(t(T.testDeliveryFailed, { reason: failureReason(answer) })),
      onError: (error) => setFailure(errorMessageOf(error)),
    });
  };
  return (
    <Modal opened onClose={onClose} title={t(T.logTitle, { url: webhook.url })} centered size="xl">
      <Stack gap="md">
        <Group justify="flex-end">
          <Button variant="default" onClick={sendTest} loading={test.isPending}>
            {t(T.sendTestDelivery)}
          </Button>
        </Group>
        <ActionFeedback success={success} error={failure} />
        <QueryStates query={deliveries} loading={t(T.logLoading)} failure={t(T.logFailed)}>
          {({ deliveries: list }) => (
            <SettingsTable
              label={t(T.logTable)}
              minWidth={720}
              rows={list}
              empty={t(T.logEmpty)}
              columns={[
                { header: t(T.columnTime), cell: (attempt) => <TimeCell value={attempt.created_at} withTime /> },
                {
                  header: t(T.columnEvent),
                  cell: (attempt) =>
                    attempt.event_type in INTEGRATION_EVENT_LABELS
                      ? t(INTEGRATION_EVENT_LABELS[attempt.event_type as IntegrationEvent])
                      : attempt.event_type,
                },
                { header: t(T.columnAttempt), cell: (attempt) => attempt.attempt },
                {
                  header: t(T.columnStatus),
                  cell: (attempt) =>
                    attempt.error === null
                      ? t(T.statusCode, { status: attempt.status_code ?? 0 })
                      : failureReason(attempt),
                },
                {
                  header: t(T.columnAnswer),
                  cell: (attempt) => (
                    <Text size="xs" ff="monospace" style={{ wordBreak: "break-all" }}>
                      {attempt.excerpt ?? ""}
                    </Text>
                  ),
                },
              ]}
              actions={{
                header: t(T.columnActions),
                cell: (attempt) => (
                  <RowButton
                    label={t(T.resendNamed, { delivery: attempt.delivery_id })}
                    loading={resend.isPending && resend.variables?.deliveryId === attempt.delivery_id}
                    onClick={() =>
                      resend.mutate(
                        { webhookId: webhook.id, deliveryId: attempt.delivery_id },
                        { onSuccess: () => setSuccess(t(T.resent)) },
                      )
                    }
                  >
                    {t(T.resend)}
                  </RowButton>
                ),
              }}
            />
          )}
        </QueryStates>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t(T.close)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Company Settings → Integrations → Webhooks (admins): add, switch on and off, the log, remove. */
export function WebhooksSection() {
  const webhooks = useWebhooks();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const [isAdding, setIsAdding] = useState(false);
  const [logOf, setLogOf] = useState<Webhook | null>(null);
  const [toRemove, setToRemove] = useState<Webhook | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  return (
    <SettingsSection
      title={t(T.webhooksTitle)}
      description={t(T.webhooksDescription)}
      actions={
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => {
            setSuccess(null);
            setIsAdding(true);
          }}
        >
          {t(T.addWebhook)}
        </Button>
      }
    >
      <QueryStates query={webhooks} loading={t(T.loadingWebhooks)} failure={t(T.webhooksFailed)}>
        {({ webhooks: list }) => (
          <SettingsTable
            label={t(T.webhooksTable)}
            minWidth={720}
            rows={list}
            empty={t(T.noWebhooks)}
            rowHeader={{
              header: t(T.columnUrl),
              style: { wordBreak: "break-all" },
              cell: (webhook) => (
                <>
                  {webhook.url}
                  {webhook.disabled_for_failures_at && !webhook.enabled ? (
                    <Text size="xs" c="red.9">
                      {t(T.switchedOff, { failures: WEBHOOK_FAILURES_BEFORE_DISABLING })}
                    </Text>
                  ) : null}
                </>
              ),
            }}
            columns={[
              { header: t(T.columnEvents), cell: (webhook) => eventNames(webhook.events) },
              {
                header: t(T.columnEnabled),
                cell: (webhook) => (
                  <Switch
                    checked={webhook.enabled}
                    aria-label={t(T.enabledNamed, { url: webhook.url })}
                    onChange={(event) =>
                      update.mutate({ id: webhook.id, changes: { enabled: event.currentTarget.checked } })
                    }
                  />
                ),
              },
            ]}
            actions={{
              header: t(T.columnActions),
              cell: (webhook) => (
                <>
                  <RowButton label={t(T.showLogNamed, { url: webhook.url })} onClick={() => setLogOf(webhook)}>
                    {t(T.showLog)}
                  </RowButton>
                  <RowButton
                    removes
                    label={t(T.removeNamed, { name: webhook.url })}
                    onClick={() => setToRemove(webhook)}
                  >
                    {t(T.remove)}
                  </RowButton>
                </>
              ),
            }}
          />
        )}
      </QueryStates>
      <ActionFeedback success={success} error={update.error ? errorMessageOf(update.error) : null} />
      {isAdding && <WebhookDialog onClose={() => setIsAdding(false)} />}
      {logOf && <DeliveryLogDialog webhook={logOf} onClose={() => setLogOf(null)} />}
      <ConfirmRemoval
        row={toRemove}
        mutation={remove}
        title={(webhook) => t(T.removeWebhookTitle, { url: webhook?.url ?? "" })}
        confirmLabel={t(T.remove)}
        onRemoved={(webhook) => {
          setToRemove(null);
          setSuccess(t(T.webhookRemoved, { url: webhook.url }));
        }}
        onClose={() => setToRemove(null)}
      >
        {t(T.removeWebhookQuestion)}
      </ConfirmRemoval>
    </SettingsSection>
  );
}
