import {
  INTEGRATION_EVENT_LABELS,
  INTEGRATION_EVENTS,
  type IntegrationEvent,
  TEAM_CHANNEL_EVENTS,
} from "@ideaport/shared";
import { Checkbox, Stack } from "@mantine/core";
import type { FieldValues, Path, PathValue } from "react-hook-form";
import { t } from "../../lib/i18n.ts";
import type { SchemaForm } from "../../lib/use-schema-form.ts";
import { INTEGRATIONS_TEXTS as T } from "./integrations.texts.ts";

/** The events a channel or webhook hears, as labelled checkboxes; a team's channel offers its own. */
function EventsField({
  value,
  onChange,
  error,
  forTeam,
}: {
  value: IntegrationEvent[];
  onChange: (events: IntegrationEvent[]) => void;
  error: string | undefined;
  forTeam: boolean;
}) {
  const offered = forTeam ? TEAM_CHANNEL_EVENTS : INTEGRATION_EVENTS;
  return (
    <Checkbox.Group
      label={t(T.eventsLabel)}
      value={value}
      onChange={(events) => onChange(events as IntegrationEvent[])}
      error={error}
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

/** The events field of a channel's or a webhook's form, checked when the form is sent and after. */
export function EventsFormField<Values extends FieldValues & { events: IntegrationEvent[] }, Output>({
  form,
  forTeam,
}: {
  form: SchemaForm<Values, Output>;
  forTeam: boolean;
}) {
  const name = "events" as Path<Values>;
  return (
    <EventsField
      value={form.watch(name)}
      onChange={(events) =>
        form.setValue(name, events as PathValue<Values, Path<Values>>, {
          shouldValidate: form.formState.isSubmitted,
        })
      }
      error={form.field(name).error}
      forTeam={forTeam}
    />
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
