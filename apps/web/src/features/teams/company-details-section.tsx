import { UpdateCompanyRequestSchema } from "@ideaport/shared";
import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { ErrorState } from "../../components/error-state.tsx";
import { PasswordField } from "../../components/password-field.tsx";
import { InlineSettingsForm, useSettingsForm } from "../../components/settings-form.tsx";
import { SettingsSection } from "../../components/settings-section.tsx";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { useCompany, useUpdateCompany } from "./management.queries.ts";
import { TEAMS_TEXTS } from "./teams.texts.ts";

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
      return `The company is now called ${company.name}.`;
    },
  );

  return (
    <InlineSettingsForm form={form} onSubmit={onSubmit} label={TEAMS_TEXTS.companyName} submitLabel="Save name">
      <TextInput label={TEAMS_TEXTS.companyName} required miw={260} {...form.field("name")} />
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
      return "The join password has been changed. People joining from now on need the new one.";
    },
  );

  return (
    <InlineSettingsForm form={form} onSubmit={onSubmit} label="Join password" submitLabel="Change join password">
      <PasswordField
        label="New join password"
        description="People give it with the company name to join."
        autoComplete="new-password"
        required
        miw={260}
        toggleSubject="join password"
        {...form.field("password")}
      />
    </InlineSettingsForm>
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
        <TextInput label={TEAMS_TEXTS.companyName} required miw={260} disabled />
        <Button disabled>Save name</Button>
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
    <SettingsSection title="Company" description="The name people join with, and the password they need.">
      {company.isError ? (
        <ErrorState
          message={`Could not load the company. ${errorMessageOf(company.error)}`}
          onRetry={() => void company.refetch()}
        />
      ) : (
        <Stack gap="lg">
          {company.isPending ? (
            <Text size="sm" c="gray.7" role="status">
              Loading the company...
            </Text>
          ) : (
            <Text size="sm" c="gray.7">
              {company.data.company.member_count === 1 ? "1 member" : `${company.data.company.member_count} members`} in{" "}
              {company.data.company.teams.length === 1 ? "1 team" : `${company.data.company.teams.length} teams`}.
            </Text>
          )}
          {company.isPending ? <CompanyNamePlaceholder /> : <CompanyNameForm name={company.data.company.name} />}
          <JoinPasswordForm />
        </Stack>
      )}
    </SettingsSection>
  );
}
