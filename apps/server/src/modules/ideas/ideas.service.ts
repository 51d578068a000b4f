import {
  AppError,
  type Comment,
  type CreateCommentRequestSchema,
  type CreateIdeaRequestSchema,
  checkTransition,
  DEFAULT_PAGE_SIZE,
  IDEA_MESSAGES,
  IDEA_STATUS_LABELS,
  IDEA_TRANSITIONS,
  type Idea,
  type IdeaDetail,
  type IdeaListQuerySchema,
  type IdeaTransitionRequestSchema,
  isEditableStatus,
  isSubmittableDescription,
  type LifecyclePoints,
  type LifecycleRecipient,
  type NotificationType,
  SIMILAR_IDEAS_LIMIT,
  type SimilarIdeasQuerySchema,
  transitionEffectsOf,
  type UpdateIdeaRequestSchema,
} from "@ideaport/shared";
import { and, desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client.ts";
import {
  challenges,
  comments,
  type IdeaStatus,
  ideaEvents,
  ideaRevisions,
  ideas,
  type PointsRules,
  votes,
} from "../../db/schema.ts";
import { createActionForApprovedIdea } from "../actions/actions.service.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { requireOpenChallenge } from "../challenges/challenges.service.ts";
import { type Award, awardPoints, isSubmissionPaid, pointsRulesOf } from "../points/points.service.ts";
import {
  lifecycleIdeaOf,
  lifecycleViewerOf,
  presentComment,
  presentIdea,
  presentIdeaDetail,
} from "./ideas.presenter.ts";
import {
  findSimilarIdeas,
  findVisibleIdea,
  type IdeaListRow,
  listIdeaComments,
  listIdeaHistory,
  listIdeaRevisions,
  listVisibleIdeas,
  votedIdeaIds,
} from "./ideas.repository.ts";
import { companyAdminIds, notifyPeople, teamManagerIds } from "./recipients.ts";
import type { Viewer } from "./viewer.ts";

export interface IdeasServiceDependencies {
  db: Database;
  clock: () => Date;
}

export type IdeasService = ReturnType<typeof createIdeasService>;

/** Similar-idea search starts at this many characters; shorter text matches too much to help. */
const SIMILAR_MIN_LENGTH = 3;

/** Project ideas: capture, submit, review by the lifecycle table, comment and vote. */
export function createIdeasService({ db, clock }: IdeasServiceDependencies) {
  async function requireIdea(executor: Database, viewer: Viewer, ideaId: string, forUpdate = false) {
    const row = await findVisibleIdea(executor, viewer, ideaId, { forUpdate });
    if (!row) throw new AppError("idea.not_found");
    return row;
  }

  async function detail(viewer: Viewer, ideaId: string): Promise<IdeaDetail> {
    const row = await requireIdea(db, viewer, ideaId);
    const [voted, history, revisions, ideaComments] = await Promise.all([
      votedIdeaIds(db, viewer.userId, [row.id]),
      listIdeaHistory(db, row.id),
      listIdeaRevisions(db, row.id),
      listIdeaComments(db, row.id),
    ]);
    return presentIdeaDetail(row, viewer, { hasVoted: voted.has(row.id), history, revisions, comments: ideaComments });
  }

  async function presentRows(viewer: Viewer, rows: IdeaListRow[]): Promise<Idea[]> {
    const voted = await votedIdeaIds(
      db,
      viewer.userId,
      rows.map((row) => row.id),
    );
    return rows.map((row) => presentIdea(row, viewer, voted.has(row.id)));
  }

  return {
    /** A page of the ideas the viewer sees, newest first, with filters and full-text search. */
    async list(viewer: Viewer, query: z.output<typeof IdeaListQuerySchema>) {
      const page = await listVisibleIdeas(db, viewer, {
        mine: query.mine,
        teamId: query.team,
        challengeId: query.challenge,
        statuses: query.status,
        search: query.q,
        cursor: query.cursor,
        limit: query.limit ?? DEFAULT_PAGE_SIZE,
      });
      return { ideas: await presentRows(viewer, page.items), nextCursor: page.nextCursor };
    },

    /** Up to five visible ideas close to the text being typed, best match first. */
    async similar(viewer: Viewer, query: z.output<typeof SimilarIdeasQuerySchema>): Promise<Idea[]> {
      const text = query.q.trim();
      if (text.length < SIMILAR_MIN_LENGTH) return [];
      const rows = await findSimilarIdeas(db, viewer, text, { excludeId: query.exclude, limit: SIMILAR_IDEAS_LIMIT });
      return presentRows(viewer, rows);
    },

    get: detail,

    /**
     * Saves a draft, or submits at once: the author gets a confirmation, the team's managers hear
     * of it, and the author earns the submit (and challenge answer) points.
     */
    async create(viewer: Viewer, input: z.output<typeof CreateIdeaRequestSchema>): Promise<Idea> {
      const now = clock();
      const ideaId = await db.transaction(async (tx) => {
        const challenge = input.challenge_id ? await requireOpenChallenge(tx, viewer, input.challenge_id, now) : null;
        const status: IdeaStatus = input.draft ? "draft" : "submitted";
        const [created] = await tx
          .insert(ideas)
          .values({
            companyId: viewer.companyId,
            authorId: viewer.userId,
            // An answer to a team challenge belongs to that team, whose manager reviews it.
            teamId: challenge?.scope === "team" ? challenge.teamId : viewer.firstTeamId,
            challengeId: challenge?.id ?? null,
            title: input.title,
            description: input.description,
            status,
            submittedAt: input.draft ? null : now,
          })
          .returning({ id: ideas.id });
        const id = created!.id;
        await tx.insert(ideaEvents).values({
          companyId: viewer.companyId,
          ideaId: id,
          fromStatus: null,
          toStatus: status,
          actorId: viewer.userId,
        });
        // Submitting at once is the draft's submit step.
        if (!input.draft) await carryOutStep(tx, viewer, await requireIdea(tx, viewer, id), "draft", null, now);
        return id;
      });
      return presentIdea(await requireIdea(db, viewer, ideaId), viewer, false);
    },

    /**
     * The author edits a draft or an idea that needs revision. Once submitted, every change of
     * title or description keeps the earlier text as a revision.
     */
    async update(viewer: Viewer, ideaId: string, input: z.output<typeof UpdateIdeaRequestSchema>): Promise<IdeaDetail> {
      const now = clock();
      await db.transaction(async (tx) => {
        const idea = await requireIdea(tx, viewer, ideaId, true);
        if (idea.authorId !== viewer.userId) {
          throw new AppError("auth.forbidden", { message: "Only the author can edit an idea." });
        }
        if (!isEditableStatus(idea.status)) throw new AppError("idea.not_editable");

        const changes: Partial<typeof ideas.$inferInsert> = {};
        if (input.challenge_id !== undefined && input.challenge_id !== idea.challengeId) {
          if (idea.status !== "draft") {
            throw new AppError("idea.not_editable", {
              message: "The challenge of a submitted idea cannot be changed.",
            });
          }
          const challenge = input.challenge_id ? await requireOpenChallenge(tx, viewer, input.challenge_id, now) : null;
          changes.challengeId = challenge?.id ?? null;
          changes.teamId = challenge?.scope === "team" ? challenge.teamId : viewer.firstTeamId;
        }
        const title = input.title ?? idea.title;
        const description = input.description ?? idea.description;
        const textChanged = title !== idea.title || description !== idea.description;
        if (textChanged) {
          changes.title = title;
          changes.description = description;
          if (idea.status !== "draft") {
            await tx.insert(ideaRevisions).values({
              companyId: viewer.companyId,
              ideaId,
              title: idea.title,
              description: idea.description,
              revisedBy: viewer.userId,
            });
          }
        }
        if (Object.keys(changes).length > 0) await tx.update(ideas).set(changes).where(eq(ideas.id, ideaId));
      });
      return detail(viewer, ideaId);
    },

    /**
     * One step of the lifecycle table: 409 when no row leads there (nothing changes), 403 when the
     * viewer may not take it, then the status, the history row, notifications, points, the action
     * on approval and the audit of decisions, all in one transaction.
     */
    async transition(
      viewer: Viewer,
      ideaId: string,
      input: z.output<typeof IdeaTransitionRequestSchema>,
    ): Promise<IdeaDetail> {
      const now = clock();
      await db.transaction(async (tx) => {
        const idea = await requireIdea(tx, viewer, ideaId, true);
        const lifecycleIdea = lifecycleIdeaOf(idea);
        const check = checkTransition(lifecycleIdea, input.to, lifecycleViewerOf(viewer, idea));
        if (check.result === "illegal") throw illegalTransition(idea, input.to);
        if (check.result === "forbidden") {
          if (check.ownIdea) throw new AppError("idea.own_decision");
          throw new AppError("auth.forbidden", { message: "You may not take this step for this idea." });
        }
        const note = input.note?.trim() ? input.note.trim() : null;
        if (check.transition.requiresNote && !note) {
          throw new AppError("idea.note_required", { fields: { note: IDEA_MESSAGES.noteRequired } });
        }
        if (
          (input.to === "submitted" || input.to === "revision_submitted") &&
          !isSubmittableDescription(idea.description)
        ) {
          throw new AppError("idea.description_required", {
            fields: { description: IDEA_MESSAGES.descriptionRequiredToSubmit },
          });
        }

        // A draft answering a challenge may only be submitted while the challenge takes ideas.
        if (input.to === "submitted" && idea.challengeId) {
          await requireOpenChallenge(tx, viewer, idea.challengeId, now);
        }

        const moved = await tx
          .update(ideas)
          .set({ status: input.to, ...(input.to === "submitted" ? { submittedAt: now } : {}) })
          .where(and(eq(ideas.id, ideaId), eq(ideas.status, idea.status)))
          .returning({ id: ideas.id });
        if (moved.length === 0) throw illegalTransition(idea, input.to);
        await tx.insert(ideaEvents).values({
          companyId: viewer.companyId,
          ideaId,
          fromStatus: idea.status,
          toStatus: input.to,
          actorId: viewer.userId,
          note,
          // Stamped after the idea's row lock, not at transaction start (now()): a step that
          // waited for a concurrent one must not sort before it in the history.
          createdAt: sql`clock_timestamp()`,
        });
        await carryOutStep(tx, viewer, { ...idea, status: input.to }, idea.status, note, now);
      });
      return detail(viewer, ideaId);
    },

    /** A comment on a submitted idea: the author and the team's managers hear of it, never the commenter. */
    async comment(
      viewer: Viewer,
      ideaId: string,
      input: z.output<typeof CreateCommentRequestSchema>,
    ): Promise<Comment> {
      const now = clock();
      const commentId = await db.transaction(async (tx) => {
        const idea = await requireIdea(tx, viewer, ideaId);
        if (idea.status === "draft") throw new AppError("idea.not_submitted");
        const [created] = await tx
          .insert(comments)
          .values({ companyId: viewer.companyId, ideaId, authorId: viewer.userId, body: input.body })
          .returning({ id: comments.id });
        await tx
          .update(ideas)
          .set({ commentCount: sql`${ideas.commentCount} + 1`, updatedAt: idea.updatedAt })
          .where(eq(ideas.id, ideaId));

        const notice = ideaNotice(viewer, idea);
        await notifyPeople(tx, {
          ...notice,
          userIds: [idea.authorId],
          type: "new_comment",
          content: `${viewer.displayName} commented on your idea "${idea.title}".`,
          except: [viewer.userId],
        });
        const reviewers = await teamManagerIds(tx, viewer.companyId, idea.teamId);
        // An idea waiting for the admins' decision concerns them too.
        if (idea.status === "pending_review") reviewers.push(...(await companyAdminIds(tx, viewer.companyId)));
        await notifyPeople(tx, {
          ...notice,
          userIds: reviewers,
          type: "new_team_comment",
          content: `${viewer.displayName} commented on "${idea.title}".`,
          except: [viewer.userId, idea.authorId],
        });

        if (idea.authorId !== viewer.userId) {
          const rules = await pointsRulesOf(tx, viewer.companyId);
          // Commenting pays once per idea, so a thread of replies earns no more than one comment.
          await awardPoints(tx, {
            companyId: viewer.companyId,
            userId: viewer.userId,
            teamId: viewer.firstTeamId,
            reason: "comment",
            points: rules.comment,
            referenceType: "idea_comment",
            referenceId: ideaId,
            createdAt: now,
          });
        }
        return created!.id;
      });
      const [row] = (await listIdeaComments(db, ideaId)).filter((entry) => entry.id === commentId);
      return presentComment(row!);
    },

    /** Votes for a submitted idea; voting twice changes nothing. */
    async vote(viewer: Viewer, ideaId: string) {
      return db.transaction(async (tx) => {
        const idea = await requireIdea(tx, viewer, ideaId);
        if (idea.status === "draft") throw new AppError("idea.not_submitted");
        const added = await tx
          .insert(votes)
          .values({ companyId: viewer.companyId, ideaId, userId: viewer.userId })
          .onConflictDoNothing()
          .returning({ id: votes.id });
        if (added.length === 0) return { votes: idea.voteCount, hasVoted: true };
        const [updated] = await tx
          .update(ideas)
          .set({ voteCount: sql`${ideas.voteCount} + 1`, updatedAt: idea.updatedAt })
          .where(eq(ideas.id, ideaId))
          .returning({ votes: ideas.voteCount });
        return { votes: updated!.votes, hasVoted: true };
      });
    },

    /** Takes a vote back; without a vote it changes nothing. */
    async unvote(viewer: Viewer, ideaId: string) {
      return db.transaction(async (tx) => {
        const idea = await requireIdea(tx, viewer, ideaId);
        const removed = await tx
          .delete(votes)
          .where(and(eq(votes.ideaId, ideaId), eq(votes.userId, viewer.userId)))
          .returning({ id: votes.id });
        if (removed.length === 0) return { votes: idea.voteCount, hasVoted: false };
        const [updated] = await tx
          .update(ideas)
          .set({ voteCount: sql`greatest(${ideas.voteCount} - 1, 0)`, updatedAt: idea.updatedAt })
          .where(eq(ideas.id, ideaId))
          .returning({ votes: ideas.voteCount });
        return { votes: updated!.votes, hasVoted: false };
      });
    },
  };
}

/** The 409 of a step the table does not have, saying why in the idea's terms. */
function illegalTransition(idea: IdeaListRow, to: IdeaStatus): AppError {
  const from = IDEA_STATUS_LABELS[idea.status].toLowerCase();
  const target = IDEA_STATUS_LABELS[to].toLowerCase();
  const existsUnderOtherCondition = IDEA_TRANSITIONS.some((row) => row.from === idea.status && row.to === to);
  if (existsUnderOtherCondition) {
    const message =
      idea.challengeScope === "company"
        ? "An idea answering a company challenge is decided by an administrator: endorse it for admin review instead."
        : "Only ideas answering a company challenge go to admin review: approve or reject it instead.";
    return new AppError("idea.transition_not_allowed", { message });
  }
  return new AppError("idea.transition_not_allowed", {
    message: `An idea that is ${from} cannot be moved to ${target}.`,
  });
}

/** The fields every notification about an idea carries (the bell shows them). */
function ideaNotice(viewer: Viewer, idea: IdeaListRow) {
  return {
    companyId: viewer.companyId,
    actorId: viewer.userId,
    actorName: viewer.displayName,
    projectIdeaTitle: idea.title,
    relatedIdeaId: idea.id,
    challengeTitle: idea.challengeTitle,
    challengeScope: idea.challengeScope,
  };
}

/**
 * The team's managers, or the admins when the team has no manager but the author (someone must
 * review it). Never the author: nobody reviews their own idea.
 */
async function reviewersOf(db: Database, idea: IdeaListRow): Promise<string[]> {
  const others = (ids: string[]) => ids.filter((id) => id !== idea.authorId);
  const managers = others(await teamManagerIds(db, idea.companyId, idea.teamId));
  return managers.length > 0 ? managers : others(await companyAdminIds(db, idea.companyId));
}

/** What a lifecycle step's notification says, by notification type. */
const STEP_NOTICE_CONTENT: Partial<Record<NotificationType, (step: StepContext) => string>> = {
  idea_submitted: ({ title }) => `Your idea "${title}" was submitted for review.`,
  new_team_submission: ({ actor, title }) => `${actor} submitted a new idea: "${title}".`,
  idea_status_under_review: ({ actor, title }) => `${actor} is reviewing your idea "${title}".`,
  idea_status_needs_revision: ({ actor, title, withNote }) =>
    `${actor} asked you to revise your idea "${title}".${withNote}`,
  idea_revision_submitted: ({ title }) => `Your revised idea "${title}" was sent back for review.`,
  revision_received: ({ actor, title }) => `${actor} revised "${title}" as you asked.`,
  idea_status_pending_review: ({ actor, title }) =>
    `${actor} endorsed your idea "${title}"; an administrator will decide on it.`,
  project_pending_review: ({ actor, title, challengeTitle }) =>
    `${actor} endorsed "${title}" for the company challenge "${challengeTitle}". It awaits your decision.`,
  idea_status_approved: ({ actor, title, withNote }) => `${actor} approved your idea "${title}".${withNote}`,
  project_approved: ({ actor, title }) => `${actor} approved "${title}", which your team endorsed.`,
  idea_status_rejected: ({ actor, title, withNote }) =>
    `${actor} decided not to take your idea "${title}" forward.${withNote}`,
  project_rejected: ({ actor, title }) => `${actor} rejected "${title}", which your team endorsed.`,
};

/** The words a step's notifications are made of. */
interface StepContext {
  actor: string;
  title: string;
  challengeTitle: string;
  /** " Note: ..." when the step carries a note, else empty. */
  withNote: string;
}

/** The people a recipient of the effects table stands for, for this idea. */
async function recipientsOf(db: Database, idea: IdeaListRow, to: LifecycleRecipient): Promise<string[]> {
  switch (to) {
    case "author":
      return [idea.authorId];
    case "reviewers":
      return reviewersOf(db, idea);
    case "revision_requester": {
      const requester = await revisionRequesterOf(db, idea.id);
      return requester ? [requester] : reviewersOf(db, idea);
    }
    case "team_managers":
      return teamManagerIds(db, idea.companyId, idea.teamId);
    case "admins":
      return companyAdminIds(db, idea.companyId);
  }
}

/** The ledger entry one points rule of the effects table pays the author, or null when it pays nothing here. */
async function pointsAwardOf(
  db: Database,
  idea: IdeaListRow,
  key: LifecyclePoints,
  rules: PointsRules,
): Promise<Pick<Award, "reason" | "points" | "referenceType"> | null> {
  switch (key) {
    case "submit":
      return { reason: "submit", points: rules.submit, referenceType: "idea" };
    case "challenge_answer":
      return idea.challengeId
        ? { reason: "challenge_answer", points: rules.challenge_answer, referenceType: "idea" }
        : null;
    case "approved":
      return { reason: "approved", points: rules.approved, referenceType: "idea" };
    case "challenge_reward": {
      const reward = idea.challengeId ? await challengeRewardOf(db, idea.challengeId) : 0;
      return reward > 0 ? { reason: "approved", points: reward, referenceType: "challenge_reward" } : null;
    }
  }
}

/**
 * Carries out the effects table's row for one lifecycle step (`idea` has its new status):
 * notifications, the action, points and the audit, in the caller's transaction.
 */
async function carryOutStep(
  db: Database,
  viewer: Viewer,
  idea: IdeaListRow,
  from: IdeaStatus,
  note: string | null,
  now: Date,
): Promise<void> {
  const effects = transitionEffectsOf(from, idea.status);
  const notice = ideaNotice(viewer, idea);
  const step: StepContext = {
    actor: viewer.displayName,
    title: idea.title,
    challengeTitle: idea.challengeTitle ?? "",
    withNote: note ? ` Note: ${note}` : "",
  };
  for (const { type, to, confirmsOwnStep } of effects.notify) {
    const content = STEP_NOTICE_CONTENT[type];
    if (!content) throw new Error(`No sentence for the lifecycle notification ${type}.`);
    await notifyPeople(db, {
      ...notice,
      userIds: await recipientsOf(db, idea, to),
      type,
      content: content(step),
      // Nobody hears of their own step but the author's confirmation; only the author hears as the author.
      except: to === "author" ? (confirmsOwnStep ? [] : [viewer.userId]) : [viewer.userId, idea.authorId],
    });
  }

  if (effects.createsAction) {
    await createActionForApprovedIdea(db, { companyId: viewer.companyId, ideaId: idea.id, ownerId: viewer.userId });
  }

  const paid =
    effects.points.length > 0 &&
    (!effects.pointsOnlyForPaidSubmissions ||
      (await isSubmissionPaid(db, { companyId: idea.companyId, userId: idea.authorId }, now)));
  if (paid) {
    const rules = await pointsRulesOf(db, idea.companyId);
    for (const key of effects.points) {
      const award = await pointsAwardOf(db, idea, key, rules);
      if (!award) continue;
      await awardPoints(db, {
        ...award,
        companyId: idea.companyId,
        userId: idea.authorId,
        teamId: idea.teamId,
        referenceId: idea.id,
        createdAt: now,
      });
    }
  }

  if (effects.audit) {
    await recordAudit(db, {
      companyId: viewer.companyId,
      actorId: viewer.userId,
      action: effects.audit,
      targetType: "idea",
      targetId: idea.id,
      details: { title: idea.title, from, to: idea.status, ...(note ? { note } : {}) },
    });
  }
}

/** Who asked for the latest revision of an idea. */
async function revisionRequesterOf(db: Database, ideaId: string): Promise<string | null> {
  const [event] = await db
    .select({ actorId: ideaEvents.actorId })
    .from(ideaEvents)
    .where(and(eq(ideaEvents.ideaId, ideaId), eq(ideaEvents.toStatus, "needs_revision")))
    .orderBy(desc(ideaEvents.createdAt), desc(ideaEvents.id))
    .limit(1);
  return event?.actorId ?? null;
}

/** The reward points a challenge promises its approved ideas. */
async function challengeRewardOf(db: Database, challengeId: string): Promise<number> {
  const [challenge] = await db
    .select({ rewardPoints: challenges.rewardPoints })
    .from(challenges)
    .where(eq(challenges.id, challengeId))
    .limit(1);
  return challenge?.rewardPoints ?? 0;
}
