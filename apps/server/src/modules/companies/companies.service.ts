import {
  AppError,
  type CreateCompanyRequest,
  type MemberRole,
  SCREEN_TEXTS,
  type UpdateCompanyRequest,
} from "@ideaport/shared";
import { and, count, eq, isNull, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { adminRequests, type CompanyRow, companies, teamMemberships, teams, users } from "../../db/schema.ts";
import { hashPassword, verifyPassword, verifyPasswordOfUnknownAccount } from "../../lib/password.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { insertInvitation } from "../invitations/invitations.service.ts";
import { notify } from "../notifications/notifications.service.ts";
import { listTeamsWithCounts, type TeamWithCount } from "../teams/teams.repository.ts";
import { isAdminUser } from "../users/admin-condition.ts";
import type { Principal } from "../users/principal.ts";
import { authorize, companyIdOf, isUniqueViolation, isUuid } from "./tenancy.ts";

export interface CompanyDependencies {
  db: Database;
  clock: () => Date;
  appUrl: string;
}

/** Runs inside the association's transaction to use up the registration proof. */
export type ConsumeProof = (tx: Database) => Promise<void>;

/** A company by name, ignoring case (uses companies_name_lower_unique). */
export async function findCompanyByName(db: Database, name: string): Promise<CompanyRow | null> {
  const [company] = await db.select().from(companies).where(sql`lower(${companies.name}) = lower(${name})`).limit(1);
  return company ?? null;
}

/**
 * Checks a company's name and join password. A wrong name and a wrong password fail alike and
 * take the same time (an argon2 verification either way), so names cannot be enumerated.
 * Answers the company and its active teams by name.
 */
export async function verifyCompany(
  db: Database,
  credentials: { companyName: string; companyPassword: string },
): Promise<{ company: CompanyRow; teams: TeamWithCount[] }> {
  const company = await findCompanyByName(db, credentials.companyName);
  const isValid = company
    ? await verifyPassword(credentials.companyPassword, company.passwordHash)
    : await verifyPasswordOfUnknownAccount(credentials.companyPassword);
  if (!company || !isValid) throw new AppError("company.verification_failed");
  return { company, teams: await listTeamsWithCounts(db, company.id) };
}

export interface JoinCompanyInput {
  userId: string;
  company: CompanyRow;
  teamId: string;
  displayName: string;
  role: MemberRole;
  requestingAdmin: boolean;
  consumeProof: ConsumeProof;
}

/** What the joiner is told after joining: set when something awaits approval. */
export interface JoinOutcome {
  message?: string;
}

/**
 * The join step (spec section 4, Company join): the user joins the chosen team of the company
 * with the chosen display name, as an employee. The company password alone grants no rights:
 * a request for admin rights notifies every active admin, and the manager role becomes a request
 * to manage the team that its active managers and the company's active admins are told about.
 * The caller has checked the registration proof and the company proof.
 */
export async function joinCompany(
  deps: Pick<CompanyDependencies, "db">,
  input: JoinCompanyInput,
): Promise<JoinOutcome> {
  const { company } = input;
  if (!isUuid(input.teamId)) throw new AppError("team.not_found");
  const isRequestingManager = input.role === "manager";
  return deps.db.transaction(async (tx) => {
    const [team] = await tx
      .select({ id: teams.id, name: teams.name })
      .from(teams)
      .where(and(eq(teams.id, input.teamId), eq(teams.companyId, company.id), isNull(teams.archivedAt)));
    if (!team) throw new AppError("team.not_found");
    // Only a user without a company can join; the condition also settles two racing requests.
    const [joined] = await tx
      .update(users)
      .set({ companyId: company.id, role: "employee", displayName: input.displayName })
      .where(and(eq(users.id, input.userId), isNull(users.companyId)))
      .returning({ id: users.id });
    if (!joined) throw new AppError("company.already_associated");
    await tx.insert(teamMemberships).values({
      companyId: company.id,
      teamId: team.id,
      userId: input.userId,
      isManager: false,
    });
    await recordAudit(tx, {
      companyId: company.id,
      actorId: input.userId,
      action: "user.joined_company",
      targetType: "user",
      targetId: input.userId,
      details: {
        teamId: team.id,
        role: "employee",
        requestingAdmin: input.requestingAdmin,
        requestingManager: isRequestingManager,
      },
    });
    if (input.requestingAdmin) {
      const admins = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.companyId, company.id), isAdminUser(), eq(users.isActive, true)));
      await fileRoleRequest(tx, {
        companyId: company.id,
        requester: input,
        kind: "admin",
        team: null,
        deciderIds: admins.map((admin) => admin.id),
        content: `${input.displayName} asked for administrator rights.`,
      });
    }
    if (isRequestingManager) {
      const deciders = await tx
        .select({ id: users.id })
        .from(users)
        .leftJoin(
          teamMemberships,
          and(
            eq(teamMemberships.userId, users.id),
            eq(teamMemberships.teamId, team.id),
            eq(teamMemberships.companyId, company.id),
          ),
        )
        .where(
          and(
            eq(users.companyId, company.id),
            eq(users.isActive, true),
            or(isAdminUser(), eq(teamMemberships.isManager, true)),
          ),
        );
      await fileRoleRequest(tx, {
        companyId: company.id,
        requester: input,
        kind: "manager",
        team,
        deciderIds: deciders.map((decider) => decider.id),
        content: `${input.displayName} asks to manage ${team.name}.`,
      });
    }
    await input.consumeProof(tx);
    return isRequestingManager ? { message: SCREEN_TEXTS.managerRoleAwaitsApproval(team.name) } : {};
  });
}

