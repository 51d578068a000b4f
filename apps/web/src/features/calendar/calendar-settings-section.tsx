import {
  CALENDAR_MESSAGES,
  type CalendarConnection,
  type CalendarSettingsResponse,
  calendarSubscribeLinks,
} from "@ideaport/shared";
import { Alert, Anchor, Button, CopyButton, Group, Loader, Stack, Text, TextInput } from "@mantine/core";
import { IconCheck, IconCopy, IconRefresh } from "@tabler/icons-react";
import { useState } from "react";
import { ActionFeedback } from "../../components/action-feedback.tsx";
import { InlineConfirm } from "../../components/inline-confirm.tsx";
import { SettingsSection } from "../../components/settings-section.tsx";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { t } from "../../lib/i18n.ts";
import {
  useCalendarSettings,
  useDisconnectCalendar,
  useRotateCalendarFeed,
  useStartCalendarConnection,
} from "./calendar.queries.ts";
import { CALENDAR_SETTINGS_TEXTS, CALENDAR_TEXTS } from "./calendar.texts.ts";

/** The provider connection: Connect, or its state with Disconnect (and Reconnect when it stopped working). */
function ConnectionControls({ connection }: { connection: CalendarConnection }) {
  const start = useStartCalendarConnection();
  const disconnect = useDisconnectCalendar();
  const [success, setSuccess] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const provider = connection.provider_name ?? t(CALENDAR_SETTINGS_TEXTS.unnamedProvider);

  const connect = async () => {
    setError(null);
    setSuccess(null);
    try {
      const answer = await start.mutateAsync(`${window.location.pathname}${window.location.search}`);
      window.location.assign(answer.authorization_url);
    } catch (caught) {
      setError(errorMessageOf(caught));
    }
  };
  const disconnectAccount = async () => {
    setError(null);
    setSuccess(null);
    try {
      await disconnect.mutateAsync();
      setSuccess(t(CALENDAR_SETTINGS_TEXTS.disconnected));
    } catch (caught) {
      setError(errorMessageOf(caught));
    }
  };

  return (
    <Stack gap="sm">
      <Text size="sm" fw={600}>
        {t(CALENDAR_SETTINGS_TEXTS.connectionHeading)}
      </Text>
      {connection.status === "connected" && <Text size="sm">{t(CALENDAR_MESSAGES.connected, { provider })}</Text>}
      {connection.status === "needs_reconnecting" && (
        <Alert color="yellow" variant="light" title={t(CALENDAR_SETTINGS_TEXTS.needsReconnecting)}>
          {t(CALENDAR_MESSAGES.needsReconnecting, { provider })}
        </Alert>
      )}
      {connection.status === "not_connected" && (
        <Text size="sm" c="gray.7">
          {t(CALENDAR_SETTINGS_TEXTS.connectHint)}
        </Text>
      )}
      <Group gap="sm">
        {connection.status === "not_connected" && (
          <Button onClick={connect} loading={start.isPending}>
            {t(CALENDAR_SETTINGS_TEXTS.connect, { provider })}
          </Button>
        )}
        {connection.status === "needs_reconnecting" && (
          <Button onClick={connect} loading={start.isPending}>
            {t(CALENDAR_SETTINGS_TEXTS.reconnect, { provider })}
          </Button>
        )}
        {connection.status !== "not_connected" && (
          <Button variant="default" color="red.9" onClick={disconnectAccount} loading={disconnect.isPending}>
            {t(CALENDAR_SETTINGS_TEXTS.disconnect)}
          </Button>
        )}
      </Group>
      <ActionFeedback success={success} error={error} />
    </Stack>
  );
}

function FeedAddress({ settings }: { settings: CalendarSettingsResponse }) {
  const rotate = useRotateCalendarFeed();
  const [isConfirming, setIsConfirming] = useState(false);
  const [success, setSuccess] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const links = calendarSubscribeLinks(settings.feed_url);

  const reset = async () => {
    setError(null);
    setSuccess(null);
    try {
      await rotate.mutateAsync();
      setIsConfirming(false);
      setSuccess(t(CALENDAR_SETTINGS_TEXTS.resetDone));
    } catch (caught) {
      setError(errorMessageOf(caught));
    }
  };

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={t(CALENDAR_SETTINGS_TEXTS.addressLabel)}
          description={t(CALENDAR_SETTINGS_TEXTS.addressHint)}
          value={settings.feed_url}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          style={{ flex: "1 1 320px" }}
          styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
        />
        <CopyButton value={settings.feed_url} timeout={3000}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              onClick={copy}
              leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
            >
              {copied ? t(CALENDAR_SETTINGS_TEXTS.copied) : t(CALENDAR_SETTINGS_TEXTS.copy)}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {t(CALENDAR_SETTINGS_TEXTS.subscribeHeading)}
        </Text>
        <Group gap="lg" wrap="wrap">
          <Anchor href={links.google} target="_blank" rel="noopener noreferrer" size="sm">
            {t(CALENDAR_SETTINGS_TEXTS.google)}
          </Anchor>
          <Anchor href={links.outlook} target="_blank" rel="noopener noreferrer" size="sm">
            {t(CALENDAR_SETTINGS_TEXTS.outlook)}
          </Anchor>
          <Anchor href={links.apple} size="sm">
            {t(CALENDAR_SETTINGS_TEXTS.apple)}
          </Anchor>
        </Group>
      </Stack>
      {isConfirming ? (
        <InlineConfirm
          question={t(CALENDAR_SETTINGS_TEXTS.resetQuestion)}
          confirmLabel={t(CALENDAR_SETTINGS_TEXTS.reset)}
          onConfirm={reset}
          onCancel={() => setIsConfirming(false)}
          isPending={rotate.isPending}
          error={error}
        />
      ) : (
        <Group>
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => {
              setSuccess(null);
              setIsConfirming(true);
            }}
          >
            {t(CALENDAR_SETTINGS_TEXTS.reset)}
          </Button>
        </Group>
      )}
      <ActionFeedback success={success} />
      {settings.connection.available ? (
        <ConnectionControls connection={settings.connection} />
      ) : (
        settings.connection.unavailable_reason && (
          <Text size="sm" c="gray.7">
            {settings.connection.unavailable_reason}
          </Text>
        )
      )}
    </Stack>
  );
}

/** Profile Settings' "Calendar": the secret subscription address, its subscribe links, and its reset. */
export function CalendarSettingsSection() {
  const settings = useCalendarSettings();
  return (
    <SettingsSection title={t(CALENDAR_TEXTS.title)} description={t(CALENDAR_SETTINGS_TEXTS.description)}>
      {settings.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden />
          {t(CALENDAR_SETTINGS_TEXTS.loading)}
        </Group>
      ) : settings.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorMessageOf(settings.error)}
        </Alert>
      ) : (
        <FeedAddress settings={settings.data} />
      )}
    </SettingsSection>
  );
}
