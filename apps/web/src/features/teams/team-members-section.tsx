import type { TeamMember, TeamSummary } from "@ideaport/shared";
import { Badge, Group, Switch, Table } from "@mantine/core";
import { IconUserMinus } from "@tabler/icons-react";
import { useState } from "react";
import { ActionFeedback } from "../../components/action-feedback.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { SettingsSection } from "../../components/settings-section.tsx";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { useRemoveTeamMember, useSetTeamManager, useTeamMembers } from "./management.queries.ts";
import { RemoveButton, TeamTable } from "./team-table.tsx";

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
      <TeamTable
        query={members}
        rowsOf={(data) => data.members}
        loading="Loading members..."
        failure="Could not load the members."
        empty="This team has no members yet. Invite someone below."
        label={`Members of ${team.name}`}
        columns={["Name", "E-mail", "Team manager"]}
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
                <RemoveButton
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
                </RemoveButton>
              </Table.Td>
            </Table.Tr>
          );
        }}
      </TeamTable>
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
