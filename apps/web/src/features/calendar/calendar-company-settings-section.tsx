import { type CalendarCompanySettings, CalendarCompanySettingsSchema } from "@ideaport/shared";
import { TextInput } from "@mantine/core";
import { useState } from "react";
import { ErrorState } from "../../components/error-state.tsx";
import { LoadingState } from "../../components/loading-state.tsx";
import { SettingsForm } from "../../components/settings-form.tsx";
import { SettingsSection } from "../../components/settings-section.tsx";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { useSchemaForm } from "../../lib/use-schema-form.ts";
import { useCalendarCompanySettings, useUpdateCalendarCompanySettings } from "./calendar.queries.ts";
import { CALENDAR_COMPANY_TEXTS } from "./calendar.texts.ts";

function CalendarCompanyForm({ saved }: { saved: CalendarCompanySettings }) {
  const update = useUpdateCalendarCompanySettings();
  const [success, setSuccess] = useState<string | null>(null);
  const {
    register,
    submit,
    formError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(CalendarCompanySettingsSchema, {
    defaultValues: saved,
    fieldNames: { review_due_days: "review_due_days" },
  });

  const onSubmit = submit(
    (values) => {
      setSuccess(null);
      return update.mutateAsync(values);
    },
    { onSuccess: () => setSuccess(CALENDAR_COMPANY_TEXTS.saved) },
  );

  return (
    <SettingsForm
      onSubmit={onSubmit}
      success={success}
      error={formError}
      submitLabel={CALENDAR_COMPANY_TEXTS.save}
      isSubmitting={isSubmitting}
      gap="sm"
    >
      <TextInput
        label={CALENDAR_COMPANY_TEXTS.label}
        inputMode="numeric"
        maw={260}
        error={errors.review_due_days?.message}
        {...register("review_due_days", { valueAsNumber: true })}
      />
    </SettingsForm>
  );
}

/** Company Settings' "Calendar": the review due days of reviewers' calendars (admins). */
export function CalendarCompanySettingsSection() {
  const settings = useCalendarCompanySettings();
  return (
    <SettingsSection title={CALENDAR_COMPANY_TEXTS.title} description={CALENDAR_COMPANY_TEXTS.description}>
      {settings.isPending && <LoadingState label={CALENDAR_COMPANY_TEXTS.loading} />}
      {settings.isError && (
        <ErrorState message={errorMessageOf(settings.error)} onRetry={() => void settings.refetch()} />
      )}
      {settings.data && <CalendarCompanyForm saved={settings.data.settings} />}
    </SettingsSection>
  );
}
