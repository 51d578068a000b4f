import {
  AppError,
  type Challenge,
  type ChallengeDecisionRequestSchema,
  type ChallengeListQuerySchema,
  type CreateChallengeRequestSchema,
  challengeInstant,
  DEFAULT_PAGE_SIZE,
  IDEA_MESSAGES,
  type UpdateChallengeRequestSchema,
} from "@ideaport/shared";
import type { z } from "zod";
import { authorize, type CompanyCaller, isAllowed } from "../../core/caller.ts";
import type { Database } from "../../db/client.ts";
import { recordAudit } from "../audit/audit.service.ts";
import {
  companyAdminIds,
  companyMemberIds,
  notifyPeople,
  teamMemberIds,
} from "../notifications/notifications.service.ts";
import { isChallengeEditable, isChallengeOpen, presentChallenge } from "./challenges.presenter.ts";
import {
  type ChallengeListRow,
  closeActiveChallenge,
  decideProposal,
  findActiveTeamId,
  findChallengeReward,
  findChallengeText,
  findVisibleChallenge,
  insertChallenge,
  listVisibleChallenges,
  updateChallenge,
} from "./challenges.repository.ts";
import { CHALLENGES_TEXTS } from "./challenges.texts.ts";

export interface ChallengesServiceDependencies {
  db: Database;
  clock: () => Date;
}

export type ChallengesService = ReturnType<typeof createChallengesService>;

