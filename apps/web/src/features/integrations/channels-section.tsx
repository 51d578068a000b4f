import {
  CHANNEL_KINDS,
  type ChannelKind,
  type CreateChannelRequest,
  CreateChannelRequestSchema,
  type IntegrationChannel,
  type IntegrationEvent,
  type UpdateChannelRequest,
  UpdateChannelRequestSchema,
} from "@ideaport/shared";
import { Button, Modal, NativeSelect, Stack, TextInput } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { ActionFeedback } from "../../components/action-feedback.tsx";
import { ConfirmRemoval } from "../../components/confirm-removal.tsx";
import { DialogForm } from "../../components/dialog-form.tsx";
import { QueryStates } from "../../components/query-states.tsx";
import { SettingsSection } from "../../components/settings-section.tsx";
import { RowButton, SettingsTable } from "../../components/settings-table.tsx";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { t } from "../../lib/i18n.ts";
import { requestResolver, useSchemaForm } from "../../lib/use-schema-form.ts";
import { EventsFormField, eventNames, failureReason } from "./integration-fields.tsx";
import {
  useChannels,
  useCreateChannel,
  useDeleteChannel,
  useTestChannel,
  useUpdateChannel,
} from "./integrations.queries.ts";
import { INTEGRATIONS_TEXTS as T } from "./integrations.texts.ts";

const KIND_LABELS = { slack: T.kindSlack, teams: T.kindTeams } as const;

interface ChannelForm {
  kind: ChannelKind;
  name: string;
  url: string;
  events: IntegrationEvent[];
}

const CHANNEL_FIELDS = ["kind", "name", "url", "events"] as const;

/** A change to a channel: an empty address keeps the saved one. */
function changesOf({ name, url, events }: ChannelForm): UpdateChannelRequest {
  return { name, events, ...(url.trim() ? { url: url.trim() } : {}) };
}

/** Connect (no `channel`) or change a channel: its tool, name, address (write-only) and events. */
function ChannelDialog({
  channel,
  teamId,
  onClose,
  onSaved,
}: {
  channel: IntegrationChannel | null;
  teamId: string | null;
  onClose: () => void;
  onSaved: (name: string) => void;
}) {
  const create = useCreateChannel();
  const update = useUpdateChannel();
  const newChannelOf = (values: ChannelForm): CreateChannelRequest => ({
    ...values,
    url: values.url.trim(),
    team_id: teamId,
  });
  const form = useSchemaForm<ChannelForm>(
    channel
      ? requestResolver(UpdateChannelRequestSchema, changesOf, CHANNEL_FIELDS)
      : requestResolver(CreateChannelRequestSchema, newChannelOf, CHANNEL_FIELDS),
    {
      defaultValues: {
        kind: channel?.kind ?? "slack",
        name: channel?.name ?? "",
        url: "",
        events: channel?.events ?? ["idea.submitted"],
      },
      fieldNames: { kind: "kind", name: "name", url: "url", events: "events" },
    },
  );
  const onSubmit = form.submit(
    (values) =>
      channel
        ? update.mutateAsync({ id: channel.id, changes: changesOf(values) })
        : create.mutateAsync(newChannelOf(values)),
    { onSuccess: (_answer, values) => onSaved(values.name.trim()) },
  );

  return (
    <Modal
      opened
      onClose={onClose}
      title={channel ? t(T.editTitle, { name: channel.name }) : t(T.connectTitle)}
      centered
      size="lg"
    >
      <DialogForm
        onSubmit={onSubmit}
        error={form.formError}
        onCancel={onClose}
        submitLabel={channel ? t(T.save) : t(T.connect)}
        isSubmitting={form.formState.isSubmitting}
      >
        <NativeSelect
          label={t(T.kindLabel)}
          disabled={channel !== null}
          data={CHANNEL_KINDS.map((kind) => ({ value: kind, label: t(KIND_LABELS[kind]) }))}
          {...form.field("kind")}
        />
        <TextInput label={t(T.nameLabel)} description={t(T.nameHint)} required data-autofocus {...form.field("name")} />
        <TextInput
          label={t(T.urlLabel)}
          description={channel ? t(T.urlKeepHint, { host: channel.url_host }) : t(T.urlHint)}
          required={channel === null}
          type="url"
          autoComplete="off"
          {...form.field("url")}
        />
        <EventsFormField form={form} forTeam={teamId !== null} />
      </DialogForm>
    </Modal>
  );
}