export interface CreateCompanyInput extends CreateCompanyRequest {
  consumeProof: ConsumeProof;
}

/**
 * Creates a company in one transaction: the company with its hashed join password, its teams, the
 * creator as admin (with the chosen role in the first team), and an invitation with e-mail for
 * every invited member. The caller has checked the registration proof of `adminId`.
 */
export async function createCompany(deps: CompanyDependencies, input: CreateCompanyInput): Promise<CompanyRow> {
  if (!isUuid(input.adminId)) throw new AppError("registration.proof_required");
  if (await findCompanyByName(deps.db, input.name)) throw new AppError("company.name_taken");
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock();
  try {
    return await deps.db.transaction(async (tx) => {
      const [company] = await tx.insert(companies).values({ name: input.name, passwordHash }).returning();
      const createdTeams = await tx
        .insert(teams)
        .values(input.teams.map((team) => ({ companyId: company!.id, name: team.name })))
        .returning({ id: teams.id, name: teams.name });
      const teamByName = new Map(createdTeams.map((team) => [team.name.toLowerCase(), team]));
      const firstTeam = teamByName.get(input.teams[0]!.name.toLowerCase())!;

      const [creator] = await tx
        .update(users)
        .set({ companyId: company!.id, isAdmin: true, role: input.creatorRole })
        .where(and(eq(users.id, input.adminId), isNull(users.companyId)))
        .returning({ id: users.id, displayName: users.displayName });
      if (!creator) throw new AppError("company.already_associated");
      await tx.insert(teamMemberships).values({
        companyId: company!.id,
        teamId: firstTeam.id,
        userId: creator.id,
        isManager: input.creatorRole === "manager",
      });

      let invitationCount = 0;
      for (const team of input.teams) {
        const createdTeam = teamByName.get(team.name.toLowerCase())!;
        for (const member of team.invitedMembers) {
          await insertInvitation(tx, {
            companyId: company!.id,
            companyName: company!.name,
            team: createdTeam,
            member,
            invitedBy: { id: creator.id, name: creator.displayName },
            now,
            appUrl: deps.appUrl,
          });
          invitationCount += 1;
        }
      }
      await input.consumeProof(tx);
      await recordAudit(tx, {
        companyId: company!.id,
        actorId: creator.id,
        action: "company.created",
        targetType: "company",
        targetId: company!.id,
        details: {
          name: company!.name,
          teams: createdTeams.map((team) => team.name),
          creatorRole: input.creatorRole,
          invitations: invitationCount,
        },
      });
      return company!;
    });
  } catch (error) {
    if (isUniqueViolation(error, "companies_name_lower_unique")) throw new AppError("company.name_taken");
    throw error;
  }
}