/** Challenges: team challenges by their managers, company challenges by admins or by proposal. */
export function createChallengesService({ db, clock }: ChallengesServiceDependencies) {
  async function presentById(caller: CompanyCaller, challengeId: string): Promise<Challenge> {
    const row = await findVisibleChallenge(db, caller, challengeId);
    if (!row) throw new AppError("challenge.not_found");
    return presentChallenge(row, caller, clock());
  }

  /** A challenge the caller sees; unknown, hidden or malformed ids answer 404. */
  async function requireVisible(
    executor: Database,
    caller: CompanyCaller,
    challengeId: string,
  ): Promise<ChallengeListRow> {
    const row = await findVisibleChallenge(executor, caller, challengeId);
    if (!row) throw new AppError("challenge.not_found");
    return row;
  }

  return {
    /** A page of the challenges the caller sees, newest first. */
    async list(caller: CompanyCaller, query: z.output<typeof ChallengeListQuerySchema>) {
      const page = await listVisibleChallenges(db, caller, {
        mine: query.mine,
        scope: query.scope,
        status: query.status,
        teamId: query.team,
        cursor: query.cursor,
        limit: query.limit ?? DEFAULT_PAGE_SIZE,
      });
      const now = clock();
      return { challenges: page.items.map((row) => presentChallenge(row, caller, now)), nextCursor: page.nextCursor };
    },

    get: presentById,

    /**
     * A team challenge is posted (active at once, the team hears of it) by whoever the shared
     * challenge.post_team rule allows; a company challenge is posted directly (active, the company
     * hears of it) under challenge.post_company, else proposed to the admins (challenge.propose).
     */
    async create(caller: CompanyCaller, input: z.output<typeof CreateChallengeRequestSchema>): Promise<Challenge> {
      const now = clock();
      const startsAt = input.starts_at ? challengeInstant(input.starts_at, "start") : null;
      const endsAt = input.ends_at ? challengeInstant(input.ends_at, "end") : null;
      if (endsAt && endsAt < now) {
        throw new AppError("request.invalid", {
          message: CHALLENGES_TEXTS.deadlinePassed,
          fields: { ends_at: CHALLENGES_TEXTS.deadlinePassed },
        });
      }

      let teamId: string | null = null;
      if (input.scope === "team") {
        teamId = input.team_id ?? caller.managedTeamIds[0] ?? null;
        if (!teamId) {
          if (!isAllowed(caller, "challenge.post_team")) {
            throw new AppError("auth.forbidden", { message: CHALLENGES_TEXTS.onlyManagerPostsTeamChallenge });
          }
          throw new AppError("request.invalid", {
            message: CHALLENGES_TEXTS.teamRequired,
            fields: { team_id: CHALLENGES_TEXTS.teamRequired },
          });
        }
        if (!(await findActiveTeamId(db, caller.companyId, teamId))) throw new AppError("team.not_found");
        if (!isAllowed(caller, "challenge.post_team", { teamId })) {
          throw new AppError("auth.forbidden", { message: CHALLENGES_TEXTS.onlyManagerPostsForTeam });
        }
      }
      const isProposal = input.scope === "company" && !isAllowed(caller, "challenge.post_company");
      if (isProposal) authorize(caller, "challenge.propose");

      const challengeId = await db.transaction(async (tx) => {
        const id = await insertChallenge(tx, {
          companyId: caller.companyId,
          teamId,
          scope: input.scope,
          title: input.title,
          description: input.description,
          status: isProposal ? "proposed" : "active",
          startsAt,
          endsAt,
          rewardPoints: input.reward_points ?? null,
          createdBy: caller.id,
        });
        const notice = {
          companyId: caller.companyId,
          actorId: caller.id,
          actorName: caller.displayName,
          subjectId: caller.id,
          challengeTitle: input.title,
          challengeScope: input.scope,
          relatedChallengeId: id,
          except: [caller.id],
        };
        if (isProposal) {
          await notifyPeople(tx, {
            ...notice,
            userIds: await companyAdminIds(tx, caller.companyId),
            type: "challenge_proposal_received",
          });
          await recordAudit(tx, {
            companyId: caller.companyId,
            actorId: caller.id,
            action: "challenge.proposed",
            targetType: "challenge",
            targetId: id,
            details: { title: input.title },
          });
        } else if (input.scope === "team") {
          await notifyPeople(tx, {
            ...notice,
            userIds: await teamMemberIds(tx, caller.companyId, teamId!),
            type: "new_challenge_posted",
          });
        } else {
          await notifyPeople(tx, {
            ...notice,
            userIds: await companyMemberIds(tx, caller.companyId),
            type: "new_challenge_posted",
          });
          await recordAudit(tx, {
            companyId: caller.companyId,
            actorId: caller.id,
            action: "challenge.created",
            targetType: "challenge",
            targetId: id,
            details: { title: input.title, scope: input.scope },
          });
        }
        return id;
      });
      return presentById(caller, challengeId);
    },

    /**
     * An admin, the creator of a team challenge, or the proposer of a company challenge still
     * waiting for a decision edits the text, dates and reward of a challenge still in play.
     */
    async update(
      caller: CompanyCaller,
      challengeId: string,
      input: z.output<typeof UpdateChallengeRequestSchema>,
    ): Promise<Challenge> {
      const current = await requireVisible(db, caller, challengeId);
      requireMayManage(caller, current);
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
          message: IDEA_MESSAGES.endsBeforeStart,
          fields: { ends_at: IDEA_MESSAGES.endsBeforeStart },
        });
      }
      await updateChallenge(db, caller.companyId, challengeId, {
        ...(input.title === undefined ? {} : { title: input.title }),
        ...(input.description === undefined ? {} : { description: input.description }),
        ...(input.reward_points === undefined ? {} : { rewardPoints: input.reward_points }),
        startsAt,
        endsAt,
      });
      return presentById(caller, challengeId);
    },

    /** An admin approves a proposal (the company hears of it) or rejects it; the proposer is told. */
    async decide(
      caller: CompanyCaller,
      challengeId: string,
      input: z.output<typeof ChallengeDecisionRequestSchema>,
    ): Promise<Challenge> {
      const current = await requireVisible(db, caller, challengeId);
      if (!isAllowed(caller, "challenge.decide")) {
        throw new AppError("auth.forbidden", { message: CHALLENGES_TEXTS.onlyAdminDecides });
      }
      if (current.status !== "proposed") throw new AppError("challenge.already_decided");
      const now = clock();
      await db.transaction(async (tx) => {
        const decided = await decideProposal(tx, caller.companyId, challengeId, {
          approved: input.approved,
          decidedBy: caller.id,
          decidedAt: now,
          note: input.note?.trim() ? input.note.trim() : null,
        });
        if (!decided) throw new AppError("challenge.already_decided");

        const notice = {
          companyId: caller.companyId,
          actorId: caller.id,
          actorName: caller.displayName,
          subjectId: current.createdBy,
          challengeTitle: current.title,
          challengeScope: current.scope,
          relatedChallengeId: challengeId,
        };
        // The decision's note is meant for the proposer; the rest of the company hears only of the challenge.
        if (input.approved) {
          await notifyPeople(tx, {
            ...notice,
            userIds: [current.createdBy],
            type: "new_challenge_posted",
            note: input.note,
          });
          await notifyPeople(tx, {
            ...notice,
            userIds: await companyMemberIds(tx, caller.companyId),
            type: "new_challenge_posted",
            except: [caller.id, current.createdBy],
          });
        } else {
          await notifyPeople(tx, {
            ...notice,
            userIds: [current.createdBy],
            type: "challenge_proposal_received",
            note: input.note,
          });
        }
        await recordAudit(tx, {
          companyId: caller.companyId,
          actorId: caller.id,
          action: input.approved ? "challenge.approved" : "challenge.rejected",
          targetType: "challenge",
          targetId: challengeId,
          details: { title: current.title, ...(input.note?.trim() ? { note: input.note.trim() } : {}) },
        });
      });
      return presentById(caller, challengeId);
    },

    /**
     * An admin or the creator of a team challenge closes an active challenge (a decided company
     * challenge: admins alone): no new ideas; those in review go on.
     */
    async close(caller: CompanyCaller, challengeId: string): Promise<Challenge> {
      const current = await requireVisible(db, caller, challengeId);
      requireMayManage(caller, current);
      if (current.status !== "active") throw new AppError("challenge.not_active");
      await db.transaction(async (tx) => {
        if (!(await closeActiveChallenge(tx, caller.companyId, challengeId))) {
          throw new AppError("challenge.not_active");
        }
        await recordAudit(tx, {
          companyId: caller.companyId,
          actorId: caller.id,
          action: "challenge.closed",
          targetType: "challenge",
          targetId: challengeId,
          details: { title: current.title },
        });
      });
      return presentById(caller, challengeId);
    },
  };
}

