import {
  AppError,
  type CompanyDetails,
  type CreateCompanyRequest,
  ERROR_CATALOGUE,
  type MemberRole,
  type Phrase,
  SCREEN_TEXTS,
  type UpdateCompanyRequest,
} from "@ideaport/shared";
import type { Config } from "../../config/env.ts";
import { authorize, type CompanyCaller } from "../../core/caller.ts";
import type { ServiceDependencies } from "../../core/module-options.ts";
import { isUuid } from "../../core/path-id.ts";
import { isUniqueViolation } from "../../core/sql.ts";
import { hashPassword, verifyPassword, verifyPasswordOfUnknownAccount } from "../../lib/password.ts";
import { fileRoleRequest } from "../admin-requests/admin-requests.service.ts";
import { recordAudit, recordCallerAudit } from "../audit/audit.service.ts";
import type { RegistrationProof } from "../auth/auth.service.ts";
import { insertInvitation } from "../invitations/invitations.service.ts";
import { companyAdminIds, notify } from "../notifications/notifications.service.ts";
import { addTeamMember, addTeams, listTeamSummaries, requireTeam } from "../teams/teams.service.ts";
import { presentCompany, presentTeamChoices } from "./companies.presenter.ts";
import {
  attachCreator,
  attachJoiner,
  countActiveMembers,
  findCompany,
  findCompanyByName,
  insertCompany,
  setCompanyDefaultLanguage,
  setCompanyName,
  setCompanyPassword,
} from "./companies.repository.ts";
import { createCompanyProofs } from "./company-proof.ts";

export interface CompaniesServiceDependencies extends ServiceDependencies {
  /** `appUrl` for the links of invitation e-mails; `jwtSecret` keys the company proofs. */
  config: Pick<Config, "appUrl" | "jwtSecret">;
}

export type CompaniesService = ReturnType<typeof createCompaniesService>;

export interface JoinCompanyInput {
  userId: string;
  companyName: string;
  /** The company proof verify-company gave (its cookie), if any. */
  companyProof: string | undefined;
  teamId: string;
  displayName: string;
  role: MemberRole;
  requestingAdmin: boolean;
  registrationProof: RegistrationProof;
}

/** What the joiner is told after joining: set when something awaits approval. */
export interface JoinOutcome {
  /** What the joiner should know, when something awaits approval (the manager role); said by the route. */
  notice: Phrase | null;
}

export interface CreateCompanyInput extends CreateCompanyRequest {
  registrationProof: RegistrationProof;
}

/**
 * Companies: the company association steps of a new account (verify a company's name and join
 * password, join it, or create one), and Company Settings (name, join password) for admins.
 */
