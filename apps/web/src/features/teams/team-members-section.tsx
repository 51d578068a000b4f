import type { TeamMember, TeamSummary } from "@ideaport/shared";
import { Badge, Group, Switch, Table } from "@mantine/core";
import { IconUserMinus } from "@tabler/icons-react";
import { useState } from "react";
import { ActionFeedback } from "../../components/action-feedback.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { SettingsSection } from "../../components/settings-section.tsx";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { t } from "../../lib/i18n.ts";
import { useRemoveTeamMember, useSetTeamManager, useTeamMembers } from "./management.queries.ts";
import { RemoveButton, TeamTable } from "./team-table.tsx";
import { TEAM_MEMBERS_MESSAGES, TEAMS_COLUMNS, TEAMS_TEXTS } from "./teams.texts.ts";

/** Team Settings' members of one team: who manages it, and removing someone from it. */
export function TeamMembersSection({ team, currentUserId }: { team: TeamSummary; currentUserId: string }) {
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
            success: t(isManager ? TEAM_MEMBERS_MESSAGES.nowManager : TEAM_MEMBERS_MESSAGES.noLongerManager, {
              name: member.display_name,
              team: team.name,
            }),
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
        setFeedback({ success: t(TEAM_MEMBERS_MESSAGES.removed, { name: member.display_name, team: team.name }) });
      },
    });
  };

  const closeRemoval = () => {
    setToRemove(null);
    removeMember.reset();
  };

  return (
    <SettingsSection
      title={t(TEAM_MEMBERS_MESSAGES.title, { team: team.name })}
      description={t(TEAM_MEMBERS_MESSAGES.description)}
    >
      <ActionFeedback success={feedback.success} error={feedback.error} />
      <TeamTable
        query={members}
        rowsOf={(data) => data.members}
        loading={t(TEAM_MEMBERS_MESSAGES.loading)}
        failure={t(TEAM_MEMBERS_MESSAGES.loadFailed)}
        empty={t(TEAM_MEMBERS_MESSAGES.empty)}
        label={t(TEAM_MEMBERS_MESSAGES.title, { team: team.name })}
        columns={[t(TEAMS_COLUMNS.name), t(TEAMS_COLUMNS.email), t(TEAMS_COLUMNS.teamManager)]}
      >
        {(member) => {
          const isBusy =
            (setManager.isPending && setManager.variables?.userId === member.id) ||
            (removeMember.isPending && removeMember.variables === member.id);
          return (
            <Table.Tr key={member.id}>
              <Table.Th scope="row" fw={500}>
                <Group gap="xs" wrap="nowrap">
                  <span>
                    {member.id === currentUserId
                      ? t(TEAMS_TEXTS.nameOfSelf, { name: member.display_name })
                      : member.display_name}
                  </span>
                  {!member.is_active && (
                    <Badge color="gray.7" variant="outline" size="sm">
                      {t(TEAMS_TEXTS.deactivated)}
                    </Badge>
                  )}
                </Group>
              </Table.Th>
              <Table.Td>{member.email}</Table.Td>
              <Table.Td>
                <Switch
                  aria-label={t(TEAM_MEMBERS_MESSAGES.managerSwitch, { name: member.display_name })}
                  checked={member.is_manager}
                  disabled={isBusy}
                  onChange={(event) => toggleManager(member, event.currentTarget.checked)}
                />
              </Table.Td>
              <Table.Td ta="right">
                <RemoveButton
                  leftSection={<IconUserMinus size={14} aria-hidden />}
                  aria-label={t(TEAM_MEMBERS_MESSAGES.removeNamed, { name: member.display_name, team: team.name })}
                  disabled={isBusy}
                  onClick={() => {
                    setFeedback({});
                    removeMember.reset();
                    setToRemove(member);
                  }}
                >
                  {t(TEAMS_TEXTS.remove)}
                </RemoveButton>
              </Table.Td>
            </Table.Tr>
          );
        }}
      </TeamTable>
      <ConfirmDialog
        opened={toRemove !== null}
        title={t(TEAM_MEMBERS_MESSAGES.removeTitle)}
        confirmLabel={t(TEAMS_TEXTS.remove)}
        onConfirm={confirmRemoval}
        onCancel={closeRemoval}
        isPending={removeMember.isPending}
        error={removeMember.isError ? errorMessageOf(removeMember.error) : null}
      >
        {toRemove ? t(TEAM_MEMBERS_MESSAGES.confirmRemoval, { name: toRemove.display_name, team: team.name }) : ""}
      </ConfirmDialog>
    </SettingsSection>
  );
}
