import { isLanguage, LANGUAGE_OPTIONS, type Language, UpdateCompanyRequestSchema } from "@ideaport/shared";
import { Button, Group, NativeSelect, Stack, Text, TextInput } from "@mantine/core";
import { ErrorState } from "../../components/error-state.tsx";
import { PasswordField } from "../../components/password-field.tsx";
import { InlineSettingsForm, useSettingsForm } from "../../components/settings-form.tsx";
import { SettingsSection } from "../../components/settings-section.tsx";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { t } from "../../lib/i18n.ts";
import { useCompany, useUpdateCompany } from "./management.queries.ts";
import { COMPANY_DETAILS_MESSAGES, COMPANY_LANGUAGE_MESSAGES, TEAMS_TEXTS } from "./teams.texts.ts";

function CompanyNameForm({ name }: { name: string }) {
  const updateCompany = useUpdateCompany();
  const form = useSettingsForm(UpdateCompanyRequestSchema, {
    defaultValues: { name },
    fieldNames: { name: "name" },
    codeFields: { "company.name_taken": "name" },
  });
  const onSubmit = form.save(
    (values) => updateCompany.mutateAsync({ name: values.name }),
    ({ company }) => {
      form.reset({ name: company.name });
      return t(COMPANY_DETAILS_MESSAGES.renamed, { name: company.name });
    },
  );

  return (
    <InlineSettingsForm
      form={form}
      onSubmit={onSubmit}
      label={t(TEAMS_TEXTS.companyName)}
      submitLabel={t(COMPANY_DETAILS_MESSAGES.saveName)}
    >
      <TextInput label={t(TEAMS_TEXTS.companyName)} required miw={260} {...form.field("name")} />
    </InlineSettingsForm>
  );
}

function JoinPasswordForm() {
  const updateCompany = useUpdateCompany();
  const form = useSettingsForm(UpdateCompanyRequestSchema, {
    defaultValues: { password: "" },
    fieldNames: { password: "password" },
  });
  const onSubmit = form.save(
    (values) => updateCompany.mutateAsync({ password: values.password }),
    () => {
      form.reset({ password: "" });
      return t(COMPANY_DETAILS_MESSAGES.joinPasswordChanged);
    },
  );

  return (
    <InlineSettingsForm
      form={form}
      onSubmit={onSubmit}
      label={t(COMPANY_DETAILS_MESSAGES.joinPassword)}
      submitLabel={t(COMPANY_DETAILS_MESSAGES.changeJoinPassword)}
    >
      <PasswordField
        label={t(COMPANY_DETAILS_MESSAGES.newJoinPassword)}
        description={t(COMPANY_DETAILS_MESSAGES.newJoinPasswordHint)}
        autoComplete="new-password"
        required
        miw={260}
        toggleSubject="join password"
        {...form.field("password")}
      />
    </InlineSettingsForm>
  );
}

/** The language of the company's people who have not chosen one (`default_language`). */
function CompanyLanguageForm({ language }: { language: Language }) {
  const updateCompany = useUpdateCompany();
  return (
    <NativeSelect
      label={t(COMPANY_LANGUAGE_MESSAGES.label)}
      description={t(COMPANY_LANGUAGE_MESSAGES.description)}
      maw={320}
      value={language}
      disabled={updateCompany.isPending}
      error={
        updateCompany.isError
          ? t(COMPANY_LANGUAGE_MESSAGES.saveFailed, { reason: errorMessageOf(updateCompany.error) })
          : undefined
      }
      data={LANGUAGE_OPTIONS}
      onChange={(event) => {
        const choice = event.currentTarget.value;
        if (isLanguage(choice)) void updateCompany.mutateAsync({ default_language: choice }).catch(() => undefined);
      }}
    />
  );
}

/**
 * The company name form's place while the company loads: the same field and button, inert, so
 * that the page does not move when the form arrives.
 */
function CompanyNamePlaceholder() {
  return (
    <Stack gap="sm" aria-hidden inert>
      <Group align="flex-end" gap="sm">
        <TextInput label={t(TEAMS_TEXTS.companyName)} required miw={260} disabled />
        <Button disabled>{t(COMPANY_DETAILS_MESSAGES.saveName)}</Button>
      </Group>
      {/* Where the form keeps its status line. */}
      <div />
    </Stack>
  );
}

/** Company Settings' "Company": its name and join password (admins). */
export function CompanyDetailsSection() {
  const company = useCompany();
  return (
    <SettingsSection title={t(COMPANY_DETAILS_MESSAGES.title)} description={t(COMPANY_DETAILS_MESSAGES.description)}>
      {company.isError ? (
        <ErrorState
          message={t(COMPANY_DETAILS_MESSAGES.loadFailed, { reason: errorMessageOf(company.error) })}
          onRetry={() => void company.refetch()}
        />
      ) : (
        <Stack gap="lg">
          {company.isPending ? (
            <Text size="sm" c="gray.7" role="status">
              {t(COMPANY_DETAILS_MESSAGES.loading)}
            </Text>
          ) : (
            <Text size="sm" c="gray.7">
              {t(COMPANY_DETAILS_MESSAGES.size, {
                members: company.data.company.member_count,
                teams: company.data.company.teams.length,
              })}
            </Text>
          )}
          {company.isPending ? <CompanyNamePlaceholder /> : <CompanyNameForm name={company.data.company.name} />}
          <JoinPasswordForm />
          {company.data && <CompanyLanguageForm language={company.data.company.default_language} />}
        </Stack>
      )}
    </SettingsSection>
  );
}
