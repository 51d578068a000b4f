import {
  INTEGRATION_EVENT_LABELS,
  type IntegrationEvent,
  WEBHOOK_FAILURES_BEFORE_DISABLING,
  type Webhook,
} from "@ideaport/shared";
import { Alert, Button, CopyButton, Group, Modal, Stack, Switch, Table, Text, TextInput } from "@mantine/core";
import { IconCheck, IconCopy, IconKey, IconPlus } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { ActionFeedback } from "../../components/action-feedback.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { DialogForm } from "../../components/dialog-form.tsx";
import { QueryStates } from "../../components/query-states.tsx";
import { ScrollableTable } from "../../components/scrollable-table.tsx";
import { SettingsSection } from "../../components/settings-section.tsx";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { formatDateTime } from "../../lib/format.ts";
import { t } from "../../lib/i18n.ts";
import { EventsField, eventNames, failureReason, Row } from "./integration-fields.tsx";
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
function AddWebhookDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateWebhook();
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<IntegrationEvent[]>(["idea.submitted"]);
  const [secret, setSecret] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ url: url.trim(), events }, { onSuccess: (answer) => setSecret(answer.secret) });
  };
  return (
    <Modal opened onClose={onClose} title={secret ? t(T.secretTitle) : t(T.addWebhookTitle)} centered size="lg">
      {secret ? (
        <Stack gap="md">
          <Alert variant="light" color="orange" icon={<IconKey size={18} aria-hidden />}>
            {t(T.secretWarning)}
          </Alert>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label={t(T.secretLabel)}
              value={secret}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
              style={{ flex: "1 1 320px" }}
              styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
            />
            <CopyButton value={secret} timeout={3000}>
              {({ copied, copy }) => (
                <Button
                  variant="default"
                  onClick={copy}
                  aria-label={copied ? t(T.copied) : t(T.copySecret)}
                  leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                >
                  {copied ? t(T.copied) : t(T.copy)}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              {t(T.done)}
            </Button>
          </Group>
        </Stack>
      ) : (
        <DialogForm
          onSubmit={submit}
          error={create.error ? errorMessageOf(create.error) : null}
          onCancel={onClose}
          submitLabel={t(T.register)}
          isSubmitting={create.isPending}
        >
          <TextInput
            label={t(T.webhookUrlLabel)}
            description={t(T.webhookUrlHint)}
            required
            type="url"
            data-autofocus
            value={url}
            onChange={(event) => setUrl(event.currentTarget.value)}
          />
          <EventsField value={events} onChange={setEvents} forTeam={false} />
        </DialogForm>
      )}
    </Modal>
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
          {({ deliveries: list }) =>
            list.length === 0 ? (
              <Text size="sm" c="gray.7">
                {t(T.logEmpty)}
              </Text>
            ) : (
              <ScrollableTable label={t(T.logTable)} minWidth={720}>
                <Table aria-label={t(T.logTable)}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t(T.columnTime)}</Table.Th>
                      <Table.Th scope="col">{t(T.columnEvent)}</Table.Th>
                      <Table.Th scope="col">{t(T.columnAttempt)}</Table.Th>
                      <Table.Th scope="col">{t(T.columnStatus)}</Table.Th>
                      <Table.Th scope="col">{t(T.columnAnswer)}</Table.Th>
                      <Table.Th scope="col">{t(T.columnActions)}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {list.map((attempt) => (
                      <Table.Tr key={attempt.id}>
                        <Table.Td>
                          <time dateTime={attempt.created_at}>{formatDateTime(attempt.created_at)}</time>
                        </Table.Td>
                        <Table.Td>
                          {attempt.event_type in INTEGRATION_EVENT_LABELS
                            ? t(INTEGRATION_EVENT_LABELS[attempt.event_type as IntegrationEvent])
                            : attempt.event_type}
                        </Table.Td>
                        <Table.Td>{attempt.attempt}</Table.Td>
                        <Table.Td>
                          {attempt.error === null
                            ? t(T.statusCode, { status: attempt.status_code ?? 0 })
                            : failureReason(attempt)}
                        </Table.Td>
                        <Table.Td>
                          <Text size="xs" ff="monospace" style={{ wordBreak: "break-all" }}>
                            {attempt.excerpt ?? ""}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Button
                            size="xs"
                            variant="default"
                            aria-label={t(T.resendNamed, { delivery: attempt.delivery_id })}
                            loading={resend.isPending && resend.variables?.deliveryId === attempt.delivery_id}
                            onClick={() =>
                              resend.mutate(
                                { webhookId: webhook.id, deliveryId: attempt.delivery_id },
                                { onSuccess: () => setSuccess(t(T.resent)) },
                              )
                            }
                          >
                            {t(T.resend)}
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollableTable>
            )
          }
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
        {({ webhooks: list }) =>
          list.length === 0 ? (
            <Text size="sm" c="gray.7">
              {t(T.noWebhooks)}
            </Text>
          ) : (
            <ScrollableTable label={t(T.webhooksTable)} minWidth={720}>
              <Table aria-label={t(T.webhooksTable)}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t(T.columnUrl)}</Table.Th>
                    <Table.Th scope="col">{t(T.columnEvents)}</Table.Th>
                    <Table.Th scope="col">{t(T.columnEnabled)}</Table.Th>
                    <Table.Th scope="col">{t(T.columnActions)}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((webhook) => (
                    <Table.Tr key={webhook.id}>
                      <Table.Th scope="row" fw={600} style={{ wordBreak: "break-all" }}>
                        {webhook.url}
                        {webhook.disabled_for_failures_at && !webhook.enabled ? (
                          <Text size="xs" c="red.9">
                            {t(T.switchedOff, { failures: WEBHOOK_FAILURES_BEFORE_DISABLING })}
                          </Text>
                        ) : null}
                      </Table.Th>
                      <Table.Td>{eventNames(webhook.events)}</Table.Td>
                      <Table.Td>
                        <Switch
                          checked={webhook.enabled}
                          aria-label={t(T.enabledNamed, { url: webhook.url })}
                          onChange={(event) =>
                            update.mutate({ id: webhook.id, changes: { enabled: event.currentTarget.checked } })
                          }
                        />
                      </Table.Td>
                      <Table.Td>
                        <Row>
                          <Button
                            size="xs"
                            variant="default"
                            aria-label={t(T.showLogNamed, { url: webhook.url })}
                            onClick={() => setLogOf(webhook)}
                          >
                            {t(T.showLog)}
                          </Button>
                          <Button
                            size="xs"
                            variant="default"
                            color="red.9"
                            aria-label={t(T.removeNamed, { name: webhook.url })}
                            onClick={() => setToRemove(webhook)}
                          >
                            {t(T.remove)}
                          </Button>
                        </Row>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollableTable>
          )
        }
      </QueryStates>
      <ActionFeedback success={success} error={update.error ? errorMessageOf(update.error) : null} />
      {isAdding && <AddWebhookDialog onClose={() => setIsAdding(false)} />}
      {logOf && <DeliveryLogDialog webhook={logOf} onClose={() => setLogOf(null)} />}
      <ConfirmDialog
        opened={toRemove !== null}
        title={t(T.removeWebhookTitle, { url: toRemove?.url ?? "" })}
        confirmLabel={t(T.remove)}
        onConfirm={() => {
          if (!toRemove) return;
          const webhook = toRemove;
          remove.mutate(webhook.id, {
            onSuccess: () => {
              setToRemove(null);
              setSuccess(t(T.webhookRemoved, { url: webhook.url }));
            },
          });
        }}
        onCancel={() => {
          setToRemove(null);
          remove.reset();
        }}
        isPending={remove.isPending}
        error={remove.error ? errorMessageOf(remove.error) : null}
      >
        {t(T.removeWebhookQuestion)}
      </ConfirmDialog>
    </SettingsSection>
  );
}
