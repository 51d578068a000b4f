import {
  type CompanyUser,
  CreateTeamRequestSchema,
  ROLE_LABELS,
  type TeamSummary,
  UpdateCompanyRequestSchema,
  type UpdateCompanyUserRequest,
  VALIDATION_MESSAGES,
} from "@ideaport/shared";
import {
  Badge,
  Box,
  Button,
  Group,
  NativeSelect,
  Stack,
  Switch,
  Table,
  Tabs,
  Text,
  TextInput,
  VisuallyHidden,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconPlus, IconSearch } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { ActionFeedback } from "../../components/action-feedback.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { ErrorState } from "../../components/error-state.tsx";
import { lazyDialog } from "../../components/lazy-dialog.tsx";
import { LoadingState } from "../../components/loading-state.tsx";
import { PasswordField } from "../../components/password-field.tsx";
import { ScrollableTable } from "../../components/scrollable-table.tsx";
import { SettingsSection } from "../../components/settings-section.tsx";
import { CalendarCompanySettingsSection } from "../../features/calendar/calendar-company-settings-section.tsx";
import { PointsRulesSection } from "../../features/company-portal/points/points-rules-form.tsx";
import { ProposedChallenges } from "../../features/ideas/proposed-challenges.tsx";
import {
  useCompany,
  useCompanyUsers,
  useCreateTeam,
  useDeleteTeam,
  useTeams,
  useUpdateCompany,
  useUpdateCompanyUser,
} from "../../features/teams/management.queries.ts";
import { TEAM_NAME_ERROR_CODES, takenTeamName } from "../../features/teams/team-names.ts";
import { useAuth } from "../../lib/auth-provider.tsx";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { useSchemaForm } from "../../lib/use-schema-form.ts";

/** The Rename team dialog (rename-team-dialog.tsx), loaded when it first opens. */
const RenameTeamDialog = lazyDialog(
  () => import("../../features/teams/rename-team-dialog.tsx").then((module) => module.RenameTeamModal),
  {
    isOpen: (props) => props.team !== null,
    closed: (props) => ({ ...props, team: null }),
  },
);

type Feedback = { success?: string; error?: string };

// ---------------------------------------------------------------------------------------------
// Company name and join password
// ---------------------------------------------------------------------------------------------

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
    <form onSubmit={onSubmit} noValidate aria-label="Company name">
      <Stack gap="sm">
        <Group align="flex-end" gap="sm">
          <TextInput label="Company name" required error={errors.name?.message} miw={260} {...register("name")} />
          <Button type="submit" loading={isSubmitting}>
            Save name
          </Button>
        </Group>
        <ActionFeedback success={success} error={formError} />
      </Stack>
    </form>
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
    <form onSubmit={onSubmit} noValidate aria-label="Join password">
      <Stack gap="sm">
        <Group align="flex-end" gap="sm">
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
          <Button type="submit" loading={isSubmitting}>
            Change join password
          </Button>
        </Group>
        <ActionFeedback success={success} error={formError} />
      </Stack>
    </form>
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

