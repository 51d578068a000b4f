import {
  type CreateCompanyRequest,
  CreateCompanyRequestSchema,
  type EndpointResponse,
  TeamNameSchema,
  translateSchemaMessage,
  VALIDATION_MESSAGES,
} from "@ideaport/shared";
import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconTrash, IconUserPlus } from "@tabler/icons-react";
import { useId, useRef, useState } from "react";
import { useFieldArray, useWatch } from "react-hook-form";
import { AccountForm } from "../../components/account-form.tsx";
import { PasswordField } from "../../components/password-field.tsx";
import { apiClient } from "../../lib/api-client.ts";
import { t } from "../../lib/i18n.ts";
import { useSchemaForm } from "../../lib/use-schema-form.ts";
import { createCompanyLenient } from "./companies.endpoints.ts";
import { COMPANY_FIELD_MESSAGES, CREATE_COMPANY_MESSAGES } from "./companies.texts.ts";
import { createCompanyFailureMessage } from "./company-failure-messages.ts";
import { InvitedMemberList, InviteMemberDialog } from "./invite-member-dialog.tsx";
import { RoleField } from "./role-field.tsx";

export type CreateCompanyAnswer = EndpointResponse<typeof createCompanyLenient>;

export interface CreateCompanyFormProps {
  /** The creator, who becomes the company's administrator (`adminId`). */
  userId: string;
  onCreated: (answer: CreateCompanyAnswer) => Promise<void>;
}

/**
 * Create New Company: name, join password, the creator's role in the first team, the teams and
 * their invitations. Submit stays disabled while the name, the password or a team is missing.
 */
export function CreateCompanyForm({ userId, onCreated }: CreateCompanyFormProps) {
  const [invitingTeamIndex, setInvitingTeamIndex] = useState<number | null>(null);
  const requirementsId = useId();
  const form = useSchemaForm(CreateCompanyRequestSchema, {
    defaultValues: { name: "", password: "", adminId: userId, teams: [], creatorRole: "manager" },
    fieldNames: { name: "name", password: "password" },
    failureMessage: createCompanyFailureMessage,
    keepsFormErrorWithFields: true,
  });
  const { control } = form;
  const teams = useFieldArray({ control, name: "teams" });
  const [name, password, teamValues] = useWatch({ control, name: ["name", "password", "teams"] });

  const isMissingCredentials = name.trim() === "" || password === "";
  const isMissingTeams = teamValues.length === 0;
  const isIncomplete = isMissingCredentials || isMissingTeams;

  const onSubmit = form.submit((company) => apiClient.call(createCompanyLenient, company), { onSuccess: onCreated });

  const invitingTeam = invitingTeamIndex === null ? undefined : teamValues[invitingTeamIndex];
  const updateMembers = (index: number, invitedMembers: CreateCompanyRequest["teams"][number]["invitedMembers"]) => {
    const team = teamValues[index];
    if (team) teams.update(index, { ...team, invitedMembers });
  };

  return (
    <>
      <Stack gap="md">
        <AccountForm
          form={form}
          onSubmit={onSubmit}
          label={t(CREATE_COMPANY_MESSAGES.form)}
          submitLabel={t(CREATE_COMPANY_MESSAGES.submit)}
          submitProps={{ disabled: isIncomplete, "aria-describedby": isIncomplete ? requirementsId : undefined }}
        >
          <TextInput
            label={t(COMPANY_FIELD_MESSAGES.name)}
            autoComplete="organization"
            required
            data-autofocus
            {...form.field("name")}
          />
          <PasswordField
            label={t(COMPANY_FIELD_MESSAGES.password)}
            description={t(CREATE_COMPANY_MESSAGES.passwordHint)}
            autoComplete="new-password"
            required
            {...form.field("password")}
          />
          <RoleField
            control={control}
            name="creatorRole"
            label={t(CREATE_COMPANY_MESSAGES.firstTeamRole)}
            description={t(CREATE_COMPANY_MESSAGES.adminHint)}
          />
          <TeamsEditor
            teams={teamValues}
            error={form.formState.errors.teams?.message ?? form.formState.errors.teams?.root?.message}
            onAdd={(teamName) => teams.append({ name: teamName, invitedMembers: [] })}
            onRemove={(index) => teams.remove(index)}
            onInvite={setInvitingTeamIndex}
            onRemoveMember={(teamIndex, memberIndex) =>
              updateMembers(
                teamIndex,
                (teamValues[teamIndex]?.invitedMembers ?? []).filter((_, index) => index !== memberIndex),
              )
            }
          />
          {isIncomplete && (
            <Stack gap={2} id={requirementsId} aria-live="polite">
              {isMissingCredentials && (
                <Text size="sm" c="dimmed">
                  {t(VALIDATION_MESSAGES.companyNameAndPasswordRequired)}
                </Text>
              )}
              {isMissingTeams && (
                <Text size="sm" c="dimmed">
                  {t(VALIDATION_MESSAGES.atLeastOneTeam)}
                </Text>
              )}
            </Stack>
          )}
        </AccountForm>
      </Stack>
      {/* Outside the form above: a dialog's submit must not bubble into the company form through the React tree. */}
      <InviteMemberDialog
        opened={invitingTeam !== undefined}
        onClose={() => setInvitingTeamIndex(null)}
        teamName={invitingTeam?.name ?? ""}
        members={invitingTeam?.invitedMembers ?? []}
        onAdd={(member) => {
          if (invitingTeamIndex === null || !invitingTeam) return;
          updateMembers(invitingTeamIndex, [...invitingTeam.invitedMembers, member]);
        }}
        onRemove={(memberIndex) => {
          if (invitingTeamIndex === null || !invitingTeam) return;
          updateMembers(
            invitingTeamIndex,
            invitingTeam.invitedMembers.filter((_, index) => index !== memberIndex),
          );
        }}
      />
    </>
  );
}

