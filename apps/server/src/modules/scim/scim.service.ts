/**
 * Provisioning with SCIM: an identity provider, holding one of the company's tokens, creates,
 * changes, deactivates and deletes the company's people (Users) and teams (Groups). Every change
 * is one transaction with its audit entries, whose actor is the token. A token sees and changes
 * its own company only: every read and write is scoped by the token's company, and anything
 * else is not found.
 */
import {
  AppError,
  type AuditAction,
  EMAIL_PATTERN,
  isAdmin,
  type ScimListQuery,
  type ScimPatchOperation,
} from "@ideaport/shared";
import type { SQL } from "drizzle-orm";
import type { ServiceDependencies } from "../../core/module-options.ts";
import { isUniqueViolation } from "../../core/sql.ts";
import type { Database } from "../../db/client.ts";
import type { TeamRow, UserRow } from "../../db/schema/index.ts";
import { hashOfUnknownPassword } from "../../lib/password.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { requireAnotherActiveAdmin, setPersonActive, teamMembershipsOf } from "../settings/settings.service.ts";
import { addTeam, retireTeam, setTeamName, syncRoleWithTeams, takenNameOfTeam } from "../teams/teams.service.ts";
import {
  emailOfResource,
  type GroupChanges,
  groupChangesOfPatch,
  groupOfResource,
  type UserChanges,
  userChangesOfPatch,
  userOfResource,
} from "./scim.attributes.ts";
import { conditionOfFilter } from "./scim.filter.ts";
import { presentListResponse, presentScimGroup, presentScimUser } from "./scim.presenter.ts";
import {
  deleteTeamMembership,
  findAccountByEmail,
  findDefaultTeam,
  findScimTeam,
  findScimUser,
  findUserByExternalId,
  findUserByUserName,
  GROUP_FILTER_ATTRIBUTES,
  insertProvisionedUser,
  insertTeamMembership,
  listScimTeams,
  listScimUsers,
  lockScimTeam,
  memberIdsOfTeam,
  membersOfTeams,
  setTeamExternalId,
  teamIdsOf,
  USER_FILTER_ATTRIBUTES,
  updateScimUser,
  visibleUserIds,
} from "./scim.repository.ts";

/** Who calls: a company's SCIM token, from an address. */
export interface ScimActor {
  tokenId: string;
  tokenName: string;
  companyId: string;
  address: string | null;
}

/** The most resources one list page answers; SCIM's `count` is capped to it. */
export const SCIM_MAX_PAGE_SIZE = 200;

/** SCIM's page: `startIndex` is 1-based (below 1 reads as 1), `count` at most SCIM_MAX_PAGE_SIZE (below 0 as 0). */
function pageOf(query: ScimListQuery): { startIndex: number; offset: number; limit: number } {
  const startIndex = Math.max(1, Math.min(query.startIndex ?? 1, 1_000_000_000));
  const limit = Math.max(0, Math.min(query.count ?? 100, SCIM_MAX_PAGE_SIZE));
  return { startIndex, offset: startIndex - 1, limit };
}

function conditionOf(query: ScimListQuery, attributes: typeof USER_FILTER_ATTRIBUTES): SQL | undefined {
  return query.filter === undefined || query.filter.trim() === ""
    ? undefined
    : conditionOfFilter(query.filter, attributes);
}

