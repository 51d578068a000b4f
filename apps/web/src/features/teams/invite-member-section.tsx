import {
  type CreateInvitationRequest,
  InvitedMemberSchema,
  ROLE_LABELS,
  type TeamSummary,
  VALIDATION_MESSAGES,
} from "@ideaport/shared";
import { Button, Checkbox, Group, NativeSelect, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { IconSend } from "@tabler/icons-react";
import { useState } from "react";
import { ActionFeedback } from "../../components/action-feedback.tsx";
import { SettingsSection } from "../../components/settings-section.tsx";
import { t } from "../../lib/i18n.ts";
import { useSchemaForm } from "../../lib/use-schema-form.ts";
import { useInviteMember } from "./management.queries.ts";
import { INVITE_MEMBER_MESSAGES, TEAMS_TEXTS } from "./teams.texts.ts";

// Invite member: first name, last name and a valid, not yet invited e-mail are required.
const REQUIRED_FIELDS = ["firstName", "lastName", "email"] as const;
const EMPTY_INVITE: CreateInvitationRequest = {
  firstName: "",
  lastName: "",
  email: "",
  role: "employee",
  isAdmin: false,
};

/** Codes whose message belongs under the e-mail field. */
const EMAIL_ERROR_CODES = ["invitation.duplicate", "invitation.already_member", "invitation.account_exists"];

export function InviteMemberSection({
  team,
  pendingEmails,
  canGrantAdmin,
}: {
  team: TeamSummary;
  pendingEmails: readonly string[];
  canGrantAdmin: boolean;
}) {
  const invite = useInviteMember(team.id);
  const [success, setSuccess] = useState<string | null>(null);
  const form = useSchemaForm(InvitedMemberSchema, {
    defaultValues: EMPTY_INVITE,
    fieldNames: { firstName: "firstName", lastName: "lastName", email: "email", role: "role" },
    codeFields: Object.fromEntries(EMAIL_ERROR_CODES.map((code) => [code, "email" as const])),
  });

  // The spec's one message for all three required fields shows once, above the fields; each
  // empty field is still marked invalid.
  const missing = REQUIRED_FIELDS.filter(
    (field) => form.formState.errors[field]?.message === t(VALIDATION_MESSAGES.inviteFieldsRequired),
  );
  const fieldError = (field: (typeof REQUIRED_FIELDS)[number]) =>
    missing.includes(field) ? true : form.formState.errors[field]?.message;

  const onSubmit = form.submit(
    (values) => {
      setSuccess(null);
      const email = values.email.trim();
      if (pendingEmails.some((pending) => pending.trim().toLowerCase() === email.toLowerCase())) {
        form.setError(
          "email",
          { type: "duplicate", message: t(VALIDATION_MESSAGES.inviteAlreadyInvited) },
          { shouldFocus: true },
        );
        return null;
      }
      return invite.mutateAsync({ ...values, isAdmin: canGrantAdmin && values.isAdmin });
    },
    {
      onSuccess: (answer, values) => {
        if (answer === null) return;
        form.reset(EMPTY_INVITE);
        setSuccess(t(INVITE_MEMBER_MESSAGES.sent, { email: values.email.trim() }));
      },
    },
  );

  return (
    <SettingsSection
      title={t(INVITE_MEMBER_MESSAGES.title)}
      description={t(INVITE_MEMBER_MESSAGES.description, { team: team.name })}
    >
      <form onSubmit={onSubmit} noValidate aria-label={t(INVITE_MEMBER_MESSAGES.form, { team: team.name })}>
        <Stack gap="md">
          <ActionFeedback
            success={success}
            error={missing.length > 0 ? t(VALIDATION_MESSAGES.inviteFieldsRequired) : form.formError}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t(INVITE_MEMBER_MESSAGES.firstName)}
              required
              autoComplete="off"
              error={fieldError("firstName")}
              {...form.register("firstName")}
            />
            <TextInput
              label={t(INVITE_MEMBER_MESSAGES.lastName)}
              required
              autoComplete="off"
              error={fieldError("lastName")}
              {...form.register("lastName")}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t(INVITE_MEMBER_MESSAGES.email)}
              type="email"
              required
              autoComplete="off"
              error={fieldError("email")}
              {...form.register("email")}
            />
            <NativeSelect
              label={t(TEAMS_TEXTS.role)}
              data={[
                { value: "employee", label: t(ROLE_LABELS.employee) },
                { value: "manager", label: t(ROLE_LABELS.manager) },
              ]}
              {...form.field("role")}
            />
          </SimpleGrid>
          {canGrantAdmin && <Checkbox label={t(INVITE_MEMBER_MESSAGES.grantAdmin)} {...form.register("isAdmin")} />}
          <Group>
            <Button
              type="submit"
              loading={form.formState.isSubmitting}
              leftSection={<IconSend size={16} aria-hidden />}
            >
              {t(INVITE_MEMBER_MESSAGES.send)}
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsSection>
  );
}