export interface CompanyOverview {
  company: CompanyRow;
  memberCount: number;
  teams: TeamWithCount[];
}

/** Company Settings: name, number of active members and teams (admins). */
export async function getCompanyOverview(db: Database, principal: Principal): Promise<CompanyOverview> {
  const companyId = companyIdOf(principal);
  authorize(principal, "settings.company");
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!company) throw new AppError("request.not_found");
  const [members] = await db
    .select({ value: count() })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.isActive, true)));
  return { company, memberCount: members?.value ?? 0, teams: await listTeamsWithCounts(db, companyId) };
}

/** Renames the company and/or changes its join password (admins); both are audited, the password never. */
export async function updateCompany(
  deps: Pick<CompanyDependencies, "db">,
  principal: Principal,
  changes: UpdateCompanyRequest,
): Promise<void> {
  const companyId = companyIdOf(principal);
  authorize(principal, "company.manage");
  const passwordHash = changes.password === undefined ? undefined : await hashPassword(changes.password);
  try {
    await deps.db.transaction(async (tx) => {
      const [current] = await tx.select().from(companies).where(eq(companies.id, companyId)).for("update");
      if (!current) throw new AppError("request.not_found");
      if (changes.name !== undefined && changes.name !== current.name) {
        const other = await findCompanyByName(tx, changes.name);
        if (other && other.id !== companyId) throw companyNameTaken();
        await tx.update(companies).set({ name: changes.name }).where(eq(companies.id, companyId));
        await recordAudit(tx, {
          companyId,
          actorId: principal.id,
          action: "company.renamed",
          targetType: "company",
          targetId: companyId,
          details: { from: current.name, to: changes.name },
        });
      }
      if (passwordHash !== undefined) {
        await tx.update(companies).set({ passwordHash }).where(eq(companies.id, companyId));
        await recordAudit(tx, {
          companyId,
          actorId: principal.id,
          action: "company.password_changed",
          targetType: "company",
          targetId: companyId,
        });
      }
    });
  } catch (error) {
    if (isUniqueViolation(error, "companies_name_lower_unique")) throw companyNameTaken();
    throw error;
  }
}

function companyNameTaken(): AppError {
  return new AppError("company.name_taken", { fields: { name: "A company with this name already exists." } });
}

/** The teams of the verify step: id and name only. */
export function presentTeamChoices(list: readonly TeamWithCount[]) {
  return list.map((team) => ({ id: team.id, name: team.name }));
}

/** Files a pending role request, tells the people who may decide it from the bell, and audits it. */
async function fileRoleRequest(
  tx: Parameters<Parameters<Database["transaction"]>[0]>[0],
  request: {
    companyId: string;
    requester: { userId: string; displayName: string };
    kind: "admin" | "manager";
    team: { id: string } | null;
    deciderIds: string[];
    content: string;
  },
): Promise<void> {
  const [row] = await tx
    .insert(adminRequests)
    .values({
      companyId: request.companyId,
      requesterId: request.requester.userId,
      kind: request.kind,
      teamId: request.team?.id ?? null,
    })
    .returning({ id: adminRequests.id });
  await notify(tx, {
    companyId: request.companyId,
    userIds: request.deciderIds,
    type: "admin_request",
    content: request.content,
    actorId: request.requester.userId,
    actorName: request.requester.displayName,
    relatedRequestId: row!.id,
  });
  await recordAudit(tx, {
    companyId: request.companyId,
    actorId: request.requester.userId,
    action: "admin_request.created",
    targetType: "admin_request",
    targetId: row!.id,
    details: request.team ? { kind: request.kind, teamId: request.team.id } : { kind: request.kind },
  });
}