/** True when two texts are the same ignoring case (e-mail addresses, userNames). */
function sameText(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** The name a person shows when the identity provider gives none: first and last name. */
function derivedDisplayName(firstName: string, lastName: string, email: string): string {
  return `${firstName} ${lastName}`.trim() || email;
}

export function createScimService({ db, clock }: ServiceDependencies, baseUrl: string) {
  /** Records a change the token made, in the transaction of the change. */
  function audit(
    tx: Database,
    actor: ScimActor,
    action: AuditAction,
    target: { type: "user" | "team"; id: string },
    details: Record<string, unknown> = {},
  ): Promise<void> {
    return recordAudit(tx, {
      companyId: actor.companyId,
      actorId: null,
      action,
      targetType: target.type,
      targetId: target.id,
      details: { ...details, scim_token: { id: actor.tokenId, name: actor.tokenName } },
      ipAddress: actor.address,
    });
  }

  async function presentUsers(executor: Database, companyId: string, rows: UserRow[]) {
    const memberships = await teamMembershipsOf(
      executor,
      companyId,
      rows.map((row) => row.id),
    );
    return rows.map((row) => presentScimUser(row, memberships.get(row.id) ?? [], baseUrl));
  }

  async function presentGroups(executor: Database, companyId: string, rows: TeamRow[]) {
    const members = await membersOfTeams(
      executor,
      companyId,
      rows.map((row) => row.id),
    );
    return rows.map((row) => presentScimGroup(row, members.get(row.id) ?? [], baseUrl));
  }

  async function userAnswer(companyId: string, userId: string) {
    const user = await findScimUser(db, companyId, userId);
    if (!user) throw new AppError("scim.not_found");
    const [answer] = await presentUsers(db, companyId, [user]);
    return answer!;
  }

  async function groupAnswer(companyId: string, teamId: string) {
    const team = await findScimTeam(db, companyId, teamId);
    if (!team) throw new AppError("scim.not_found");
    const [answer] = await presentGroups(db, companyId, [team]);
    return answer!;
  }

  /**
   * 409 uniqueness when another person of the company has the userName or the external id, or
   * another account (of any company) the e-mail address.
   */
  async function refuseTaken(
    executor: Database,
    companyId: string,
    userId: string | null,
    taken: { userName?: string | undefined; email?: string | undefined; externalId?: string | null | undefined },
  ): Promise<void> {
    if (taken.userName !== undefined) {
      const holder = await findUserByUserName(executor, companyId, taken.userName);
      if (holder && holder.id !== userId) throw new AppError("scim.uniqueness", { values: { attribute: "userName" } });
    }
    if (taken.email !== undefined) {
      const account = await findAccountByEmail(executor, taken.email);
      if (account && account.id !== userId) {
        const attribute = taken.email === taken.userName ? "userName" : "emails";
        throw new AppError("scim.uniqueness", { values: { attribute } });
      }
    }
    if (taken.externalId) {
      const holder = await findUserByExternalId(executor, companyId, taken.externalId);
      if (holder && holder.id !== userId)
        throw new AppError("scim.uniqueness", { values: { attribute: "externalId" } });
    }
  }

  /**
   * Applies a person's changes inside `tx`: names, e-mail, userName, external id, then active (the
   * shared deactivation path: sessions and live streams end at once). Each kind of change is audited.
   */
  async function applyUserChanges(tx: Database, actor: ScimActor, user: UserRow, changes: UserChanges): Promise<void> {
    // The userName stays what the provider last said; the e-mail follows an e-mail-shaped userName
    // only while the two were one (no `emails` of its own given).
    const currentUserName = user.scimUserName ?? user.email;
    const userName = changes.userName ?? currentUserName;
    const followsUserName =
      changes.userName !== undefined && user.scimUserName === null && EMAIL_PATTERN.test(changes.userName);
    const email = changes.email ?? (followsUserName ? changes.userName! : user.email);
    const scimUserName = sameText(userName, email) ? null : userName;
    const firstName = changes.givenName ?? user.firstName;
    const lastName = changes.familyName ?? user.lastName;
    const wasDerived = user.displayName === derivedDisplayName(user.firstName, user.lastName, user.email);
    let displayName = user.displayName;
    if (typeof changes.displayName === "string") displayName = changes.displayName;
    else if (changes.displayName === null || wasDerived) displayName = derivedDisplayName(firstName, lastName, email);

    const columns: Parameters<typeof updateScimUser>[3] = {};
    if (email !== user.email) columns.email = email;
    if (scimUserName !== user.scimUserName) columns.scimUserName = scimUserName;
    if (firstName !== user.firstName) columns.firstName = firstName;
    if (lastName !== user.lastName) columns.lastName = lastName;
    if (displayName !== user.displayName) columns.displayName = displayName;
    if (changes.externalId !== undefined && changes.externalId !== user.scimExternalId) {
      columns.scimExternalId = changes.externalId;
    }
    await refuseTaken(tx, actor.companyId, user.id, {
      ...(sameText(userName, currentUserName) ? {} : { userName }),
      ...(columns.email === undefined ? {} : { email }),
      externalId: columns.scimExternalId,
    });
    await updateScimUser(tx, actor.companyId, user.id, columns);
    const fields = Object.keys(columns);
    if (fields.length > 0) await audit(tx, actor, "scim.user_updated", { type: "user", id: user.id }, { fields });

    if (changes.active !== undefined && changes.active !== user.isActive) {
      if (!changes.active && user.isActive && isAdmin({ role: user.role, is_admin: user.isAdmin })) {
        await requireAnotherActiveAdmin(tx, actor.companyId, user.id);
      }
      await setPersonActive(tx, actor.companyId, user.id, changes.active, clock());
      await audit(tx, actor, changes.active ? "scim.user_reactivated" : "scim.user_deprovisioned", {
        type: "user",
        id: user.id,
      });
    }
  }

  /** Runs a change of one person; a race on a unique column answers 409 uniqueness, not 500. */
  async function changeUser(actor: ScimActor, userId: string, changesOf: (user: UserRow) => UserChanges) {
    try {
      await db.transaction(async (tx) => {
        const user = await findScimUser(tx, actor.companyId, userId, { forUpdate: true });
        if (!user) throw new AppError("scim.not_found");
        await applyUserChanges(tx, actor, user, changesOf(user));
      });
    } catch (error) {
      throw uniquenessOf(error);
    }
    return userAnswer(actor.companyId, userId);
  }

  /**
   * The team a person falls back to when they would be left in none: the company's default
   * (oldest) team, else its next oldest when the default is the one they leave; null when none.
   */
  async function fallbackTeam(tx: Database, companyId: string, leavingTeamId: string): Promise<TeamRow | null> {
    const { rows } = await listScimTeams(tx, companyId, undefined, { offset: 0, limit: 2 });
    return rows.find((team) => team.id !== leavingTeamId) ?? null;
  }

  /**
   * Takes people out of a team; a person left in no team moves to the fallback team (every
   * member of a company belongs to a team), or stays when the company has no other team.
   */
  async function removeMembers(tx: Database, companyId: string, team: TeamRow, userIds: readonly string[]) {
    const removed: string[] = [];
    for (const userId of userIds) {
      const teamsOfUser = await teamIdsOf(tx, companyId, userId);
      if (!teamsOfUser.includes(team.id)) continue;
      if (teamsOfUser.length === 1) {
        const fallback = await fallbackTeam(tx, companyId, team.id);
        if (!fallback) continue;
        await insertTeamMembership(tx, companyId, fallback.id, userId);
      }
      await deleteTeamMembership(tx, companyId, team.id, userId);
      await syncRoleWithTeams(tx, companyId, userId);
      removed.push(userId);
    }
    return removed;
  }

  /** Puts people of the company into a team; 400 invalidValue when one is not a person SCIM sees. */
  async function addMembers(tx: Database, companyId: string, team: TeamRow, userIds: readonly string[]) {
    const unique = [...new Set(userIds)];
    const known = await visibleUserIds(tx, companyId, unique);
    if (unique.some((id) => !known.has(id))) {
      throw new AppError("scim.invalid_value", { values: { attribute: "members" } });
    }
    const added: string[] = [];
    for (const userId of unique) {
      if (await insertTeamMembership(tx, companyId, team.id, userId)) added.push(userId);
    }
    return added;
  }

  /** Applies a group's changes inside `tx`, auditing the rename and the membership change. */
  async function applyGroupChanges(tx: Database, actor: ScimActor, team: TeamRow, changes: GroupChanges) {
    const { companyId } = actor;
    if (changes.displayName !== undefined && changes.displayName !== team.name) {
      if (await takenNameOfTeam(tx, companyId, changes.displayName, team.id)) {
        throw new AppError("scim.uniqueness", { values: { attribute: "displayName" } });
      }
      await setTeamName(tx, companyId, team.id, changes.displayName);
      await audit(
        tx,
        actor,
        "scim.group_renamed",
        { type: "team", id: team.id },
        {
          from: team.name,
          to: changes.displayName,
        },
      );
    }
    if (changes.externalId !== undefined && changes.externalId !== team.scimExternalId) {
      await setTeamExternalId(tx, companyId, team.id, changes.externalId);
    }
    const current = (await membersOfTeams(tx, companyId, [team.id])).get(team.id)?.map((member) => member.id) ?? [];
    let toAdd = changes.add;
    let toRemove = changes.removeAll ? current : changes.remove;
    if (changes.replaceMembers !== undefined) {
      const wanted = new Set([...changes.replaceMembers, ...changes.add]);
      toAdd = [...wanted];
      toRemove = current.filter((id) => !wanted.has(id));
    }
    const added = toAdd.length > 0 ? await addMembers(tx, companyId, team, toAdd) : [];
    const removed = toRemove.length > 0 ? await removeMembers(tx, companyId, team, toRemove) : [];
    if (added.length > 0 || removed.length > 0) {
      await audit(tx, actor, "scim.group_changed", { type: "team", id: team.id }, { added, removed });
    }
  }

  async function changeGroup(actor: ScimActor, teamId: string, changesOf: () => GroupChanges) {
    try {
      await db.transaction(async (tx) => {
        const team = await lockScimTeam(tx, actor.companyId, teamId);
        if (!team) throw new AppError("scim.not_found");
        await applyGroupChanges(tx, actor, team, changesOf());
      });
    } catch (error) {
      throw uniquenessOf(error);
    }
    return groupAnswer(actor.companyId, teamId);
  }

  return {
    /** A page of the company's people, filtered. */
    async listUsers(actor: ScimActor, query: ScimListQuery) {
      const condition = conditionOf(query, USER_FILTER_ATTRIBUTES);
      const page = pageOf(query);
      const { rows, total } = await listScimUsers(db, actor.companyId, condition, page);
      return presentListResponse(await presentUsers(db, actor.companyId, rows), total, page.startIndex);
    },

    getUser(actor: ScimActor, userId: string) {
      return userAnswer(actor.companyId, userId);
    },

    /**
     * Creates a person of the token's company: employee, in the company's default team, verified,
     * with a password nobody knows (they sign in with single sign-on or set one through "Forgot
     * password"). A person SCIM deleted earlier comes back: reactivated, with the new attributes.
     */
    async createUser(actor: ScimActor, body: Record<string, unknown>) {
      const resource = userOfResource(body);
      const { companyId } = actor;
      const passwordHash = await hashOfUnknownPassword();
      let userId: string;
      try {
        userId = await db.transaction(async (tx) => {
          const email = emailOfResource(resource);
          const deleted =
            (await findUserByUserName(tx, companyId, resource.userName)) ?? (await findAccountByEmail(tx, email));
          if (deleted && deleted.companyId === companyId && deleted.scimDeletedAt !== null) {
            await updateScimUser(tx, companyId, deleted.id, { scimDeletedAt: null });
            await applyUserChanges(tx, actor, deleted, { ...resource, email, active: resource.active ?? true });
            return deleted.id;
          }
          await refuseTaken(tx, companyId, null, {
            userName: resource.userName,
            email,
            externalId: resource.externalId,
          });
          const firstName = resource.givenName ?? "";
          const lastName = resource.familyName ?? "";
          const id = await insertProvisionedUser(tx, {
            companyId,
            email,
            firstName,
            lastName,
            displayName: resource.displayName ?? derivedDisplayName(firstName, lastName, email),
            userName: sameText(resource.userName, email) ? null : resource.userName,
            externalId: resource.externalId ?? null,
            passwordHash,
            now: clock(),
          });
          const team = await findDefaultTeam(tx, companyId);
          if (team) await insertTeamMembership(tx, companyId, team.id, id);
          await audit(tx, actor, "scim.user_provisioned", { type: "user", id }, { team_id: team?.id ?? null });
          if (resource.active === false) {
            await setPersonActive(tx, companyId, id, false, clock());
            await audit(tx, actor, "scim.user_deprovisioned", { type: "user", id });
          }
          return id;
        });
      } catch (error) {
        throw uniquenessOf(error);
      }
      return userAnswer(companyId, userId);
    },

    /** Replaces a person's attributes (PUT): what the resource leaves out of active stays as it is. */
    replaceUser(actor: ScimActor, userId: string, body: Record<string, unknown>) {
      const resource = userOfResource(body);
      return changeUser(actor, userId, () => resource);
    },

    /** Applies PATCH operations to a person. */
    patchUser(actor: ScimActor, userId: string, operations: readonly ScimPatchOperation[]) {
      const changes = userChangesOfPatch(operations);
      return changeUser(actor, userId, () => changes);
    },

    /**
     * Deletes a person as SCIM sees it: they are deactivated (sessions and live streams end) and
     * SCIM finds them no more; their ideas and comments stay. Creating them again brings them back.
     */
    async deleteUser(actor: ScimActor, userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const user = await findScimUser(tx, actor.companyId, userId, { forUpdate: true });
        if (!user) throw new AppError("scim.not_found");
        await applyUserChanges(tx, actor, user, { active: false });
        await updateScimUser(tx, actor.companyId, user.id, { scimDeletedAt: clock() });
        await audit(tx, actor, "scim.user_deprovisioned", { type: "user", id: user.id }, { deleted: true });
      });
    },

    async listGroups(actor: ScimActor, query: ScimListQuery) {
      const condition = conditionOf(query, GROUP_FILTER_ATTRIBUTES);
      const page = pageOf(query);
      const { rows, total } = await listScimTeams(db, actor.companyId, condition, page);
      return presentListResponse(await presentGroups(db, actor.companyId, rows), total, page.startIndex);
    },

    getGroup(actor: ScimActor, teamId: string) {
      return groupAnswer(actor.companyId, teamId);
    },

    /** Creates a team with its members; 409 uniqueness when the company has a team of that name. */
    async createGroup(actor: ScimActor, body: Record<string, unknown>) {
      const resource = groupOfResource(body);
      const { companyId } = actor;
      let teamId: string;
      try {
        teamId = await db.transaction(async (tx) => {
          if (await takenNameOfTeam(tx, companyId, resource.displayName)) {
            throw new AppError("scim.uniqueness", { values: { attribute: "displayName" } });
          }
          const team = await addTeam(tx, companyId, resource.displayName);
          if (resource.externalId) await setTeamExternalId(tx, companyId, team.id, resource.externalId);
          await audit(tx, actor, "scim.group_created", { type: "team", id: team.id }, { name: team.name });
          if (resource.members && resource.members.length > 0) {
            const added = await addMembers(tx, companyId, team, resource.members);
            await audit(tx, actor, "scim.group_changed", { type: "team", id: team.id }, { added, removed: [] });
          }
          return team.id;
        });
      } catch (error) {
        throw uniquenessOf(error);
      }
      return groupAnswer(companyId, teamId);
    },

    /** Replaces a team's name, external id and (when given) its members (PUT). */
    replaceGroup(actor: ScimActor, teamId: string, body: Record<string, unknown>) {
      const resource = groupOfResource(body);
      return changeGroup(actor, teamId, () => ({
        displayName: resource.displayName,
        externalId: resource.externalId,
        add: [],
        remove: [],
        removeAll: false,
        ...(resource.members === undefined ? {} : { replaceMembers: resource.members }),
      }));
    },

    /** Applies PATCH operations to a team: rename, members added and removed. */
    patchGroup(actor: ScimActor, teamId: string, operations: readonly ScimPatchOperation[]) {
      const changes = groupChangesOfPatch(operations);
      return changeGroup(actor, teamId, () => changes);
    },

    /**
     * Deletes a team: people for whom it was their only team move to the fallback team; a team
     * with history (ideas, challenges, points) is archived instead, as in Team Settings. The
     * company's last team stays (409).
     */
    async deleteGroup(actor: ScimActor, teamId: string): Promise<void> {
      const { companyId } = actor;
      await db.transaction(async (tx) => {
        const team = await lockScimTeam(tx, companyId, teamId);
        if (!team) throw new AppError("scim.not_found");
        if (!(await fallbackTeam(tx, companyId, team.id))) throw new AppError("scim.last_team");
        // Everyone in it moves, people SCIM deleted (whom it no longer sees) included.
        await removeMembers(tx, companyId, team, await memberIdsOfTeam(tx, companyId, team.id));
        const archive = await retireTeam(tx, companyId, team.id, clock());
        await audit(
          tx,
          actor,
          "scim.group_deleted",
          { type: "team", id: team.id },
          { name: team.name, archived: archive },
        );
      });
    },
  };
}

/** The columns whose unique indexes a race can run into, as SCIM names them. */
const UNIQUE_ATTRIBUTES: Record<string, string> = {
  users_email_lower_unique: "userName",
  users_company_scim_external_id_unique: "externalId",
  teams_company_name_lower_unique: "displayName",
};

/** A unique violation a race let through, as SCIM's 409 uniqueness; any other error as it is. */
function uniquenessOf(error: unknown): unknown {
  for (const [constraint, attribute] of Object.entries(UNIQUE_ATTRIBUTES)) {
    if (isUniqueViolation(error, constraint)) return new AppError("scim.uniqueness", { values: { attribute } });
  }
  return error;
}
