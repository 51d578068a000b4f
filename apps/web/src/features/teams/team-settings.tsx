import { can, type TeamSummary } from "@ideaport/shared";
import { NativeSelect, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { EmptyState } from "../../components/empty-state.tsx";
import { ErrorState } from "../../components/error-state.tsx";
import { LoadingState } from "../../components/loading-state.tsx";
import { useAuth } from "../../lib/auth-provider.tsx";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { t } from "../../lib/i18n.ts";
import type { SessionUser } from "../../lib/session.ts";
import { ChannelsSection } from "../integrations/index.ts";
import { InvitationsSection } from "./invitations-section.tsx";
import { InviteMemberSection } from "./invite-member-section.tsx";
import { useTeamInvitations, useTeams } from "./management.queries.ts";
import { TeamMembersSection } from "./team-members-section.tsx";
import { TEAM_SETTINGS_MESSAGES, TEAMS_TEXTS } from "./teams.texts.ts";

/** The team to show first: one the user manages, else the first listed. */
function defaultTeamId(user: SessionUser, teams: readonly TeamSummary[]): string | undefined {
  const managed = new Set(user.team.filter((entry) => entry.is_manager).map((entry) => entry.id));
  return (teams.find((team) => managed.has(team.id)) ?? teams[0])?.id;
}

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
      {can(user, "team.manage", { teamId: team.id }) && (
        <ChannelsSection key={`channels-${team.id}`} teamId={team.id} />
      )}
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
        <LoadingState label={t(TEAMS_TEXTS.loadingTeams)} />
      ) : teams.isError ? (
        <ErrorState
          message={t(TEAM_SETTINGS_MESSAGES.loadFailed, { reason: errorMessageOf(teams.error) })}
          onRetry={() => void teams.refetch()}
        />
      ) : !selected ? (
        <EmptyState>
          {can(user, "company.manage")
            ? t(TEAM_SETTINGS_MESSAGES.noTeamsAdmin)
            : t(TEAM_SETTINGS_MESSAGES.noTeamManaged)}
        </EmptyState>
      ) : (
        <>
          <NativeSelect
            label={t(TEAMS_TEXTS.team)}
            description={list.length > 1 ? t(TEAM_SETTINGS_MESSAGES.chooseTeam) : undefined}
            data={list.map((team) => ({ value: team.id, label: team.name }))}
            value={selected.id}
            onChange={(event) => setChosenId(event.currentTarget.value)}
            maw={360}
          />
          <Text size="sm" c="gray.7">
            {t(TEAMS_TEXTS.memberCount, { count: selected.member_count })}
          </Text>
          <SelectedTeam key={selected.id} team={selected} user={user} />
        </>
      )}
    </Stack>
  );
}
