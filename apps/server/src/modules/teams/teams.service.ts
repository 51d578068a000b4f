import { AppError, type TeamMember, type TeamSummary, VALIDATION_MESSAGES } from "@ideaport/shared";
import { authorize, type CompanyCaller, isAllowed } from "../../core/caller.ts";
import type { ServiceDependencies } from "../../core/module-options.ts";
import { isUniqueViolation } from "../../core/sql.ts";
import type { Database } from "../../db/client.ts";
import type { TeamRow } from "../../db/schema/index.ts";
import { recordCallerAudit } from "../audit/audit.service.ts";
import { presentTeamMember, presentTeamSummary } from "./teams.presenter.ts";
import {
  archiveTeam,
  countMembershipsOfUser,
  countTeamMemberships,
  deleteMembership,
  deleteTeamRow,
  findCompanyUser,
  findTeam as findTeamRow,
  insertMembership,
  insertTeam,
  insertTeams,
  listMembersOfTeam,
  listTeamsWithCounts,
  lockMembership,
  setMembershipManager,
  syncRoleWithMemberships,
  type TeamWithCount,
  takenTeamName,
  teamHasHistory,
  updateTeamName,
  upsertManagerMembership,
} from "./teams.repository.ts";

export type TeamsService = ReturnType<typeof createTeamsService>;

/** Team Settings (managers of the team, admins) and team administration (admins). */
export function createTeamsService({ db, clock }: ServiceDependencies) {
  /**
   * Refuses a name another team of the company has, ignoring case (409), saying the name as the
   * company wrote it.
   */
  async function refuseTakenName(companyId: string, name: string, exceptTeamId?: string): Promise<void> {
    const taken = await takenTeamName(db, companyId, name, exceptTeamId);
    if (taken === null) return;
    const message = { message: VALIDATION_MESSAGES.teamAlreadyExists, values: { name: taken } };
    throw new AppError("team.name_taken", { ...message, fields: { name: message } });
  }

  /** A team of the caller's company the caller may manage: 404 when not in the company, 403 when not theirs. */
  async function teamToManage(caller: CompanyCaller, teamId: string): Promise<TeamRow> {
    const team = await requireTeam(db, caller.companyId, teamId);
    authorize(caller, "team.manage", { teamId: team.id });
    return team;
  }

  /** A team with its active-member count. */
  async function summaryOf(team: TeamRow): Promise<TeamSummary> {
    const [summary] = await listTeamsWithCounts(db, team.companyId, { teamIds: [team.id] });
    return presentTeamSummary(summary ?? { id: team.id, name: team.name, memberCount: 0 });
  }

  /** The membership of `userId` in `team`, locked; 404 when the user is not in it. */
  async function membershipOf(tx: Database, team: TeamRow, userId: string) {
    const membership = await lockMembership(tx, team.companyId, team.id, userId);
    if (!membership) throw new AppError("user.not_found");
    return membership;
  }

  return {
    /** Team Settings list: admins see every team of the company, managers the teams they manage. */
    async list(caller: CompanyCaller): Promise<TeamSummary[]> {
      authorize(caller, "settings.team");
      const teams = isAllowed(caller, "company.manage")
        ? await listTeamsWithCounts(db, caller.companyId)
        : await listTeamsWithCounts(db, caller.companyId, { teamIds: caller.managedTeamIds });
      return teams.map(presentTeamSummary);
    },

    /** A team's members by name. */
    async members(caller: CompanyCaller, teamId: string): Promise<{ team: TeamSummary; members: TeamMember[] }> {
      const team = await teamToManage(caller, teamId);
      const rows = await listMembersOfTeam(db, team.companyId, team.id);
      return {
        team: await summaryOf(team),
        members: rows.map((row) => presentTeamMember(row.user, row.isManager)),
      };
    },

    /** Sets or clears a member's manager flag within a team. */
    async setManager(caller: CompanyCaller, teamId: string, userId: string, isManager: boolean): Promise<TeamMember> {
      const team = await teamToManage(caller, teamId);
      return db.transaction(async (tx) => {
        const membership = await membershipOf(tx, team, userId);
        await setMembershipManager(tx, team.companyId, membership.membershipId, isManager);
        await syncRoleWithMemberships(tx, team.companyId, userId);
        await recordCallerAudit(tx, caller, {
          action: "team.manager_changed",
          targetType: "user",
          targetId: userId,
          details: { teamId: team.id, isManager },
        });
        const user = await findCompanyUser(tx, team.companyId, userId);
        return presentTeamMember(user!, isManager);
      });
    },

    /**
     * Removes a member from a team. A member's only team cannot be taken away (409): every member
     * of a company belongs to a team; move them to another team or deactivate them instead.
     */
    async removeMember(caller: CompanyCaller, teamId: string, userId: string): Promise<void> {
      const team = await teamToManage(caller, teamId);
      await db.transaction(async (tx) => {
        const membership = await membershipOf(tx, team, userId);
        if ((await countMembershipsOfUser(tx, team.companyId, userId)) <= 1) throw new AppError("team.last_membership");
        await deleteMembership(tx, team.companyId, membership.membershipId);
        await syncRoleWithMemberships(tx, team.companyId, userId);
        await recordCallerAudit(tx, caller, {
          action: "team.member_removed",
          targetType: "user",
          targetId: userId,
          details: { teamId: team.id },
        });
      });
    },

    /** Creates a team (admins); names are unique per company, ignoring case. */
    async create(caller: CompanyCaller, name: string): Promise<TeamSummary> {
      const { companyId } = caller;
      authorize(caller, "company.manage");
      await refuseTakenName(companyId, name);
      try {
        return await db.transaction(async (tx) => {
          const team = await insertTeam(tx, companyId, name);
          await recordCallerAudit(tx, caller, {
            action: "team.created",
            targetType: "team",
            targetId: team.id,
            details: { name },
          });
          return presentTeamSummary({ id: team.id, name: team.name, memberCount: 0 });
        });
      } catch (error) {
        if (isUniqueViolation(error, "teams_company_name_lower_unique")) await refuseTakenName(companyId, name);
        throw error;
      }
    },

    /** Renames a team (admins). */
    async rename(caller: CompanyCaller, teamId: string, name: string): Promise<TeamSummary> {
      const { companyId } = caller;
      const team = await requireTeam(db, companyId, teamId);
      authorize(caller, "company.manage");
      await refuseTakenName(companyId, name, team.id);
      try {
        await db.transaction(async (tx) => {
          await updateTeamName(tx, companyId, team.id, name);
          await recordCallerAudit(tx, caller, {
            action: "team.renamed",
            targetType: "team",
            targetId: team.id,
            details: { from: team.name, to: name },
          });
        });
      } catch (error) {
        if (isUniqueViolation(error, "teams_company_name_lower_unique"))
          await refuseTakenName(companyId, name, team.id);
        throw error;
      }
      return summaryOf({ ...team, name });
    },

    /**
     * Deletes a team without members (admins; 409 team.not_empty otherwise). A team with history
     * (ideas, challenges, points, accepted invitations) is archived instead, so that history keeps
     * its team; its pending invitations are revoked. Answers whether it was archived.
     */
    async remove(caller: CompanyCaller, teamId: string): Promise<boolean> {
      const { companyId } = caller;
      const now = clock();
      return db.transaction(async (tx) => {
        const team = await requireTeam(tx, companyId, teamId, { forUpdate: true });
        authorize(caller, "company.manage");
        if ((await countTeamMemberships(tx, companyId, team.id)) > 0) throw new AppError("team.not_empty");
        const archive = await retireTeam(tx, companyId, team.id, now);
        await recordCallerAudit(tx, caller, {
          action: archive ? "team.archived" : "team.deleted",
          targetType: "team",
          targetId: team.id,
          details: { name: team.name },
        });
        return archive;
      });
    },
  };
}

