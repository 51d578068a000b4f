import { type CompanyUser, ROLE_LABELS, type TeamSummary, type UpdateCompanyUserRequest } from "@ideaport/shared";
import { Badge, Button, Group, NativeSelect, Stack, Switch, Table, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { ActionFeedback } from "../../components/action-feedback.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { lazyDialog } from "../../components/lazy-dialog.tsx";
import { QueryStates } from "../../components/query-states.tsx";
import { ScrollableTable } from "../../components/scrollable-table.tsx";
import { SettingsSection } from "../../components/settings-section.tsx";
import { useAuth } from "../../lib/auth-provider.tsx";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { formatList } from "../../lib/format.ts";
import { t } from "../../lib/i18n.ts";
import { useCompanyUsers, useTeams, useUpdateCompanyUser } from "./management.queries.ts";
import { TableHead } from "./table-head.tsx";
import { TEAMS_COLUMNS, TEAMS_TEXTS, USER_MANAGEMENT_MESSAGES } from "./teams.texts.ts";

type Feedback = { success?: string; error?: string };

/** The Erase dialog (erase-user-dialog.tsx), loaded when it first opens. */
const EraseUserDialog = lazyDialog(() => import("./erase-user-dialog.tsx").then((module) => module.EraseUserModal), {
  isOpen: (props) => props.user !== null,
  closed: (props) => ({ ...props, user: null }),
});

/** What a successful change says, in plain words. */
function describeUserChange(
  user: CompanyUser,
  changes: UpdateCompanyUserRequest,
  teams: readonly TeamSummary[],
): string {
  const values = { name: user.display_name };
  if (changes.role !== undefined) {
    return t(
      changes.role === "manager" ? USER_MANAGEMENT_MESSAGES.nowManager : USER_MANAGEMENT_MESSAGES.nowEmployee,
      values,
    );
  }
  if (changes.is_admin !== undefined) {
    return t(
      changes.is_admin ? USER_MANAGEMENT_MESSAGES.nowAdministrator : USER_MANAGEMENT_MESSAGES.noLongerAdministrator,
      values,
    );
  }
  if (changes.team_id !== undefined) {
    const team = teams.find((entry) => entry.id === changes.team_id)?.name;
    return team === undefined
      ? t(USER_MANAGEMENT_MESSAGES.movedToNewTeam, values)
      : t(USER_MANAGEMENT_MESSAGES.movedTo, { ...values, team });
  }
  if (changes.is_active !== undefined) {
    return t(changes.is_active ? USER_MANAGEMENT_MESSAGES.reactivated : USER_MANAGEMENT_MESSAGES.deactivated, values);
  }
  return t(USER_MANAGEMENT_MESSAGES.updated, values);
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
  onErase,
}: {
  user: CompanyUser;
  teams: readonly TeamSummary[];
  isSelf: boolean;
  isBusy: boolean;
  onChange: (user: CompanyUser, changes: UpdateCompanyUserRequest) => void;
  /** Opens the Erase dialog; one's own account is deleted from Profile Settings instead. */
  onErase: (user: CompanyUser) => void;
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
  if (!currentTeam) teamOptions.unshift({ value: "", label: t(TEAMS_TEXTS.noTeam) });

  return (
    <Table.Tr>
      <Table.Th scope="row" fw={500}>
        <Text size="sm" fw={600} component="span" display="block">
          {isSelf ? t(TEAMS_TEXTS.nameOfSelf, { name }) : name}
        </Text>
        <Text size="xs" c="gray.7" component="span" display="block">
          {user.email}
        </Text>
      </Table.Th>
      <Table.Td>
        <NativeSelect
          aria-label={t(USER_MANAGEMENT_MESSAGES.roleOf, { name })}
          size="xs"
          data={roleOptions}
          value={user.role}
          disabled={isBusy}
          onChange={(event) => onChange(user, { role: event.currentTarget.value as "employee" | "manager" })}
        />
      </Table.Td>
      <Table.Td>
        <Switch
          aria-label={t(USER_MANAGEMENT_MESSAGES.administratorSwitch, { name })}
          checked={user.is_admin}
          disabled={isBusy}
          onChange={(event) => onChange(user, { is_admin: event.currentTarget.checked })}
        />
      </Table.Td>
      <Table.Td>
        <NativeSelect
          aria-label={t(USER_MANAGEMENT_MESSAGES.teamOf, { name })}
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
            {t(USER_MANAGEMENT_MESSAGES.alsoIn, {
              teams: formatList(user.team.slice(1).map((team) => team.name)),
            })}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Badge color={user.is_active ? "green.9" : "gray.7"} variant="outline" size="sm">
            {user.is_active ? t(USER_MANAGEMENT_MESSAGES.active) : t(TEAMS_TEXTS.deactivated)}
          </Badge>
          <Button
            size="xs"
            variant="subtle"
            color={user.is_active ? "red" : "brand"}
            c={user.is_active ? "red.9" : "brand.8"}
            aria-label={t(
              user.is_active ? USER_MANAGEMENT_MESSAGES.deactivateNamed : USER_MANAGEMENT_MESSAGES.reactivateNamed,
              {
                name,
              },
            )}
            disabled={isBusy}
            onClick={() => onChange(user, { is_active: !user.is_active })}
          >
            {t(user.is_active ? TEAMS_TEXTS.deactivate : TEAMS_TEXTS.reactivate)}
          </Button>
          {!isSelf && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              c="red.9"
              aria-label={t(USER_MANAGEMENT_MESSAGES.eraseNamed, { name })}
              disabled={isBusy}
              onClick={() => onErase(user)}
            >
              {t(USER_MANAGEMENT_MESSAGES.erase)}
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * Company Settings' "User management": roles, administrator rights, teams, deactivation and
 * erasure (admins).
 */
export function UserManagementSection() {
  const { user: me } = useAuth();
  const [search, setSearch] = useState("");
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const users = useCompanyUsers(debouncedSearch);
  const teams = useTeams();
  const updateUser = useUpdateCompanyUser();
  const [feedback, setFeedback] = useState<Feedback>({});
  const [confirmation, setConfirmation] = useState<PendingConfirmation | null>(null);
  const [toErase, setToErase] = useState<CompanyUser | null>(null);
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
        title: t(USER_MANAGEMENT_MESSAGES.deactivateTitle),
        message: isSelf
          ? t(USER_MANAGEMENT_MESSAGES.deactivateSelf)
          : t(USER_MANAGEMENT_MESSAGES.deactivateOther, { name: user.display_name }),
        confirmLabel: t(TEAMS_TEXTS.deactivate),
      });
      return;
    }
    if (isSelf && changes.is_admin === false) {
      setConfirmation({
        user,
        changes,
        title: t(USER_MANAGEMENT_MESSAGES.removeOwnRightsTitle),
        message: t(USER_MANAGEMENT_MESSAGES.removeOwnRights),
        confirmLabel: t(USER_MANAGEMENT_MESSAGES.removeOwnRightsConfirm),
      });
      return;
    }
    apply(user, changes);
  };

  return (
    <SettingsSection
      title={t(USER_MANAGEMENT_MESSAGES.title)}
      description={t(USER_MANAGEMENT_MESSAGES.description)}
      dataTour="user-management"
    >
      <TextInput
        label={t(USER_MANAGEMENT_MESSAGES.search)}
        type="search"
        placeholder={t(USER_MANAGEMENT_MESSAGES.searchPlaceholder)}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={360}
      />
      <ActionFeedback success={feedback.success} error={feedback.error} />
      <QueryStates
        query={users}
        loading={t(USER_MANAGEMENT_MESSAGES.loading)}
        failure={t(USER_MANAGEMENT_MESSAGES.loadFailed)}
        isEmpty={(data) => data.pages.every((page) => page.users.length === 0)}
        empty={
          debouncedSearch
            ? t(USER_MANAGEMENT_MESSAGES.noMatch, { search: debouncedSearch })
            : t(USER_MANAGEMENT_MESSAGES.empty)
        }
      >
        {() => (
          <Stack gap="sm">
            <ScrollableTable label={t(USER_MANAGEMENT_MESSAGES.tableRegion)} minWidth={760}>
              <Table aria-label={t(USER_MANAGEMENT_MESSAGES.table)} verticalSpacing="sm">
                <TableHead
                  columns={[
                    t(TEAMS_COLUMNS.user),
                    t(TEAMS_TEXTS.role),
                    t(TEAMS_COLUMNS.administrator),
                    t(TEAMS_TEXTS.team),
                    t(TEAMS_COLUMNS.status),
                  ]}
                />
                <Table.Tbody>
                  {rows.map((user) => (
                    <UserRow
                      key={user.id}
                      user={user}
                      teams={teamList}
                      isSelf={user.id === me?.id}
                      isBusy={updateUser.isPending && updateUser.variables?.userId === user.id}
                      onChange={requestChange}
                      onErase={(user) => {
                        setFeedback({});
                        setToErase(user);
                      }}
                    />
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollableTable>
            {users.isFetchNextPageError && <ActionFeedback error={t(USER_MANAGEMENT_MESSAGES.loadMoreFailed)} />}
            {users.hasNextPage && (
              <Button
                variant="default"
                onClick={() => void users.fetchNextPage()}
                loading={users.isFetchingNextPage}
                style={{ alignSelf: "center" }}
              >
                {t(USER_MANAGEMENT_MESSAGES.loadMore)}
              </Button>
            )}
          </Stack>
        )}
      </QueryStates>
      <ConfirmDialog
        opened={confirmation !== null}
        title={confirmation?.title ?? ""}
        confirmLabel={confirmation?.confirmLabel ?? t(USER_MANAGEMENT_MESSAGES.confirm)}
        onConfirm={() => confirmation && apply(confirmation.user, confirmation.changes)}
        onCancel={() => setConfirmation(null)}
        isPending={updateUser.isPending}
      >
        {confirmation?.message ?? ""}
      </ConfirmDialog>
      <EraseUserDialog
        user={toErase}
        onClose={() => setToErase(null)}
        onErased={(name) => {
          setToErase(null);
          setFeedback({ success: t(USER_MANAGEMENT_MESSAGES.erased, { name }) });
        }}
      />
    </SettingsSection>
  );
}