/**
 * The chat channels: a team's own (Team Settings, its managers) when `teamId` is given, else the
 * company's (Company Settings → Integrations, admins). Connect, change, test and remove.
 */
export function ChannelsSection({ teamId }: { teamId: string | null }) {
  const channels = useChannels(teamId);
  const test = useTestChannel();
  const remove = useDeleteChannel();
  const [editing, setEditing] = useState<IntegrationChannel | "new" | null>(null);
  const [toRemove, setToRemove] = useState<IntegrationChannel | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const sendTest = (channel: IntegrationChannel) => {
    setSuccess(null);
    setFailure(null);
    test.mutate(channel.id, {
      onSuccess: (answer) =>
        answer.delivered
          ? setSuccess(t(T.testDelivered, { name: channel.name }))
          : setFailure(t(T.testFailed, { name: channel.name, reason: failureReason(answer) })),
      onError: (error) => setFailure(errorMessageOf(error)),
    });
  };

  return (
    <SettingsSection
      title={teamId ? t(T.teamChannelsTitle) : t(T.channelsTitle)}
      description={teamId ? t(T.teamChannelsDescription) : t(T.channelsDescription)}
      actions={
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => {
            setSuccess(null);
            setEditing("new");
          }}
        >
          {t(T.connectChannel)}
        </Button>
      }
    >
      <QueryStates query={channels} loading={t(T.loadingChannels)} failure={t(T.channelsFailed)}>
        {({ channels: all }) => (
          <SettingsTable
            label={t(T.channelsTable)}
            minWidth={720}
            // A team's section lists its own channels; the company's, the company channels.
            rows={all.filter((channel) => channel.team_id === teamId)}
            empty={t(T.noChannels)}
            rowHeader={{ header: t(T.columnName), cell: (channel) => channel.name }}
            columns={[
              { header: t(T.columnKind), cell: (channel) => t(KIND_LABELS[channel.kind]) },
              { header: t(T.columnHost), cell: (channel) => channel.url_host },
              { header: t(T.columnEvents), cell: (channel) => eventNames(channel.events) },
            ]}
            actions={{
              header: t(T.columnActions),
              cell: (channel) => (
                <>
                  <RowButton
                    label={t(T.sendTestNamed, { name: channel.name })}
                    loading={test.isPending && test.variables === channel.id}
                    onClick={() => sendTest(channel)}
                  >
                    {t(T.sendTest)}
                  </RowButton>
                  <RowButton label={t(T.editNamed, { name: channel.name })} onClick={() => setEditing(channel)}>
                    {t(T.edit)}
                  </RowButton>
                  <RowButton
                    removes
                    label={t(T.removeNamed, { name: channel.name })}
                    onClick={() => setToRemove(channel)}
                  >
                    {t(T.remove)}
                  </RowButton>
                </>
              ),
            }}
          />
        )}
      </QueryStates>
      <Stack gap="xs">
        <ActionFeedback success={success} error={failure} />
      </Stack>
      {editing !== null && (
        <ChannelDialog
          key={editing === "new" ? "new" : editing.id}
          channel={editing === "new" ? null : editing}
          teamId={teamId}
          onClose={() => setEditing(null)}
          onSaved={(name) => {
            setEditing(null);
            setSuccess(t(T.channelSaved, { name }));
          }}
        />
      )}
      <ConfirmRemoval
        row={toRemove}
        mutation={remove}
        title={(channel) => t(T.removeChannelTitle, { name: channel?.name ?? "" })}
        confirmLabel={t(T.remove)}
        onRemoved={(channel) => {
          setToRemove(null);
          setSuccess(t(T.channelRemoved, { name: channel.name }));
        }}
        onClose={() => setToRemove(null)}
      >
        {t(T.removeChannelQuestion)}
      </ConfirmRemoval>
    </SettingsSection>
  );
}