export function createCompaniesService({ db, clock, config }: CompaniesServiceDependencies) {
  const proofs = createCompanyProofs(config.jwtSecret, clock);

  /** Company Settings: name, number of active members and teams (admins). */
  async function overview(caller: CompanyCaller): Promise<CompanyDetails> {
    const { companyId } = caller;
    authorize(caller, "settings.company");
    const company = await findCompany(db, companyId);
    if (!company) throw new AppError("request.not_found");
    const memberCount = await countActiveMembers(db, companyId);
    return presentCompany(company, memberCount, await listTeamSummaries(db, companyId));
  }

  return {
    /**
     * Checks a company's name and join password. A wrong name and a wrong password fail alike and
     * take the same time (an argon2 verification either way), so names cannot be enumerated.
     * Answers a company proof for the join step and the company's active teams by name.
     */
    async verify(credentials: {
      companyName: string;
      companyPassword: string;
    }): Promise<{ proof: string; teams: { id: string; name: string }[] }> {
      const company = await findCompanyByName(db, credentials.companyName);
      const isValid = company
        ? await verifyPassword(credentials.companyPassword, company.passwordHash)
        : await verifyPasswordOfUnknownAccount(credentials.companyPassword);
      if (!company || !isValid) throw new AppError("company.verification_failed");
      return { proof: proofs.issue(company), teams: presentTeamChoices(await listTeamSummaries(db, company.id)) };
    },

    /**
     * Tells the active administrators of the company named `companyName` (nobody for an unknown
     * name) in their bell that its join password is being guessed.
     */
    async warnAdminsOfGuessing(companyName: string): Promise<void> {
      const company = await findCompanyByName(db, companyName);
      if (!company) return;
      await db.transaction(async (tx) => {
        await notify(tx, {
          companyId: company.id,
          userIds: await companyAdminIds(tx, company.id),
          type: "join_password_guessed",
          actorId: null,
        });
      });
    },

    /**
     * The join step: with the registration proof of the account and the company proof of the
     * verify step, the user joins the chosen team of the company with the chosen display name, as
     * an employee. The company password alone grants no rights: a request for admin rights
     * notifies every active admin, and the manager role becomes a request to manage the team that
     * its active managers and the company's active admins are told about.
     */
    async join(input: JoinCompanyInput): Promise<JoinOutcome> {
      if (!isUuid(input.userId)) throw new AppError("registration.proof_required");
      await input.registrationProof.require(db, input.userId);
      const company = await findCompanyByName(db, input.companyName);
      if (!company || !proofs.matches(input.companyProof, company)) throw new AppError("company.proof_required");
      if (!isUuid(input.teamId)) throw new AppError("team.not_found");
      const isRequestingManager = input.role === "manager";
      return db.transaction(async (tx) => {
        const team = await requireTeam(tx, company.id, input.teamId);
        // Only a user without a company can join; the condition also settles two racing requests.
        if (!(await attachJoiner(tx, company.id, input.userId, input.displayName))) {
          throw new AppError("company.already_associated");
        }
        await addTeamMember(tx, { companyId: company.id, teamId: team.id, userId: input.userId, isManager: false });
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
        const requester = { userId: input.userId, displayName: input.displayName };
        if (input.requestingAdmin) await fileRoleRequest(tx, { companyId: company.id, requester, kind: "admin" });
        if (isRequestingManager) {
          await fileRoleRequest(tx, {
            companyId: company.id,
            requester,
            kind: "manager",
            team: { id: team.id, name: team.name },
          });
        }
        await input.registrationProof.consume(tx);
        return {
          notice: isRequestingManager
            ? { message: SCREEN_TEXTS.managerRoleAwaitsApproval, values: { team: team.name } }
            : null,
        };
      });
    },

    /**
     * Creates a company in one transaction, for the account of `adminId` with its registration
     * proof: the company with its hashed join password, its teams, the creator as admin (with the
     * chosen role in the first team), and an invitation with e-mail for every invited member.
     */
    async create(input: CreateCompanyInput): Promise<void> {
      if (!isUuid(input.adminId)) throw new AppError("registration.proof_required");
      await input.registrationProof.require(db, input.adminId);
      if (await findCompanyByName(db, input.name)) throw new AppError("company.name_taken");
      const passwordHash = await hashPassword(input.password);
      const now = clock();
      try {
        await db.transaction(async (tx) => {
          const company = await insertCompany(tx, { name: input.name, passwordHash });
          const createdTeams = await addTeams(
            tx,
            company.id,
            input.teams.map((team) => team.name),
          );
          const teamByName = new Map(createdTeams.map((team) => [team.name.toLowerCase(), team]));
          const firstTeam = teamByName.get(input.teams[0]!.name.toLowerCase())!;

          const creator = await attachCreator(tx, company.id, input.adminId, input.creatorRole);
          if (!creator) throw new AppError("company.already_associated");
          await addTeamMember(tx, {
            companyId: company.id,
            teamId: firstTeam.id,
            userId: creator.id,
            isManager: input.creatorRole === "manager",
          });

          let invitationCount = 0;
          for (const team of input.teams) {
            const createdTeam = teamByName.get(team.name.toLowerCase())!;
            for (const member of team.invitedMembers) {
              await insertInvitation(tx, {
                companyId: company.id,
                companyName: company.name,
                team: createdTeam,
                member,
                invitedBy: { id: creator.id, name: creator.displayName },
                now,
                appUrl: config.appUrl,
              });
              invitationCount += 1;
            }
          }
          await input.registrationProof.consume(tx);
          await recordAudit(tx, {
            companyId: company.id,
            actorId: creator.id,
            action: "company.created",
            targetType: "company",
            targetId: company.id,
            details: {
              name: company.name,
              teams: createdTeams.map((team) => team.name),
              creatorRole: input.creatorRole,
              invitations: invitationCount,
            },
          });
        });
      } catch (error) {
        if (isUniqueViolation(error, "companies_name_lower_unique")) throw new AppError("company.name_taken");
        throw error;
      }
    },

    overview,

    /**
     * Renames the company, changes its join password and/or its default language (admins); each
     * is audited, the password never. Answers the company as Company Settings shows it.
     */
    async update(caller: CompanyCaller, changes: UpdateCompanyRequest): Promise<CompanyDetails> {
      const { companyId } = caller;
      authorize(caller, "company.manage");
      const passwordHash = changes.password === undefined ? undefined : await hashPassword(changes.password);
      try {
        await db.transaction(async (tx) => {
          const current = await findCompany(tx, companyId, { forUpdate: true });
          if (!current) throw new AppError("request.not_found");
          if (changes.name !== undefined && changes.name !== current.name) {
            const other = await findCompanyByName(tx, changes.name);
            if (other && other.id !== companyId) throw companyNameTaken();
            await setCompanyName(tx, companyId, changes.name);
            await recordCallerAudit(tx, caller, {
              action: "company.renamed",
              targetType: "company",
              targetId: companyId,
              details: { from: current.name, to: changes.name },
            });
          }
          if (changes.default_language !== undefined && changes.default_language !== current.defaultLanguage) {
            await setCompanyDefaultLanguage(tx, companyId, changes.default_language);
            await recordCallerAudit(tx, caller, {
              action: "company.language_changed",
              targetType: "company",
              targetId: companyId,
              details: { from: current.defaultLanguage, to: changes.default_language },
            });
          }
          if (passwordHash !== undefined) {
            await setCompanyPassword(tx, companyId, passwordHash);
            await recordCallerAudit(tx, caller, {
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
      return overview(caller);
    },
  };
}

function companyNameTaken(): AppError {
  return new AppError("company.name_taken", { fields: { name: ERROR_CATALOGUE["company.name_taken"].message } });
}
