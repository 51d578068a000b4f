import { type CalendarCompanySettings, CalendarCompanySettingsSchema } from "@ideaport/shared";
import { TextInput } from "@mantine/core";
import { ErrorState } from "../../components/error-state.tsx";
import { LoadingState } from "../../components/loading-state.tsx";
import { SettingsForm, useSettingsForm } from "../../components/settings-form.tsx";
import { SettingsSection } from "../../components/settings-section.tsx";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { t } from "../../lib/i18n.ts";
import { useCalendarCompanySettings, useUpdateCalendarCompanySettings } from "./calendar.queries.ts";
import { CALENDAR_COMPANY_TEXTS, CALENDAR_TEXTS } from "./calendar.texts.ts";

function CalendarCompanyForm({ saved }: { saved: CalendarCompanySettings }) {
  const update = useUpdateCalendarCompanySettings();
  const form = useSettingsForm(CalendarCompanySettingsSchema, {
    defaultValues: saved,
    fieldNames: { review_due_days: "review_due_days" },
  });
  const onSubmit = form.save(
    (values) => update.mutateAsync(values),
    () => t(CALENDAR_COMPANY_TEXTS.saved),
  );

  return (
    <SettingsForm form={form} onSubmit={onSubmit} submitLabel={t(CALENDAR_COMPANY_TEXTS.save)} gap="sm">
      <TextInput
        label={t(CALENDAR_COMPANY_TEXTS.label)}
        inputMode="numeric"
        maw={260}
        {...form.field("review_due_days", { valueAsNumber: true })}
      />
    </SettingsForm>
  );
}

/** Company Settings' "Calendar": the review due days of reviewers' calendars (admins). */
export function CalendarCompanySettingsSection() {
  const settings = useCalendarCompanySettings();
  return (
    <SettingsSection title={t(CALENDAR_TEXTS.title)} description={t(CALENDAR_COMPANY_TEXTS.description)}>
      {settings.isPending && <LoadingState label={t(CALENDAR_COMPANY_TEXTS.loading)} />}
      {settings.isError && (
        <ErrorState message={errorMessageOf(settings.error)} onRetry={() => void settings.refetch()} />
      )}
      {settings.data && <CalendarCompanyForm saved={settings.data.settings} />}
    </SettingsSection>
  );
}
