import { type PendingInvitation, ROLE_LABELS, type TeamSummary } from "@ideaport/shared";
import { Badge, Group, Table } from "@mantine/core";
import { useState } from "react";
import { ActionFeedback } from "../../components/action-feedback.tsx";
import { SettingsSection } from "../../components/settings-section.tsx";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { formatDate } from "../../lib/format.ts";
import { t } from "../../lib/i18n.ts";
import { useRevokeInvitation, type useTeamInvitations } from "./management.queries.ts";
import { RemoveButton, TeamTable } from "./team-table.tsx";
import { INVITATIONS_MESSAGES, TEAMS_COLUMNS, TEAMS_TEXTS } from "./teams.texts.ts";

/** A date in the user's locale inside a `<time>`. */
function LocalDate({ value }: { value: string }) {
  return <time dateTime={value}>{formatDate(value)}</time>;
}

/** Team Settings' pending invitations to one team, each with its Revoke. */
export function InvitationsSection({
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
      onSuccess: () => setFeedback({ success: t(INVITATIONS_MESSAGES.revoked, { email: invitation.email }) }),
      onError: (error) => setFeedback({ error: errorMessageOf(error) }),
    });
  };

  return (
    <SettingsSection title={t(INVITATIONS_MESSAGES.title)} description={t(INVITATIONS_MESSAGES.description)}>
      <ActionFeedback success={feedback.success} error={feedback.error} />
      <TeamTable
        query={invitations}
        rowsOf={(data) => data.invitations}
        loading={t(INVITATIONS_MESSAGES.loading)}
        failure={t(INVITATIONS_MESSAGES.loadFailed)}
        empty={t(INVITATIONS_MESSAGES.empty)}
        label={t(INVITATIONS_MESSAGES.table, { team: team.name })}
        columns={[t(TEAMS_COLUMNS.name), t(TEAMS_COLUMNS.email), t(TEAMS_TEXTS.role), t(TEAMS_COLUMNS.expires)]}
      >
        {(invitation) => (
          <Table.Tr key={invitation.id}>
            <Table.Th scope="row" fw={500}>
              {invitation.first_name} {invitation.last_name}
            </Table.Th>
            <Table.Td>{invitation.email}</Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap">
                <span>{t(ROLE_LABELS[invitation.role])}</span>
                {invitation.is_admin && (
                  <Badge size="sm" color="brand.8" variant="outline">
                    {t(INVITATIONS_MESSAGES.admin)}
                  </Badge>
                )}
              </Group>
            </Table.Td>
            <Table.Td>
              <LocalDate value={invitation.expires_at} />
            </Table.Td>
            <Table.Td ta="right">
              <RemoveButton
                aria-label={t(INVITATIONS_MESSAGES.revokeNamed, { email: invitation.email })}
                loading={revoke.isPending && revoke.variables === invitation.id}
                disabled={revoke.isPending}
                onClick={() => revokeInvitation(invitation)}
              >
                {t(INVITATIONS_MESSAGES.revoke)}
              </RemoveButton>
            </Table.Td>
          </Table.Tr>
        )}
      </TeamTable>
    </SettingsSection>
  );
}
