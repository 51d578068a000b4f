import {
  INTEGRATION_EVENT_LABELS,
  INTEGRATION_EVENTS,
  type IntegrationEvent,
  TEAM_CHANNEL_EVENTS,
} from "@ideaport/shared";
import { Checkbox, Stack } from "@mantine/core";
import { t } from "../../lib/i18n.ts";
import { INTEGRATIONS_TEXTS as T } from "./integrations.texts.ts";

/** The events a channel or webhook hears, as labelled checkboxes; a team's channel offers its own. */
export function EventsField({
  value,
  onChange,
  forTeam,
}: {
  value: IntegrationEvent[];
  onChange: (events: IntegrationEvent[]) => void;
  forTeam: boolean;
}) {
  const offered = forTeam ? TEAM_CHANNEL_EVENTS : INTEGRATION_EVENTS;
  return (
    <Checkbox.Group
      label={t(T.eventsLabel)}
      value={value}
      onChange={(events) => onChange(events as IntegrationEvent[])}
      required
    >
      <Stack gap={6} mt={6}>
        {offered.map((event) => (
          <Checkbox key={event} value={event} label={t(INTEGRATION_EVENT_LABELS[event])} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

/** The events as one line of their names. */
export function eventNames(events: readonly IntegrationEvent[]): string {
  return events.map((event) => t(INTEGRATION_EVENT_LABELS[event])).join(", ");
}

/** What a failed send says: the receiver's status, or why no answer came. */
export function failureReason(result: { status_code: number | null; error: string | null }): string {
  if (result.status_code !== null && result.error === "status") return t(T.statusCode, { status: result.status_code });
  return t(T.failure, { failure: result.error ?? "other" });
}
