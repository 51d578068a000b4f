import {
  AppError,
  type Challenge,
  type ChallengeDecisionRequestSchema,
  type ChallengeListQuerySchema,
  type CreateChallengeRequestSchema,
  challengeInstant,
  IDEA_MESSAGES,
  type UpdateChallengeRequestSchema,
} from "@ideaport/shared";
import type { z } from "zod";
import { authorize, type CompanyCaller, isAllowed } from "../../core/caller.ts";
import { pageAsked } from "../../core/keyset.ts";
import type { ServiceDependencies } from "../../core/module-options.ts";
import type { Database } from "../../db/client.ts";
import { recordCallerAudit } from "../audit/audit.service.ts";
import { announceEvent, challengeEvent } from "../integrations/integrations.service.ts";
import {
  companyAdminIds,
  companyMemberIds,
  noticeBy,
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

export type ChallengesService = ReturnType<typeof createChallengesService>;

/** The body of a challenge's edit, as its route validated it. */
type ChallengeEdit = z.output<typeof UpdateChallengeRequestSchema>;

/** The body of a decision on a proposed challenge, as its route validated it. */
type ChallengeDecision = z.output<typeof ChallengeDecisionRequestSchema>;

/** Challenges: team challenges by their managers, company challenges by admins or by proposal. */
export function createChallengesService({ db, clock }: ServiceDependencies) {
  async function presentById(caller: CompanyCaller, challengeId: string): Promise<Challenge> {
    return presentChallenge(await requireVisibleChallenge(db, caller, challengeId), caller, clock());
  }

  return {
    /** A page of the challenges the caller sees, newest first. */
    async list(caller: CompanyCaller, query: z.output<typeof ChallengeListQuerySchema>) {
      const page = await listVisibleChallenges(db, caller, {
        mine: query.mine,
        scope: query.scope,
        status: query.status,
        teamId: query.team,
        ...pageAsked(query),
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
          ...challengeNotice(caller, id, { title: input.title, scope: input.scope, createdBy: caller.id }),
          except: [caller.id],
        };
        // A proposal goes to the admins; a posted challenge to its team, or to the whole company.
        if (isProposal) {
          const userIds = await companyAdminIds(tx, caller.companyId);
          await notifyPeople(tx, { ...notice, userIds, type: "challenge_proposal_received" });
        } else {
          const userIds = teamId
            ? await teamMemberIds(tx, caller.companyId, teamId)
            : await companyMemberIds(tx, caller.companyId);
          await notifyPeople(tx, { ...notice, userIds, type: "new_challenge_posted" });
          await announceEvent(
            tx,
            challengeEvent({
              type: "challenge.posted",
              companyId: caller.companyId,
              challenge: { id, title: input.title, teamId, scope: input.scope, endsAt },
              actor: { id: caller.id, name: caller.displayName },
              at: clock(),
            }),
          );
        }
        // Proposals and company challenges enter the company's audit trail; team challenges do not.
        if (input.scope === "company") {
          await recordCallerAudit(tx, caller, {
            action: isProposal ? "challenge.proposed" : "challenge.created",
            targetType: "challenge",
            targetId: id,
            details: isProposal ? { title: input.title } : { title: input.title, scope: input.scope },
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
    async update(caller: CompanyCaller, challengeId: string, input: ChallengeEdit): Promise<Challenge> {
      const current = await requireVisibleChallenge(db, caller, challengeId);
      requireMayManage(caller, current);
      if (!isChallengeEditable(current)) throw new AppError("challenge.not_editable");

      const startsAt = editedInstant(input.starts_at, current.startsAt, "start");
      const endsAt = editedInstant(input.ends_at, current.endsAt, "end");
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
    async decide(caller: CompanyCaller, challengeId: string, input: ChallengeDecision): Promise<Challenge> {
      const current = await requireVisibleChallenge(db, caller, challengeId);
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

        const notice = challengeNotice(caller, challengeId, current);
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
          await announceEvent(
            tx,
            challengeEvent({
              type: "challenge.posted",
              companyId: caller.companyId,
              challenge: { ...current, id: challengeId },
              actor: { id: caller.id, name: caller.displayName },
              at: now,
            }),
          );
        } else {
          await notifyPeople(tx, {
            ...notice,
            userIds: [current.createdBy],
            type: "challenge_proposal_received",
            note: input.note,
          });
        }
        await recordCallerAudit(tx, caller, {
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
      const current = await requireVisibleChallenge(db, caller, challengeId);
      requireMayManage(caller, current);
      if (current.status !== "active") throw new AppError("challenge.not_active");
      await db.transaction(async (tx) => {
        if (!(await closeActiveChallenge(tx, caller.companyId, challengeId))) {
          throw new AppError("challenge.not_active");
        }
        await recordCallerAudit(tx, caller, {
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

/** The facts every notification about a challenge carries (its creator is the subject). */
function challengeNotice(
  caller: CompanyCaller,
  challengeId: string,
  challenge: Pick<ChallengeListRow, "title" | "scope" | "createdBy">,
) {
  return {
    ...noticeBy(caller),
    subjectId: challenge.createdBy,
    challengeTitle: challenge.title,
    challengeScope: challenge.scope,
    relatedChallengeId: challengeId,
  };
}

/** A challenge the caller sees; unknown, hidden or malformed ids answer 404. */
export async function requireVisibleChallenge(
  executor: Database,
  caller: CompanyCaller,
  challengeId: string,
): Promise<ChallengeListRow> {
  const row = await findVisibleChallenge(executor, caller, challengeId);
  if (!row) throw new AppError("challenge.not_found");
  return row;
}

/** A date of a challenge's edit: the current one when left out, none when cleared, else the given day's. */
function editedInstant(day: string | null | undefined, current: Date | null, edge: "start" | "end"): Date | null {
  if (day === undefined) return current;
  return day === null ? null : challengeInstant(day, edge);
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
  const challenge = await requireVisibleChallenge(db, caller, challengeId);
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
  const challenge = await requireVisibleChallenge(db, caller, challengeId);
  return { title: challenge.title, description: challenge.description };
}
