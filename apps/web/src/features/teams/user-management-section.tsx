import { type CompanyUser, ROLE_LABELS, type TeamSummary, type UpdateCompanyUserRequest } from "@ideaport/shared";
import { Badge, Button, Group, NativeSelect, Stack, Switch, Table, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { ActionFeedback } from "../../components/action-feedback.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { QueryStates } from "../../components/query-states.tsx";
import { ScrollableTable } from "../../components/scrollable-table.tsx";
import { SettingsSection } from "../../components/settings-section.tsx";
import { useAuth } from "../../lib/auth-provider.tsx";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { t } from "../../lib/i18n.ts";
import { useCompanyUsers, useTeams, useUpdateCompanyUser } from "./management.queries.ts";
import { TableHead } from "./table-head.tsx";
import { TEAMS_TEXTS } from "./teams.texts.ts";

type Feedback = { success?: string; error?: string };

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
    { value: "employee", label: t(ROLE_LABELS.employee) },
    { value: "manager", label: t(ROLE_LABELS.manager) },
    ...(user.role === "admin" ? [{ value: "admin", label: t(ROLE_LABELS.admin), disabled: true }] : []),
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
            aria-label={`${user.is_active ? TEAMS_TEXTS.deactivate : TEAMS_TEXTS.reactivate} ${name}`}
            disabled={isBusy}
            onClick={() => onChange(user, { is_active: !user.is_active })}
          >
            {user.is_active ? TEAMS_TEXTS.deactivate : TEAMS_TEXTS.reactivate}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** Company Settings' "User management": roles, administrator rights, teams and deactivation (admins). */
export function UserManagementSection() {
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
        confirmLabel: TEAMS_TEXTS.deactivate,
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
      <QueryStates
        query={users}
        loading="Loading users..."
        failure="Could not load the users."
        isEmpty={(data) => data.pages.every((page) => page.users.length === 0)}
        empty={debouncedSearch ? `No users match "${debouncedSearch}".` : "There are no users yet."}
      >
        {() => (
          <Stack gap="sm">
            <ScrollableTable label="Users table" minWidth={760}>
              <Table aria-label="Users" verticalSpacing="sm">
                <TableHead columns={["User", "Role", "Administrator", "Team", "Status"]} />
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
      </QueryStates>
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