function CompanyDetailsSection() {
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

// ---------------------------------------------------------------------------------------------
// Team management
// ---------------------------------------------------------------------------------------------

function CreateTeamForm({ teams, onCreated }: { teams: readonly TeamSummary[]; onCreated: (name: string) => void }) {
  const createTeam = useCreateTeam();
  const {
    register,
    submit,
    formError,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useSchemaForm(CreateTeamRequestSchema, {
    defaultValues: { name: "" },
    fieldNames: { name: "name" },
    codeFields: Object.fromEntries(TEAM_NAME_ERROR_CODES.map((code) => [code, "name" as const])),
  });

  const onSubmit = submit(
    ({ name }) => {
      const taken = takenTeamName(name, teams);
      if (taken === null) return createTeam.mutateAsync(name);
      setError("name", { type: "duplicate", message: VALIDATION_MESSAGES.teamAlreadyExists(taken) });
      return null;
    },
    {
      onSuccess: (answer) => {
        if (!answer) return;
        reset({ name: "" });
        onCreated(answer.team.name);
      },
    },
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Create a team">
      <Stack gap="xs">
        <Group align="flex-start" gap="sm">
          <TextInput label="New team name" required error={errors.name?.message} miw={260} {...register("name")} />
          <Button type="submit" loading={isSubmitting} leftSection={<IconPlus size={16} aria-hidden />} mt={25}>
            Create team
          </Button>
        </Group>
        <ActionFeedback error={formError} />
      </Stack>
    </form>
  );
}

function TeamManagementSection() {
  const teams = useTeams();
  const deleteTeam = useDeleteTeam();
  const [feedback, setFeedback] = useState<Feedback>({});
  const [toRename, setToRename] = useState<TeamSummary | null>(null);
  const [toDelete, setToDelete] = useState<TeamSummary | null>(null);
  const list = teams.data?.teams ?? [];

  const confirmDeletion = () => {
    if (!toDelete) return;
    const team = toDelete;
    deleteTeam.mutate(team.id, {
      onSuccess: ({ archived }) => {
        setToDelete(null);
        setFeedback({
          success: archived
            ? `Team ${team.name} was archived: its ideas and history are kept, and it no longer appears in lists.`
            : `Team ${team.name} was deleted.`,
        });
      },
    });
  };

  const closeDeletion = () => {
    setToDelete(null);
    deleteTeam.reset();
  };

  return (
    <SettingsSection
      title="Team management"
      description="Create, rename and delete teams. A team must be empty before it can be deleted."
      dataTour="team-management"
    >
      <CreateTeamForm teams={list} onCreated={(name) => setFeedback({ success: `Team ${name} was created.` })} />
      <ActionFeedback success={feedback.success} error={feedback.error} />
      {teams.isPending ? (
        <LoadingState label="Loading teams..." />
      ) : teams.isError ? (
        <ErrorState
          message={`Could not load the teams. ${errorMessageOf(teams.error)}`}
          onRetry={() => void teams.refetch()}
        />
      ) : list.length === 0 ? (
        <EmptyState>There are no teams yet. Create the first one above.</EmptyState>
      ) : (
        <ScrollableTable label="Teams table" minWidth={420}>
          <Table aria-label="Teams" verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Team</Table.Th>
                <Table.Th scope="col">Members</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((team) => (
                <Table.Tr key={team.id}>
                  <Table.Th scope="row" fw={500}>
                    {team.name}
                  </Table.Th>
                  <Table.Td>{team.member_count}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="subtle"
                        aria-label={`Rename team ${team.name}`}
                        onClick={() => {
                          setFeedback({});
                          setToRename(team);
                        }}
                      >
                        Rename
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        c="red.9"
                        aria-label={`Delete team ${team.name}`}
                        onClick={() => {
                          setFeedback({});
                          deleteTeam.reset();
                          setToDelete(team);
                        }}
                      >
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollableTable>
      )}
      <RenameTeamDialog
        team={toRename}
        teams={list}
        onClose={() => setToRename(null)}
        onRenamed={(from, to) => {
          setToRename(null);
          setFeedback({ success: `Team ${from} is now called ${to}.` });
        }}
      />
      <ConfirmDialog
        opened={toDelete !== null}
        title="Delete team"
        confirmLabel="Delete team"
        onConfirm={confirmDeletion}
        onCancel={closeDeletion}
        isPending={deleteTeam.isPending}
        error={deleteTeam.isError ? errorMessageOf(deleteTeam.error) : null}
      >
        {toDelete ? `Delete the team ${toDelete.name}? Pending invitations to it are revoked.` : ""}
      </ConfirmDialog>
    </SettingsSection>
  );
}

// ---------------------------------------------------------------------------------------------
// User management
// ---------------------------------------------------------------------------------------------

/** What a successful change says, in plain words. */
function describeUserChange(
  user: CompanyUser,
  changes: UpdateCompanyUserRequest,
  teams: readonly TeamSummary[],
): string {
  const name = user.display_name;
  if (changes.role !== undefined) return `${name} is now ${changes.role === "manager" ? "a manager" : "an employee"}.`;
  if (changes.is_admin !== undefined) {
    return changes.is_admin ? `${name} is now an administrator.` : `${name} is no longer an administrator.`;
  }
  if (changes.team_id !== undefined) {
    const team = teams.find((entry) => entry.id === changes.team_id)?.name ?? "the new team";
    return `${name} moved to ${team}.`;
  }
  if (changes.is_active !== undefined)
    return changes.is_active ? `${name} was reactivated.` : `${name} was deactivated.`;
  return `${name} was updated.`;
}

/** A change that needs a confirmation first: deactivating someone, or removing one's own admin rights. */
interface PendingConfirmation {
  user: CompanyUser;
  changes: UpdateCompanyUserRequest;
  title: string;
  message: string;
  confirmLabel: string;
}

function UserRow({
  user,
  teams,
  isSelf,
  isBusy,
  onChange,
}: {
  user: CompanyUser;
  teams: readonly TeamSummary[];
  isSelf: boolean;
  isBusy: boolean;
  onChange: (user: CompanyUser, changes: UpdateCompanyUserRequest) => void;
}) {
  const name = user.display_name;
  // Older accounts may carry role "admin"; it is shown as it is, and choosing a member role replaces it.
  const roleOptions = [
    { value: "employee", label: ROLE_LABELS.employee },
    { value: "manager", label: ROLE_LABELS.manager },
    ...(user.role === "admin" ? [{ value: "admin", label: ROLE_LABELS.admin, disabled: true }] : []),
  ];
  const currentTeam = user.team[0];
  const teamOptions = teams.map((team) => ({ value: team.id, label: team.name }));
  if (currentTeam && !teams.some((team) => team.id === currentTeam.id)) {
    teamOptions.unshift({ value: currentTeam.id, label: currentTeam.name });
  }
  if (!currentTeam) teamOptions.unshift({ value: "", label: "No team" });

  return (
    <Table.Tr>
      <Table.Th scope="row" fw={500}>
        <Text size="sm" fw={600} component="span" display="block">
          {name}
          {isSelf && " (you)"}
        </Text>
        <Text size="xs" c="gray.7" component="span" display="block">
          {user.email}
        </Text>
      </Table.Th>
      <Table.Td>
        <NativeSelect
          aria-label={`Role of ${name}`}
          size="xs"
          data={roleOptions}
          value={user.role}
          disabled={isBusy}
          onChange={(event) => onChange(user, { role: event.currentTarget.value as "employee" | "manager" })}
        />
      </Table.Td>
      <Table.Td>
        <Switch
          aria-label={`Administrator: ${name}`}
          checked={user.is_admin}
          disabled={isBusy}
          onChange={(event) => onChange(user, { is_admin: event.currentTarget.checked })}
        />
      </Table.Td>
      <Table.Td>
        <NativeSelect
          aria-label={`Team of ${name}`}
          size="xs"
          data={teamOptions}
          value={currentTeam?.id ?? ""}
          disabled={isBusy}
          onChange={(event) => {
            const teamId = event.currentTarget.value;
            if (teamId !== "") onChange(user, { team_id: teamId });
          }}
        />
        {user.team.length > 1 && (
          <Text size="xs" c="gray.7" mt={2}>
            Also in{" "}
            {user.team
              .slice(1)
              .map((team) => team.name)
              .join(", ")}
            ; choosing a team moves them to that one only.
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Badge color={user.is_active ? "green.9" : "gray.7"} variant="outline" size="sm">
            {user.is_active ? "Active" : "Deactivated"}
          </Badge>
          <Button
            size="xs"
            variant="subtle"
            color={user.is_active ? "red" : "brand"}
            c={user.is_active ? "red.9" : "brand.8"}
            aria-label={`${user.is_active ? "Deactivate" : "Reactivate"} ${name}`}
            disabled={isBusy}
            onClick={() => onChange(user, { is_active: !user.is_active })}
          >
            {user.is_active ? "Deactivate" : "Reactivate"}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function UserManagementSection() {
  const { user: me } = useAuth();
  const [search, setSearch] = useState("");
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const users = useCompanyUsers(debouncedSearch);
  const teams = useTeams();
  const updateUser = useUpdateCompanyUser();
  const [feedback, setFeedback] = useState<Feedback>({});
  const [confirmation, setConfirmation] = useState<PendingConfirmation | null>(null);
  const teamList = teams.data?.teams ?? [];
  const rows = users.data?.pages.flatMap((page) => page.users) ?? [];

  const apply = (user: CompanyUser, changes: UpdateCompanyUserRequest) => {
    setFeedback({});
    updateUser.mutate(
      { userId: user.id, changes },
      {
        onSuccess: ({ user: updated }) => {
          setConfirmation(null);
          setFeedback({ success: describeUserChange(updated, changes, teamList) });
        },
        onError: (error) => {
          setConfirmation(null);
          setFeedback({ error: errorMessageOf(error) });
        },
      },
    );
  };

  const requestChange = (user: CompanyUser, changes: UpdateCompanyUserRequest) => {
    const isSelf = user.id === me?.id;
    if (changes.is_active === false) {
      setConfirmation({
        user,
        changes,
        title: "Deactivate user",
        message: isSelf
          ? "Deactivate your own account? You are signed out at once and cannot log in again until another administrator reactivates you."
          : `Deactivate ${user.display_name}? They are signed out at once and cannot log in until reactivated.`,
        confirmLabel: "Deactivate",
      });
      return;
    }
    if (isSelf && changes.is_admin === false) {
      setConfirmation({
        user,
        changes,
        title: "Remove your administrator rights",
        message: "Remove your own administrator rights? You lose access to Company Settings at once.",
        confirmLabel: "Remove my rights",
      });
      return;
    }
    apply(user, changes);
  };

  return (
    <SettingsSection
      title="User management"
      description="Change roles, administrator rights and teams, or deactivate accounts. The company always keeps one active administrator."
      dataTour="user-management"
    >
      <TextInput
        label="Search users"
        type="search"
        placeholder="Name or e-mail"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={360}
      />
      <ActionFeedback success={feedback.success} error={feedback.error} />
      {users.isPending ? (
        <LoadingState label="Loading users..." />
      ) : users.isError ? (
        <ErrorState
          message={`Could not load the users. ${errorMessageOf(users.error)}`}
          onRetry={() => void users.refetch()}
        />
      ) : rows.length === 0 ? (
        <EmptyState>{debouncedSearch ? `No users match "${debouncedSearch}".` : "There are no users yet."}</EmptyState>
      ) : (
        <Stack gap="sm">
          <ScrollableTable label="Users table" minWidth={760}>
            <Table aria-label="Users" verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">User</Table.Th>
                  <Table.Th scope="col">Role</Table.Th>
                  <Table.Th scope="col">Administrator</Table.Th>
                  <Table.Th scope="col">Team</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((user) => (
                  <UserRow
                    key={user.id}
                    user={user}
                    teams={teamList}
                    isSelf={user.id === me?.id}
                    isBusy={updateUser.isPending && updateUser.variables?.userId === user.id}
                    onChange={requestChange}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </ScrollableTable>
          {users.isFetchNextPageError && <ActionFeedback error="Could not load more users. Please try again." />}
          {users.hasNextPage && (
            <Button
              variant="default"
              onClick={() => void users.fetchNextPage()}
              loading={users.isFetchingNextPage}
              style={{ alignSelf: "center" }}
            >
              Load more users
            </Button>
          )}
        </Stack>
      )}
      <ConfirmDialog
        opened={confirmation !== null}
        title={confirmation?.title ?? ""}
        confirmLabel={confirmation?.confirmLabel ?? "Confirm"}
        onConfirm={() => confirmation && apply(confirmation.user, confirmation.changes)}
        onCancel={() => setConfirmation(null)}
        isPending={updateUser.isPending}
      >
        {confirmation?.message ?? ""}
      </ConfirmDialog>
    </SettingsSection>
  );
}

// ---------------------------------------------------------------------------------------------
// The analytics overview
// ---------------------------------------------------------------------------------------------

/** The overview and its chart library (features/analytics), loaded when the section first renders. */
const AnalyticsOverview = lazy(async () => ({
  default: (await import("../../features/analytics/analytics-overview.tsx")).AnalyticsOverview,
}));

/** The AI analysis switch and its request code, loaded when Company Settings first renders it. */
const AiAnalysisSettingsSection = lazy(async () => ({
  default: (await import("../../features/ai-analysis/ai-analysis-settings-section.tsx")).AiAnalysisSettingsSection,
}));

/** Pixels the overview holds while its code loads: about the filters and the key figures. */
const ANALYTICS_LOADING_HEIGHT = 240;

function AnalyticsOverviewSection() {
  return (
    <SettingsSection
      title="Analytics overview"
      description="How the ideas programme is doing: ideas, participation, review times, challenges, actions and points."
      dataTour="analytics-overview"
    >
      <Suspense
        fallback={
          <Box mih={ANALYTICS_LOADING_HEIGHT}>
            <LoadingState label="Loading the analytics..." />
          </Box>
        }
      >
        <AnalyticsOverview />
      </Suspense>
    </SettingsSection>
  );
}

/** Company settings (admins): the company, points rules, teams, users, proposed challenges, analytics. */
export function CompanySettings() {
  return (
    <Stack gap="lg">
      <CompanyDetailsSection />
      <PointsRulesSection />
      <CalendarCompanySettingsSection />
      <Suspense fallback={<LoadingState label="Loading the AI settings..." />}>
        <AiAnalysisSettingsSection />
      </Suspense>
      <Tabs defaultValue="people" keepMounted={false}>
        <Tabs.List aria-label="Company administration">
          <Tabs.Tab value="people">Teams and users</Tabs.Tab>
          <Tabs.Tab value="proposed-challenges" data-tour="proposed-challenges-tab">
            Proposed challenges
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="people" pt="md">
          <Stack gap="lg">
            <TeamManagementSection />
            <UserManagementSection />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="proposed-challenges" pt="md">
          <ProposedChallenges isTourTarget={false} headingOrder={3} />
        </Tabs.Panel>
      </Tabs>
      <AnalyticsOverviewSection />
    </Stack>
  );
}
