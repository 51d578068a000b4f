import type { ChannelKind, IntegrationChannel, IntegrationEvent } from "@ideaport/shared";
import { Button, Modal, NativeSelect, Stack, TextInput } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { ActionFeedback } from "../../components/action-feedback.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { DialogForm } from "../../components/dialog-form.tsx";
import { QueryStates } from "../../components/query-states.tsx";
import { SettingsSection } from "../../components/settings-section.tsx";
import { RowButton, SettingsTable } from "../../components/settings-table.tsx";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { t } from "../../lib/i18n.ts";
import { EventsField, eventNames, failureReason } from "./integration-fields.tsx";
import {
  useChannels,
  useCreateChannel,
  useDeleteChannel,
  useTestChannel,
  useUpdateChannel,
} from "./integrations.queries.ts";
import { INTEGRATIONS_TEXTS as T } from "./integrations.texts.ts";

const KIND_LABELS = { slack: T.kindSlack, teams: T.kindTeams } as const;

/** Connect (no `channel`) or change a channel: its tool, name, address (write-only) and events. */
function ChannelDialog({
  opened,
  channel,
  teamId,
  onClose,
  onSaved,
}: {
  opened: boolean;
  channel: IntegrationChannel | null;
  teamId: string | null;
  onClose: () => void;
  onSaved: (name: string) => void;
}) {
  const create = useCreateChannel();
  const update = useUpdateChannel();
  const [kind, setKind] = useState<ChannelKind>(channel?.kind ?? "slack");
  const [name, setName] = useState(channel?.name ?? "");
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<IntegrationEvent[]>(channel?.events ?? ["idea.submitted"]);
  const mutation = channel ? update : create;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const done = { onSuccess: () => onSaved(name.trim()) };
    if (channel) {
      update.mutate({ id: channel.id, changes: { name, events, ...(url.trim() ? { url: url.trim() } : {}) } }, done);
    } else {
      create.mutate({ kind, name, url: url.trim(), events, team_id: teamId }, done);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={channel ? t(T.editTitle, { name: channel.name }) : t(T.connectTitle)}
      centered
      size="lg"
    >
      <DialogForm
        onSubmit={submit}
        error={mutation.error ? errorMessageOf(mutation.error) : null}
        onCancel={onClose}
        submitLabel={channel ? t(T.save) : t(T.connect)}
        isSubmitting={mutation.isPending}
      >
        <NativeSelect
          label={t(T.kindLabel)}
          value={kind}
          disabled={channel !== null}
          onChange={(event) => setKind(event.currentTarget.value as ChannelKind)}
          data={[
            { value: "slack", label: t(T.kindSlack) },
            { value: "teams", label: t(T.kindTeams) },
          ]}
        />
        <TextInput
          label={t(T.nameLabel)}
          description={t(T.nameHint)}
          required
          data-autofocus
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <TextInput
          label={t(T.urlLabel)}
          description={channel ? t(T.urlKeepHint, { host: channel.url_host }) : t(T.urlHint)}
          required={channel === null}
          type="url"
          autoComplete="off"
          value={url}
          onChange={(event) => setUrl(event.currentTarget.value)}
        />
        <EventsField value={events} onChange={setEvents} forTeam={teamId !== null} />
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
  const confirmRemove = () => {
    if (!toRemove) return;
    const channel = toRemove;
    remove.mutate(channel.id, {
      onSuccess: () => {
        setToRemove(null);
        setSuccess(t(T.channelRemoved, { name: channel.name }));
      },
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
          opened
          channel={editing === "new" ? null : editing}
          teamId={teamId}
          onClose={() => setEditing(null)}
          onSaved={(name) => {
            setEditing(null);
            setSuccess(t(T.channelSaved, { name }));
          }}
        />
      )}
      <ConfirmDialog
        opened={toRemove !== null}
        title={t(T.removeChannelTitle, { name: toRemove?.name ?? "" })}
        confirmLabel={t(T.remove)}
        onConfirm={confirmRemove}
        onCancel={() => {
          setToRemove(null);
          remove.reset();
        }}
        isPending={remove.isPending}
        error={remove.error ? errorMessageOf(remove.error) : null}
      >
        {t(T.removeChannelQuestion)}
      </ConfirmDialog>
    </SettingsSection>
  );
}
