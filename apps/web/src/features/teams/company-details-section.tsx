import { UpdateCompanyRequestSchema } from "@ideaport/shared";
import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { ErrorState } from "../../components/error-state.tsx";
import { PasswordField } from "../../components/password-field.tsx";
import { InlineSettingsForm } from "../../components/settings-form.tsx";
import { SettingsSection } from "../../components/settings-section.tsx";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { useSchemaForm } from "../../lib/use-schema-form.ts";
import { useCompany, useUpdateCompany } from "./management.queries.ts";

function CompanyNameForm({ name }: { name: string }) {
  const updateCompany = useUpdateCompany();
  const [success, setSuccess] = useState<string | null>(null);
  const {
    register,
    submit,
    formError,
    reset,
    formState: { errors, isSubmitting },
  } = useSchemaForm(UpdateCompanyRequestSchema, {
    defaultValues: { name },
    fieldNames: { name: "name" },
    codeFields: { "company.name_taken": "name" },
  });

  const onSubmit = submit(
    (values) => {
      setSuccess(null);
      return updateCompany.mutateAsync({ name: values.name });
    },
    {
      onSuccess: ({ company }) => {
        reset({ name: company.name });
        setSuccess(`The company is now called ${company.name}.`);
      },
    },
  );

  return (
    <InlineSettingsForm
      onSubmit={onSubmit}
      label="Company name"
      success={success}
      error={formError}
      submitLabel="Save name"
      isSubmitting={isSubmitting}
    >
      <TextInput label="Company name" required error={errors.name?.message} miw={260} {...register("name")} />
    </InlineSettingsForm>
  );
}

function JoinPasswordForm() {
  const updateCompany = useUpdateCompany();
  const [success, setSuccess] = useState<string | null>(null);
  const {
    register,
    submit,
    formError,
    reset,
    formState: { errors, isSubmitting },
  } = useSchemaForm(UpdateCompanyRequestSchema, {
    defaultValues: { password: "" },
    fieldNames: { password: "password" },
  });

  const onSubmit = submit(
    (values) => {
      setSuccess(null);
      return updateCompany.mutateAsync({ password: values.password });
    },
    {
      onSuccess: () => {
        reset({ password: "" });
        setSuccess("The join password has been changed. People joining from now on need the new one.");
      },
    },
  );

  return (
    <InlineSettingsForm
      onSubmit={onSubmit}
      label="Join password"
      success={success}
      error={formError}
      submitLabel="Change join password"
      isSubmitting={isSubmitting}
    >
      <PasswordField
        label="New join password"
        description="People give it with the company name to join."
        autoComplete="new-password"
        required
        error={errors.password?.message}
        miw={260}
        toggleSubject="join password"
        {...register("password")}
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
        <TextInput label="Company name" required miw={260} disabled />
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
