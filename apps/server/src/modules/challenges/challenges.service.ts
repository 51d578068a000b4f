import {
  AppError,
  type Challenge,
  type ChallengeDecisionRequestSchema,
  type ChallengeListQuerySchema,
  type CreateChallengeRequestSchema,
  can,
  challengeInstant,
  DEFAULT_PAGE_SIZE,
  type UpdateChallengeRequestSchema,
} from "@ideaport/shared";
import { and, eq, isNull } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client.ts";
import { challenges, teams } from "../../db/schema.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { companyAdminIds, companyMemberIds, notifyPeople, teamMemberIds } from "../ideas/recipients.ts";
import { abilitySubjectOf, type Viewer } from "../ideas/viewer.ts";
import { isChallengeEditable, isChallengeOpen, presentChallenge } from "./challenges.presenter.ts";
import { type ChallengeListRow, findVisibleChallenge, listVisibleChallenges } from "./challenges.repository.ts";

export interface ChallengesServiceDependencies {
  db: Database;
  clock: () => Date;
}

export type ChallengesService = ReturnType<typeof createChallengesService>;

/** Challenges: team challenges by their managers, company challenges by admins or by proposal. */
export function createChallengesService({ db, clock }: ChallengesServiceDependencies) {
  async function presentById(viewer: Viewer, challengeId: string): Promise<Challenge> {
    const row = await findVisibleChallenge(db, viewer, challengeId);
    if (!row) throw new AppError("challenge.not_found");
    return presentChallenge(row, viewer, clock());
  }

  /** A challenge the viewer sees; unknown, hidden or malformed ids answer 404. */
  async function requireVisible(executor: Database, viewer: Viewer, challengeId: string): Promise<ChallengeListRow> {
    const row = await findVisibleChallenge(executor, viewer, challengeId);
    if (!row) throw new AppError("challenge.not_found");
    return row;
  }

  return {
    /** A page of the challenges the viewer sees, newest first. */
    async list(viewer: Viewer, query: z.output<typeof ChallengeListQuerySchema>) {
      const page = await listVisibleChallenges(db, viewer, {
        scope: query.scope,
        status: query.status,
        teamId: query.team,
        cursor: query.cursor,
        limit: query.limit ?? DEFAULT_PAGE_SIZE,
      });
      const now = clock();
      return { challenges: page.items.map((row) => presentChallenge(row, viewer, now)), nextCursor: page.nextCursor };
    },

    get: presentById,

    /**
     * A team challenge is posted (active at once, the team hears of it) by whoever the shared
     * challenge.post_team rule allows; a company challenge is posted directly (active, the company
     * hears of it) under challenge.post_company, else proposed to the admins (challenge.propose).
     */
    async create(viewer: Viewer, input: z.output<typeof CreateChallengeRequestSchema>): Promise<Challenge> {
      const now = clock();
      const startsAt = input.starts_at ? challengeInstant(input.starts_at, "start") : null;
      const endsAt = input.ends_at ? challengeInstant(input.ends_at, "end") : null;
      if (endsAt && endsAt < now) {
        throw new AppError("request.invalid", {
          message: "The deadline must be in the future.",
          fields: { ends_at: "The deadline must be in the future." },
        });
      }

      const subject = abilitySubjectOf(viewer);
      let teamId: string | null = null;
      if (input.scope === "team") {
        teamId = input.team_id ?? viewer.managedTeamIds[0] ?? null;
        if (!teamId) {
          if (!can(subject, "challenge.post_team")) {
            throw new AppError("auth.forbidden", { message: "Only a team's manager can post a team challenge." });
          }
          throw new AppError("request.invalid", {
            message: "Please choose the team this challenge is for.",
            fields: { team_id: "Please choose the team this challenge is for." },
          });
        }
        const [team] = await db
          .select({ id: teams.id })
          .from(teams)
          .where(and(eq(teams.id, teamId), eq(teams.companyId, viewer.companyId), isNull(teams.archivedAt)))
          .limit(1);
        if (!team) throw new AppError("team.not_found");
        if (!can(subject, "challenge.post_team", { teamId })) {
          throw new AppError("auth.forbidden", { message: "Only a team's manager can post a challenge for it." });
        }
      }
      const isProposal = input.scope === "company" && !can(subject, "challenge.post_company");
      if (isProposal && !can(subject, "challenge.propose")) throw new AppError("auth.forbidden");

      const challengeId = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(challenges)
          .values({
            companyId: viewer.companyId,
            teamId,
            scope: input.scope,
            title: input.title,
            description: input.description,
            status: isProposal ? "proposed" : "active",
            startsAt,
            endsAt,
            rewardPoints: input.reward_points ?? null,
            createdBy: viewer.userId,
          })
          .returning({ id: challenges.id });
        const id = created!.id;
        const notice = {
          companyId: viewer.companyId,
          actorId: viewer.userId,
          actorName: viewer.displayName,
          challengeTitle: input.title,
          challengeScope: input.scope,
          relatedRequestId: id,
          except: [viewer.userId],
        };
        if (isProposal) {
          await notifyPeople(tx, {
            ...notice,
            userIds: await companyAdminIds(tx, viewer.companyId),
            type: "challenge_proposal_received",
            content: `${viewer.displayName} proposed a company challenge: "${input.title}".`,
          });
          await recordAudit(tx, {
            companyId: viewer.companyId,
            actorId: viewer.userId,
            action: "challenge.proposed",
            targetType: "challenge",
            targetId: id,
            details: { title: input.title },
          });
        } else if (input.scope === "team") {
          await notifyPeople(tx, {
            ...notice,
            userIds: await teamMemberIds(tx, viewer.companyId, teamId!),
            type: "new_challenge_posted",
            content: `${viewer.displayName} posted a new team challenge: "${input.title}".`,
          });
        } else {
          await notifyPeople(tx, {
            ...notice,
            userIds: await companyMemberIds(tx, viewer.companyId),
            type: "new_challenge_posted",
            content: `${viewer.displayName} posted a new company challenge: "${input.title}".`,
          });
          await recordAudit(tx, {
            companyId: viewer.companyId,
            actorId: viewer.userId,
            action: "challenge.created",
            targetType: "challenge",
            targetId: id,
            details: { title: input.title, scope: input.scope },
          });
        }
        return id;
      });
      return presentById(viewer, challengeId);
    },

    /**
     * An admin, the creator of a team challenge, or the proposer of a company challenge still
     * waiting for a decision edits the text, dates and reward of a challenge still in play.
     */
    async update(
      viewer: Viewer,
      challengeId: string,
      input: z.output<typeof UpdateChallengeRequestSchema>,
    ): Promise<Challenge> {
      const current = await requireVisible(db, viewer, challengeId);
      requireMayManage(viewer, current);
      if (!isChallengeEditable(current)) throw new AppError("challenge.not_editable");

      const startsAt =
        input.starts_at === undefined
          ? current.startsAt
          : input.starts_at === null
            ? null
            : challengeInstant(input.starts_at, "start");
      const endsAt =
        input.ends_at === undefined
          ? current.endsAt
          : input.ends_at === null
            ? null
            : challengeInstant(input.ends_at, "end");
      if (startsAt && endsAt && endsAt < startsAt) {
        throw new AppError("request.invalid", {
          message: "The deadline must be after the start date.",
          fields: { ends_at: "The deadline must be after the start date." },
        });
      }
      await db
        .update(challenges)
        .set({
          ...(input.title === undefined ? {} : { title: input.title }),
          ...(input.description === undefined ? {} : { description: input.description }),
          ...(input.reward_points === undefined ? {} : { rewardPoints: input.reward_points }),
          startsAt,
          endsAt,
        })
        .where(and(eq(challenges.id, challengeId), eq(challenges.companyId, viewer.companyId)));
      return presentById(viewer, challengeId);
    },

    /** An admin approves a proposal (the company hears of it) or rejects it; the proposer is told. */
    async decide(
      viewer: Viewer,
      challengeId: string,
      input: z.output<typeof ChallengeDecisionRequestSchema>,
    ): Promise<Challenge> {
      const current = await requireVisible(db, viewer, challengeId);
      if (!can(abilitySubjectOf(viewer), "challenge.decide")) {
        throw new AppError("auth.forbidden", { message: "Only an administrator can decide on a proposal." });
      }
      if (current.status !== "proposed") throw new AppError("challenge.already_decided");
      const now = clock();
      await db.transaction(async (tx) => {
        const decided = await tx
          .update(challenges)
          .set({ status: input.approved ? "active" : "rejected", decidedBy: viewer.userId, decidedAt: now })
          .where(and(eq(challenges.id, challengeId), eq(challenges.status, "proposed")))
          .returning({ id: challenges.id });
        if (decided.length === 0) throw new AppError("challenge.already_decided");

        const notice = {
          companyId: viewer.companyId,
          actorId: viewer.userId,
          actorName: viewer.displayName,
          challengeTitle: current.title,
          challengeScope: current.scope,
          relatedRequestId: challengeId,
        };
        const note = input.note?.trim() ? ` Note: ${input.note.trim()}` : "";
        if (input.approved) {
          await notifyPeople(tx, {
            ...notice,
            userIds: [current.createdBy],
            type: "new_challenge_posted",
            content: `Your challenge proposal "${current.title}" was approved and is open for ideas.${note}`,
          });
          await notifyPeople(tx, {
            ...notice,
            userIds: await companyMemberIds(tx, viewer.companyId),
            type: "new_challenge_posted",
            content: `A new company challenge is open: "${current.title}".`,
            except: [viewer.userId, current.createdBy],
          });
        } else {
          await notifyPeople(tx, {
            ...notice,
            userIds: [current.createdBy],
            type: "challenge_proposal_received",
            content: `Your challenge proposal "${current.title}" was not approved.${note}`,
          });
        }
        await recordAudit(tx, {
          companyId: viewer.companyId,
          actorId: viewer.userId,
          action: input.approved ? "challenge.approved" : "challenge.rejected",
          targetType: "challenge",
          targetId: challengeId,
          details: { title: current.title, ...(input.note?.trim() ? { note: input.note.trim() } : {}) },
        });
      });
      return presentById(viewer, challengeId);
    },

    /**
     * An admin or the creator of a team challenge closes an active challenge (a decided company
     * challenge: admins alone): no new ideas; those in review go on.
     */
    async close(viewer: Viewer, challengeId: string): Promise<Challenge> {
      const current = await requireVisible(db, viewer, challengeId);
      requireMayManage(viewer, current);
      if (current.status !== "active") throw new AppError("challenge.not_active");
      await db.transaction(async (tx) => {
        const closed = await tx
          .update(challenges)
          .set({ status: "closed" })
          .where(and(eq(challenges.id, challengeId), eq(challenges.status, "active")))
          .returning({ id: challenges.id });
        if (closed.length === 0) throw new AppError("challenge.not_active");
        await recordAudit(tx, {
          companyId: viewer.companyId,
          actorId: viewer.userId,
          action: "challenge.closed",
          targetType: "challenge",
          targetId: challengeId,
          details: { title: current.title },
        });
      });
      return presentById(viewer, challengeId);
    },
  };
}

/**
 * 403 unless the shared challenge.manage rule lets the viewer edit or close this challenge; its
 * proposer, once an admin has decided on it, hears that admins alone may now.
 */
function requireMayManage(viewer: Viewer, challenge: ChallengeListRow): void {
  if (can(abilitySubjectOf(viewer), "challenge.manage", { challenge })) return;
  if (challenge.createdBy === viewer.userId) throw new AppError("challenge.decided_admins_only");
  throw new AppError("auth.forbidden");
}

/**
 * The challenge a new idea answers: visible to its author (else 404) and open now (else 409).
 * Runs in the caller's transaction.
 */
export async function requireOpenChallenge(
  db: Database,
  viewer: Viewer,
  challengeId: string,
  now: Date,
): Promise<ChallengeListRow> {
  const challenge = await findVisibleChallenge(db, viewer, challengeId);
  if (!challenge) throw new AppError("challenge.not_found");
  if (!isChallengeOpen(challenge, now)) throw new AppError("challenge.not_open");
  return challenge;
}
