import { zodResolver } from "@hookform/resolvers/zod";
import {
  AssociateCompanyRequestSchema,
  companiesEndpoints,
  type EndpointBody,
  type EndpointResponse,
  schemaMessage,
  VALIDATION_MESSAGES,
  VerifyCompanyRequestSchema,
} from "@ideaport/shared";
import { Alert, Checkbox, Select, Stack, Text, TextInput } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import type { Dispatch } from "react";
import { Controller, type FieldErrors, type Resolver } from "react-hook-form";
import { AccountForm } from "../../components/account-form.tsx";
import { PasswordField } from "../../components/password-field.tsx";
import { apiClient } from "../../lib/api-client.ts";
import { t } from "../../lib/i18n.ts";
import { takeFailures, useSchemaForm } from "../../lib/use-schema-form.ts";
import { associateCompanyLenient } from "./companies.endpoints.ts";
import {
  COMPANY_DIALOG_MESSAGES,
  COMPANY_FIELD_MESSAGES,
  JOIN_FORM_MESSAGES,
  JOIN_MESSAGES,
} from "./companies.texts.ts";
import {
  associateCompanyFailureMessage,
  isCompanyProofMissing,
  verifyCompanyFailureMessage,
} from "./company-failure-messages.ts";
import type { JoinEvent, JoinState } from "./join-company-machine.ts";
import { RoleField } from "./role-field.tsx";

type VerifyCompanyValues = EndpointBody<typeof companiesEndpoints.verifyCompany>;
export type AssociateCompanyAnswer = EndpointResponse<typeof associateCompanyLenient>;

const verifyCompanySchemaResolver = zodResolver(VerifyCompanyRequestSchema);
const verifyCompanyResolver: Resolver<VerifyCompanyValues> = async (values, context, options) => {
  const result = await verifyCompanySchemaResolver(values, context, options);
  if (Object.keys(result.errors).length === 0) return result;
  const errors: FieldErrors<VerifyCompanyValues> = { ...result.errors };
  const required = schemaMessage(VALIDATION_MESSAGES.companyNameAndPasswordRequired);
  if (errors.companyName?.message === required) {
    errors.companyName = { ...errors.companyName, message: t(JOIN_FORM_MESSAGES.companyNameRequired) };
  }
  if (errors.companyPassword?.message === required) {
    errors.companyPassword = { ...errors.companyPassword, message: t(JOIN_FORM_MESSAGES.companyPasswordRequired) };
  }
  return { values: {}, errors };
};

const JoinDetailsSchema = AssociateCompanyRequestSchema.pick({
  team: true,
  displayName: true,
  role: true,
  requesting_admin: true,
});

export interface JoinCompanyFormProps {
  userId: string;
  /** Prefills the display name when the user's name is known. */
  displayName: string;
  state: JoinState;
  dispatch: Dispatch<JoinEvent>;
  onJoined: (answer: AssociateCompanyAnswer) => Promise<void>;
}

/**
 * Join Company: company name and password, 'Verify', then the team, display name, role and an
 * optional admin request. Editing the name or the password resets verification.
 */
export function JoinCompanyForm({ userId, displayName, state, dispatch, onJoined }: JoinCompanyFormProps) {
  const form = useSchemaForm(verifyCompanyResolver, {
    defaultValues: { companyName: "", companyPassword: "" },
    failureMessage: verifyCompanyFailureMessage,
  });
  const resetVerification = () => dispatch({ type: "reset" });

  const onVerify = form.submit((values) => apiClient.call(companiesEndpoints.verifyCompany, values), {
    onSuccess: (answer, values) => dispatch({ type: "verified", companyName: values.companyName, teams: answer.teams }),
    onFailure: () => {
      resetVerification();
      return false;
    },
  });

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t(JOIN_MESSAGES.intro)}
      </Text>
      <AccountForm
        form={form}
        onSubmit={onVerify}
        label={t(JOIN_MESSAGES.verifyForm)}
        submitLabel={t(JOIN_MESSAGES.verify)}
        submitProps={{ variant: state.status === "verified" ? "light" : "filled" }}
      >
        <TextInput
          label={t(COMPANY_FIELD_MESSAGES.name)}
          autoComplete="organization"
          required
          data-autofocus
          {...form.field("companyName", { onChange: resetVerification })}
        />
        <PasswordField
          label={t(COMPANY_FIELD_MESSAGES.password)}
          autoComplete="off"
          required
          {...form.field("companyPassword", { onChange: resetVerification })}
        />
      </AccountForm>
      {state.status === "verified" && (
        <JoinDetailsForm
          userId={userId}
          companyName={state.companyName}
          teams={state.teams}
          displayName={displayName}
          onProofMissing={(message) => {
            resetVerification();
            form.setFormError(message);
          }}
          onAssociated={async (answer) => {
            dispatch({ type: "associated" });
            await onJoined(answer);
          }}
        />
      )}
    </Stack>
  );
}

function JoinDetailsForm({
  userId,
  companyName,
  teams,
  displayName,
  onProofMissing,
  onAssociated,
}: {
  userId: string;
  companyName: string;
  teams: Array<{ id: string; name: string }>;
  displayName: string;
  onProofMissing: (message: string) => void;
  onAssociated: (answer: AssociateCompanyAnswer) => Promise<void>;
}) {
  const form = useSchemaForm(JoinDetailsSchema, {
    defaultValues: { team: "", displayName, role: "employee", requesting_admin: false },
    failureMessage: associateCompanyFailureMessage,
  });

  const { control } = form;
  const onJoin = form.submit((values) => apiClient.call(associateCompanyLenient, { userId, companyName, ...values }), {
    onSuccess: onAssociated,
    onFailure: takeFailures(isCompanyProofMissing, (error) => onProofMissing(associateCompanyFailureMessage(error))),
  });

  return (
    <Stack gap="md">
      <Alert variant="light" color="green" icon={<IconCircleCheck aria-hidden />} role="status">
        {t(JOIN_MESSAGES.verified)}
      </Alert>
      <AccountForm
        form={form}
        onSubmit={onJoin}
        label={t(JOIN_MESSAGES.joinForm)}
        submitLabel={t(COMPANY_DIALOG_MESSAGES.join)}
      >
        <Controller
          control={control}
          name="team"
          render={({ field }) => (
            <Select
              ref={field.ref}
              name={field.name}
              label={t(JOIN_MESSAGES.team)}
              placeholder={t(teams.length > 0 ? JOIN_MESSAGES.chooseTeam : JOIN_MESSAGES.noTeams)}
              required
              data={teams.map((team) => ({ value: team.id, label: team.name }))}
              value={field.value === "" ? null : field.value}
              onChange={(value) => field.onChange(value ?? "")}
              onBlur={field.onBlur}
              allowDeselect={false}
              error={form.formState.errors.team?.message}
            />
          )}
        />
        <TextInput
          label={t(JOIN_MESSAGES.displayName)}
          description={t(JOIN_MESSAGES.displayNameHint)}
          autoComplete="name"
          required
          {...form.field("displayName")}
        />
        <RoleField
          control={control}
          name="role"
          label={t(JOIN_MESSAGES.yourRole)}
          description={t(JOIN_MESSAGES.roleHint)}
        />
        <Checkbox
          label={t(JOIN_MESSAGES.requestAdmin)}
          description={t(JOIN_MESSAGES.requestAdminHint)}
          {...form.field("requesting_admin")}
        />
      </AccountForm>
    </Stack>
  );
}