/**
 * 403 unless the shared challenge.manage rule lets the caller edit or close this challenge; its
 * proposer, once an admin has decided on it, hears that admins alone may now.
 */
function requireMayManage(caller: CompanyCaller, challenge: ChallengeListRow): void {
  if (isAllowed(caller, "challenge.manage", { challenge })) return;
  if (challenge.createdBy === caller.id) throw new AppError("challenge.decided_admins_only");
  throw new AppError("auth.forbidden");
}

/**
 * The challenge a new idea answers: visible to its author (else 404) and open now (else 409).
 * Runs in the caller's transaction.
 */
export async function requireOpenChallenge(
  db: Database,
  caller: CompanyCaller,
  challengeId: string,
  now: Date,
): Promise<ChallengeListRow> {
  const challenge = await findVisibleChallenge(db, caller, challengeId);
  if (!challenge) throw new AppError("challenge.not_found");
  if (!isChallengeOpen(challenge, now)) throw new AppError("challenge.not_open");
  return challenge;
}

/**
 * The reward points a challenge promises each idea answering it that is approved (0 when none).
 * Runs in the caller's transaction.
 */
export async function challengeRewardOf(db: Database, companyId: string, challengeId: string): Promise<number> {
  return findChallengeReward(db, companyId, challengeId);
}

/**
 * The title and description of the challenge an idea answers, for the checklist kept with its
 * submission (the author may since have left the challenge's team). Runs in the caller's
 * transaction.
 */
export async function challengeTextOf(
  db: Database,
  companyId: string,
  challengeId: string,
): Promise<{ title: string; description: string } | null> {
  return (await findChallengeText(db, companyId, challengeId)) ?? null;
}

/** The title and description of a challenge the caller sees; 404 when it is unknown or hidden. */
export async function requireVisibleChallengeText(
  db: Database,
  caller: CompanyCaller,
  challengeId: string,
): Promise<{ title: string; description: string }> {
  const challenge = await findVisibleChallenge(db, caller, challengeId);
  if (!challenge) throw new AppError("challenge.not_found");
  return { title: challenge.title, description: challenge.description };
}
