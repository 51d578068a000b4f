import {
  type CreateInvitationRequest,
  can,
  InvitedMemberSchema,
  type PendingInvitation,
  ROLE_LABELS,
  type TeamMember,
  type TeamSummary,
  VALIDATION_MESSAGES,
} from "@ideaport/shared";
import {
  Badge,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from "@mantine/core";
import { IconSend, IconUserMinus } from "@tabler/icons-react";
import { useState } from "react";
import { ActionFeedback } from "../../components/action-feedback.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { ErrorState } from "../../components/error-state.tsx";
import { LoadingState } from "../../components/loading-state.tsx";
import { SettingsSection } from "../../components/settings-section.tsx";
import { useAuth } from "../../lib/auth-provider.tsx";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { formatDate } from "../../lib/format.ts";
import type { SessionUser } from "../../lib/session.ts";
import { useSchemaForm } from "../../lib/use-schema-form.ts";
import {
  useInviteMember,
  useRemoveTeamMember,
  useRevokeInvitation,
  useSetTeamManager,
  useTeamInvitations,
  useTeamMembers,
  useTeams,
} from "./management.queries.ts";

/** A date in the user's locale inside a `<time>`. */
export function LocalDate({ value }: { value: string }) {
  return <time dateTime={value}>{formatDate(value)}</time>;
}

/** The team to show first: one the user manages, else the first listed. */
function defaultTeamId(user: SessionUser, teams: readonly TeamSummary[]): string | undefined {
  const managed = new Set(user.team.filter((entry) => entry.is_manager).map((entry) => entry.id));
  return (teams.find((team) => managed.has(team.id)) ?? teams[0])?.id;
}

// ---------------------------------------------------------------------------------------------
// Members
// ---------------------------------------------------------------------------------------------

function TeamMembersSection({ team, currentUserId }: { team: TeamSummary; currentUserId: string }) {
  const members = useTeamMembers(team.id);
  const setManager = useSetTeamManager(team.id);
  const removeMember = useRemoveTeamMember(team.id);
  const [feedback, setFeedback] = useState<{ success?: string; error?: string }>({});
  const [toRemove, setToRemove] = useState<TeamMember | null>(null);

  const toggleManager = (member: TeamMember, isManager: boolean) => {
    setFeedback({});
    setManager.mutate(
      { userId: member.id, isManager },
      {
        onSuccess: () =>
          setFeedback({
            success: isManager
              ? `${member.display_name} is now a manager of ${team.name}.`
              : `${member.display_name} is no longer a manager of ${team.name}.`,
          }),
        onError: (error) => setFeedback({ error: errorMessageOf(error) }),
      },
    );
  };

  const confirmRemoval = () => {
    if (!toRemove) return;
    const member = toRemove;
    removeMember.mutate(member.id, {
      onSuccess: () => {
        setToRemove(null);
        setFeedback({ success: `${member.display_name} was removed from ${team.name}.` });
      },
    });
  };

  const closeRemoval = () => {
    setToRemove(null);
    removeMember.reset();
  };

  return (
    <SettingsSection title={`Members of ${team.name}`} description="Team managers review the team's ideas.">
      <ActionFeedback success={feedback.success} error={feedback.error} />
      {members.isPending ? (
        <LoadingState label="Loading members..." />
      ) : members.isError ? (
        <ErrorState
          message={`Could not load the members. ${errorMessageOf(members.error)}`}
          onRetry={() => void members.refetch()}
        />
      ) : members.data.members.length === 0 ? (
        <EmptyState>This team has no members yet. Invite someone below.</EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label={`Members of ${team.name}`} verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">E-mail</Table.Th>
                <Table.Th scope="col">Team manager</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {members.data.members.map((member) => {
                const isBusy =
                  (setManager.isPending && setManager.variables?.userId === member.id) ||
                  (removeMember.isPending && removeMember.variables === member.id);
                return (
                  <Table.Tr key={member.id}>
                    <Table.Th scope="row" fw={500}>
                      <Group gap="xs" wrap="nowrap">
                        <span>
                          {member.display_name}
                          {member.id === currentUserId && " (you)"}
                        </span>
                        {!member.is_active && (
                          <Badge color="gray.7" variant="outline" size="sm">
                            Deactivated
                          </Badge>
                        )}
                      </Group>
                    </Table.Th>
                    <Table.Td>{member.email}</Table.Td>
                    <Table.Td>
                      <Switch
                        aria-label={`Team manager: ${member.display_name}`}
                        checked={member.is_manager}
                        disabled={isBusy}
                        onChange={(event) => toggleManager(member, event.currentTarget.checked)}
                      />
                    </Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        c="red.9"
                        leftSection={<IconUserMinus size={14} aria-hidden />}
                        aria-label={`Remove ${member.display_name} from ${team.name}`}
                        disabled={isBusy}
                        onClick={() => {
                          setFeedback({});
                          removeMember.reset();
                          setToRemove(member);
                        }}
                      >
                        Remove
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ConfirmDialog
        opened={toRemove !== null}
        title="Remove member"
        confirmLabel="Remove"
        onConfirm={confirmRemoval}
        onCancel={closeRemoval}
        isPending={removeMember.isPending}
        error={removeMember.isError ? errorMessageOf(removeMember.error) : null}
      >
        {toRemove
          ? `Remove ${toRemove.display_name} from ${team.name}? They keep their account and stay in the company.`
          : ""}
      </ConfirmDialog>
    </SettingsSection>
  );
}

// ---------------------------------------------------------------------------------------------
// Invitations
// ---------------------------------------------------------------------------------------------

function InvitationsSection({
  team,
  invitations,
}: {
  team: TeamSummary;
  invitations: ReturnType<typeof useTeamInvitations>;
}) {
  const revoke = useRevokeInvitation(team.id);
  const [feedback, setFeedback] = useState<{ success?: string; error?: string }>({});

  const revokeInvitation = (invitation: PendingInvitation) => {
    setFeedback({});
    revoke.mutate(invitation.id, {
      onSuccess: () => setFeedback({ success: `The invitation for ${invitation.email} was revoked.` }),
      onError: (error) => setFeedback({ error: errorMessageOf(error) }),
    });
  };

  return (
    <SettingsSection title="Pending invitations" description="People invited to this team who have not joined yet.">
      <ActionFeedback success={feedback.success} error={feedback.error} />
      {invitations.isPending ? (
        <LoadingState label="Loading invitations..." />
      ) : invitations.isError ? (
        <ErrorState
          message={`Could not load the invitations. ${errorMessageOf(invitations.error)}`}
          onRetry={() => void invitations.refetch()}
        />
      ) : invitations.data.invitations.length === 0 ? (
        <EmptyState>No pending invitations.</EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label={`Pending invitations to ${team.name}`} verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">E-mail</Table.Th>
                <Table.Th scope="col">Role</Table.Th>
                <Table.Th scope="col">Expires</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invitations.data.invitations.map((invitation) => (
                <Table.Tr key={invitation.id}>
                  <Table.Th scope="row" fw={500}>
                    {invitation.first_name} {invitation.last_name}
                  </Table.Th>
                  <Table.Td>{invitation.email}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <span>{ROLE_LABELS[invitation.role]}</span>
                      {invitation.is_admin && (
                        <Badge size="sm" color="brand.8" variant="outline">
                          Admin
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <LocalDate value={invitation.expires_at} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      c="red.9"
                      aria-label={`Revoke invitation for ${invitation.email}`}
                      loading={revoke.isPending && revoke.variables === invitation.id}
                      disabled={revoke.isPending}
                      onClick={() => revokeInvitation(invitation)}
                    >
                      Revoke
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </SettingsSection>
  );
}

// ---------------------------------------------------------------------------------------------
// Invite member: first name, last name and a valid, not yet invited e-mail are required
// ---------------------------------------------------------------------------------------------

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

function InviteMemberSection({
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
  const {
    register,
    submit,
    formError,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useSchemaForm(InvitedMemberSchema, {
    defaultValues: EMPTY_INVITE,
    fieldNames: { firstName: "firstName", lastName: "lastName", email: "email", role: "role" },
    codeFields: Object.fromEntries(EMAIL_ERROR_CODES.map((code) => [code, "email" as const])),
  });

  // The spec's one message for all three required fields shows once, above the fields; each
  // empty field is still marked invalid.
  const missing = REQUIRED_FIELDS.filter(
    (field) => errors[field]?.message === VALIDATION_MESSAGES.inviteFieldsRequired,
  );
  const fieldError = (field: (typeof REQUIRED_FIELDS)[number]) =>
    missing.includes(field) ? true : errors[field]?.message;

  const onSubmit = submit(
    (values) => {
      setSuccess(null);
      const email = values.email.trim();
      if (pendingEmails.some((pending) => pending.trim().toLowerCase() === email.toLowerCase())) {
        setError(
          "email",
          { type: "duplicate", message: VALIDATION_MESSAGES.inviteAlreadyInvited },
          { shouldFocus: true },
        );
        return null;
      }
      return invite.mutateAsync({ ...values, isAdmin: canGrantAdmin && values.isAdmin });
    },
    {
      onSuccess: (answer, values) => {
        if (answer === null) return;
        reset(EMPTY_INVITE);
        setSuccess(`Invitation sent to ${values.email.trim()}.`);
      },
    },
  );

  return (
    <SettingsSection title="Invite member" description={`They receive an e-mail with a link to join ${team.name}.`}>
      <form onSubmit={onSubmit} noValidate aria-label={`Invite a member to ${team.name}`}>
        <Stack gap="md">
          <ActionFeedback
            success={success}
            error={missing.length > 0 ? VALIDATION_MESSAGES.inviteFieldsRequired : formError}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="First name"
              required
              autoComplete="off"
              error={fieldError("firstName")}
              {...register("firstName")}
            />
            <TextInput
              label="Last name"
              required
              autoComplete="off"
              error={fieldError("lastName")}
              {...register("lastName")}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Email"
              type="email"
              required
              autoComplete="off"
              error={fieldError("email")}
              {...register("email")}
            />
            <NativeSelect
              label="Role"
              data={[
                { value: "employee", label: ROLE_LABELS.employee },
                { value: "manager", label: ROLE_LABELS.manager },
              ]}
              error={errors.role?.message}
              {...register("role")}
            />
          </SimpleGrid>
          {canGrantAdmin && <Checkbox label="Grant Admin Permissions" {...register("isAdmin")} />}
          <Group>
            <Button type="submit" loading={isSubmitting} leftSection={<IconSend size={16} aria-hidden />}>
              Send invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsSection>
  );
}

// ---------------------------------------------------------------------------------------------
// The tab
// ---------------------------------------------------------------------------------------------

function SelectedTeam({ team, user }: { team: TeamSummary; user: SessionUser }) {
  const invitations = useTeamInvitations(team.id);
  const pendingEmails = invitations.data?.invitations.map((invitation) => invitation.email) ?? [];
  return (
    <>
      <TeamMembersSection team={team} currentUserId={user.id} />
      <InvitationsSection team={team} invitations={invitations} />
      <InviteMemberSection
        key={team.id}
        team={team}
        pendingEmails={pendingEmails}
        canGrantAdmin={can(user, "invitation.grant_admin")}
      />
    </>
  );
}

/** Team settings (managers and admins): members, invitations and inviting, for one team at a time. */
export function TeamSettings() {
  const { user } = useAuth();
  const teams = useTeams();
  const [chosenId, setChosenId] = useState<string | null>(null);
  if (!user) return null;

  const list = teams.data?.teams ?? [];
  const selected =
    list.find((team) => team.id === chosenId) ?? list.find((team) => team.id === defaultTeamId(user, list));

  return (
    <Stack gap="lg">
      {teams.isPending ? (
        <LoadingState label="Loading teams..." />
      ) : teams.isError ? (
        <ErrorState
          message={`Could not load your teams. ${errorMessageOf(teams.error)}`}
          onRetry={() => void teams.refetch()}
        />
      ) : !selected ? (
        <EmptyState>
          {can(user, "company.manage")
            ? "There are no teams yet. Create one in Company Settings."
            : "You do not manage a team yet. An administrator can make you a team manager."}
        </EmptyState>
      ) : (
        <>
          <NativeSelect
            label="Team"
            description={list.length > 1 ? "Choose the team to manage." : undefined}
            data={list.map((team) => ({ value: team.id, label: team.name }))}
            value={selected.id}
            onChange={(event) => setChosenId(event.currentTarget.value)}
            maw={360}
          />
          <Text size="sm" c="gray.7">
            {selected.member_count === 1 ? "1 member" : `${selected.member_count} members`}
          </Text>
          <SelectedTeam key={selected.id} team={selected} user={user} />
        </>
      )}
    </Stack>
  );
}
