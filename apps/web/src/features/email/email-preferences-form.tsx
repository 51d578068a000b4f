import {
  EMAIL_CATEGORIES,
  EMAIL_CATEGORY_LABELS,
  EMAIL_FREQUENCIES,
  EMAIL_FREQUENCY_LABELS,
  type EmailPreferences,
  EmailPreferencesSchema,
} from "@ideaport/shared";
import { Alert, Group, Loader, NativeSelect, Stack } from "@mantine/core";
import { SettingsForm, useSettingsForm } from "../../components/settings-form.tsx";
import { SettingsSection } from "../../components/settings-section.tsx";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { t } from "../../lib/i18n.ts";
import { EMAIL_PREFERENCES_TEXTS } from "./email.texts.ts";
import { useEmailPreferences, useUpdateEmailPreferences } from "./email-preferences.queries.ts";

/** `saved` holds the categories the server offers this person (`emailCategoriesFor`): one select each. */
function PreferencesForm({ saved }: { saved: EmailPreferences }) {
  const offered = EMAIL_CATEGORIES.filter((category) => saved[category] !== undefined);
  const update = useUpdateEmailPreferences();
  const form = useSettingsForm(EmailPreferencesSchema, { defaultValues: saved });
  const onSubmit = form.save(
    (values) => update.mutateAsync(values),
    (answer) => {
      form.reset(answer.preferences);
      return t(EMAIL_PREFERENCES_TEXTS.saved);
    },
  );

  return (
    <SettingsForm form={form} onSubmit={onSubmit} submitLabel={t(EMAIL_PREFERENCES_TEXTS.save)}>
      <Stack gap="sm" maw={420}>
        {offered.map((category) => (
          <NativeSelect
            key={category}
            label={t(EMAIL_CATEGORY_LABELS[category])}
            data={EMAIL_FREQUENCIES.map((frequency) => ({
              value: frequency,
              label: t(EMAIL_FREQUENCY_LABELS[frequency]),
            }))}
            error={form.formState.errors[category]?.message}
            {...form.register(category)}
          />
        ))}
      </Stack>
    </SettingsForm>
  );
}

/** Profile Settings' "Notifications by e-mail": a frequency per category, `PUT /api/email-preferences/`. */
export function EmailPreferencesSection() {
  const preferences = useEmailPreferences();
  return (
    <SettingsSection title={t(EMAIL_PREFERENCES_TEXTS.title)} description={t(EMAIL_PREFERENCES_TEXTS.description)}>
      {preferences.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden />
          {t(EMAIL_PREFERENCES_TEXTS.loading)}
        </Group>
      ) : preferences.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorMessageOf(preferences.error)}
        </Alert>
      ) : (
        <PreferencesForm saved={preferences.data.preferences} />
      )}
    </SettingsSection>
  );
}
