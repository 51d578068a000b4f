import { zodResolver } from "@hookform/resolvers/zod";
import { type CalendarCompanySettings, CalendarCompanySettingsSchema } from "@ideaport/shared";
import { Button, Group, Stack, TextInput } from "@mantine/core";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { ActionFeedback } from "../../components/action-feedback.tsx";
import { ErrorState } from "../../components/error-state.tsx";
import { LoadingState } from "../../components/loading-state.tsx";
import { SettingsSection } from "../../components/settings-section.tsx";
import { applyServerFieldErrors, errorMessageOf } from "../../lib/form-errors.ts";
import { useCalendarCompanySettings, useUpdateCalendarCompanySettings } from "./calendar.queries.ts";
import { CALENDAR_COMPANY_TEXTS } from "./calendar.texts.ts";

function CalendarCompanyForm({ saved }: { saved: CalendarCompanySettings }) {
  const update = useUpdateCalendarCompanySettings();
  const [success, setSuccess] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CalendarCompanySettings>({ resolver: zodResolver(CalendarCompanySettingsSchema), defaultValues: saved });

  const onSubmit = handleSubmit(async (values) => {
    setSuccess(null);
    setFormError(null);
    try {
      await update.mutateAsync(values);
      setSuccess(CALENDAR_COMPANY_TEXTS.saved);
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, { review_due_days: "review_due_days" })) {
        setFormError(errorMessageOf(error));
      }
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={CALENDAR_COMPANY_TEXTS.label}
          inputMode="numeric"
          maw={260}
          error={errors.review_due_days?.message}
          {...register("review_due_days", { valueAsNumber: true })}
        />
        <ActionFeedback success={success} error={formError} />
        <Group>
          <Button type="submit" loading={isSubmitting}>
            {CALENDAR_COMPANY_TEXTS.save}
          </Button>
        </Group>
      </Stack>
    </form>
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
