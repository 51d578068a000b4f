import { can, type TeamSummary } from "@ideaport/shared";
import { NativeSelect, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { EmptyState } from "../../components/empty-state.tsx";
import { ErrorState } from "../../components/error-state.tsx";
import { LoadingState } from "../../components/loading-state.tsx";
import { useAuth } from "../../lib/auth-provider.tsx";
import { errorMessageOf } from "../../lib/form-errors.ts";
import type { SessionUser } from "../../lib/session.ts";
import { InvitationsSection } from "./invitations-section.tsx";
import { InviteMemberSection } from "./invite-member-section.tsx";
import { useTeamInvitations, useTeams } from "./management.queries.ts";
import { TeamMembersSection } from "./team-members-section.tsx";
import { TEAMS_TEXTS } from "./teams.texts.ts";

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
        <LoadingState label={TEAMS_TEXTS.loadingTeams} />
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