type TeamDraft = CreateCompanyRequest["teams"][number];

/** The teams of the new company: add by name (no empty or duplicate names), remove, invite members. */
function TeamsEditor({
  teams,
  error,
  onAdd,
  onRemove,
  onInvite,
  onRemoveMember,
}: {
  teams: TeamDraft[];
  error: string | undefined;
  onAdd: (name: string) => void;
  onRemove: (index: number) => void;
  onInvite: (index: number) => void;
  onRemoveMember: (teamIndex: number, memberIndex: number) => void;
}) {
  const [teamName, setTeamName] = useState("");
  const [teamNameError, setTeamNameError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const headingId = useId();

  const addTeam = () => {
    const parsed = TeamNameSchema.safeParse(teamName);
    let problem: string | null = null;
    if (!parsed.success) {
      const said = parsed.error.issues[0]?.message;
      problem = said ? translateSchemaMessage(said, t) : t(VALIDATION_MESSAGES.teamNameRequired);
    } else {
      const taken = teams.find((team) => team.name.trim().toLowerCase() === parsed.data.toLowerCase());
      if (taken) problem = t(VALIDATION_MESSAGES.teamAlreadyExists, { name: taken.name.trim() });
    }
    setTeamNameError(problem);
    if (problem === null && parsed.success) {
      onAdd(parsed.data);
      setTeamName("");
    }
    inputRef.current?.focus();
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h5" id={headingId}>
        {t(CREATE_COMPANY_MESSAGES.teams)}
      </Title>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          ref={inputRef}
          label={t(CREATE_COMPANY_MESSAGES.teamName)}
          style={{ flex: 1 }}
          value={teamName}
          error={teamNameError}
          onChange={(event) => {
            setTeamName(event.currentTarget.value);
            setTeamNameError(null);
          }}
          onKeyDown={(event) => {
            // Enter adds the team rather than submitting the company.
            if (event.key === "Enter") {
              event.preventDefault();
              addTeam();
            }
          }}
        />
        <Button variant="light" mt={24} onClick={addTeam}>
          {t(CREATE_COMPANY_MESSAGES.addTeam)}
        </Button>
      </Group>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      {teams.length > 0 && (
        <Stack
          component="ul"
          gap="xs"
          p={0}
          m={0}
          style={{ listStyle: "none" }}
          aria-label={t(CREATE_COMPANY_MESSAGES.teamList)}
        >
          {teams.map((team, index) => (
            <Paper component="li" key={team.name.toLowerCase()} withBorder p="sm">
              <Stack gap="xs">
                <Group justify="space-between" wrap="nowrap">
                  <Group gap="xs">
                    <Text fw={600}>{team.name}</Text>
                    {index === 0 && (
                      <Badge variant="light" size="sm">
                        {t(CREATE_COMPANY_MESSAGES.yourTeam)}
                      </Badge>
                    )}
                  </Group>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      variant="light"
                      size="xs"
                      leftSection={<IconUserPlus size={14} aria-hidden />}
                      aria-label={t(CREATE_COMPANY_MESSAGES.inviteMembersTo, { team: team.name })}
                      aria-haspopup="dialog"
                      onClick={() => onInvite(index)}
                    >
                      {t(CREATE_COMPANY_MESSAGES.inviteMembers)}
                    </Button>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t(CREATE_COMPANY_MESSAGES.removeTeam, { team: team.name })}
                      onClick={() => onRemove(index)}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Group>
                <InvitedMemberList
                  teamName={team.name}
                  members={team.invitedMembers}
                  onRemove={(memberIndex) => onRemoveMember(index, memberIndex)}
                />
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