// Steps other modules run with their own database handle or inside their own transaction.

/**
 * A team of `companyId`, or null when the id is malformed, unknown, of another company, or
 * archived (unless `includeArchived`). Callers answer 404 for null: never reveal existence.
 */
export function findTeam(
  executor: Database,
  companyId: string,
  teamId: string,
  options: { includeArchived?: boolean; forUpdate?: boolean } = {},
): Promise<TeamRow | null> {
  return findTeamRow(executor, companyId, teamId, options);
}

/** A team of `companyId` as `findTeam` finds it, else 404 (team.not_found). */
export async function requireTeam(
  executor: Database,
  companyId: string,
  teamId: string,
  options: { forUpdate?: boolean } = {},
): Promise<TeamRow> {
  const team = await findTeamRow(executor, companyId, teamId, options);
  if (!team) throw new AppError("team.not_found");
  return team;
}

/** The company's active teams by name, with their numbers of active members. */
export async function listTeamSummaries(executor: Database, companyId: string): Promise<TeamSummary[]> {
  const teams: TeamWithCount[] = await listTeamsWithCounts(executor, companyId);
  return teams.map(presentTeamSummary);
}

/** Adds teams to a new company; answers their ids and names. */
export function addTeams(
  tx: Database,
  companyId: string,
  names: readonly string[],
): Promise<{ id: string; name: string }[]> {
  return insertTeams(tx, companyId, names);
}

/** Puts a user of the company into one of its teams, as a manager of it or not. */
export function addTeamMember(
  tx: Database,
  membership: { companyId: string; teamId: string; userId: string; isManager: boolean },
): Promise<void> {
  return insertMembership(tx, membership);
}

/** Makes a user of the company a manager of one of its teams, adding them to the team when not in it. */
export function makeTeamManager(tx: Database, companyId: string, teamId: string, userId: string): Promise<void> {
  return upsertManagerMembership(tx, companyId, teamId, userId);
}

/** The name another team of the company has, ignoring case (as that team writes it), or null. */
export function takenNameOfTeam(
  executor: Database,
  companyId: string,
  name: string,
  exceptTeamId?: string,
): Promise<string | null> {
  return takenTeamName(executor, companyId, name, exceptTeamId);
}

/** Adds a team to the company. */
export function addTeam(tx: Database, companyId: string, name: string): Promise<TeamRow> {
  return insertTeam(tx, companyId, name);
}

/** Renames a team of the company. */
export function setTeamName(tx: Database, companyId: string, teamId: string, name: string): Promise<void> {
  return updateTeamName(tx, companyId, teamId, name);
}

/** Makes a person's role follow their team memberships after they changed (a team's manager or not). */
export function syncRoleWithTeams(tx: Database, companyId: string, userId: string): Promise<void> {
  return syncRoleWithMemberships(tx, companyId, userId);
}

/**
 * Removes a team of the company that has no members left: a team with history (ideas,
 * challenges, points, accepted invitations) is archived so that history keeps its team, any other
 * is deleted. Answers whether it was archived.
 */
export async function retireTeam(tx: Database, companyId: string, teamId: string, now: Date): Promise<boolean> {
  const archive = await teamHasHistory(tx, companyId, teamId);
  if (archive) await archiveTeam(tx, companyId, teamId, now);
  else await deleteTeamRow(tx, companyId, teamId);
  return archive;
}
