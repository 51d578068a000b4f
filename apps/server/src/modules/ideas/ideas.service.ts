import {
  AppError,
  type ChecklistVerdict,
  type Comment,
  type CreateCommentRequestSchema,
  type CreateIdeaRequestSchema,
  canVoteFor,
  checklistVerdictsOf,
  checkMerge,
  checkTransition,
  IDEA_PHRASES,
  IDEA_STATUSES,
  IDEA_TRANSITIONS,
  type Idea,
  type IdeaCountsQuerySchema,
  type IdeaDetail,
  type IdeaListQuerySchema,
  type IdeaTransitionRequestSchema,
  isEditableStatus,
  isMergeTarget,
  isSubmittableDescription,
  type LifecyclePoints,
  type LifecycleRecipient,
  lifecycleActorsOf,
  MERGE_EFFECTS,
  type MergeIdeaRequestSchema,
  maySortByScore,
  mergedContributorPoints,
  missingNoteMessage,
  type PossibleDuplicate,
  SIMILAR_IDEAS_LIMIT,
  type SimilarIdea,
  type SimilarIdeasQuerySchema,
  transitionEffectsOf,
  type UpdateIdeaRequestSchema,
} from "@ideaport/shared";
import type { z } from "zod";
import type { CompanyCaller } from "../../core/caller.ts";
import { pageAsked } from "../../core/keyset.ts";
import type { ServiceDependencies } from "../../core/module-options.ts";
import type { Database } from "../../db/client.ts";
import type { IdeaStatus, PointsRules } from "../../db/schema/index.ts";
import { actionOfIdea, createActionForApprovedIdea, requireActionOwner } from "../actions/actions.service.ts";
import { recordCallerAudit } from "../audit/audit.service.ts";
import { challengeRewardOf, challengeTextOf, requireOpenChallenge } from "../challenges/challenges.service.ts";
import { announceEvent, ideaEvent } from "../integrations/integrations.service.ts";
import { companyAdminIds, noticeBy, notifyPeople, teamManagerIds } from "../notifications/notifications.service.ts";
import { type Award, awardPoints, isSubmissionPaid, pointsRulesOf } from "../points/points.service.ts";
import { setIdeaTags, tagsOfIdeasById } from "../tags/tags.service.ts";
import {
  ideasLinkedBySameVotes,
  listMergedComments,
  markIdeaMerged,
  mergedAuthorIds,
  mergeFactsOf,
  moveVotesOnMerge,
  sameAsMineVotes,
} from "./ideas.merges.repository.ts";
import {
  lifecycleIdeaOf,
  lifecycleViewerOf,
  presentComment,
  presentIdea,
  presentIdeaDetail,
  type ScoringContext,
} from "./ideas.presenter.ts";
import {
  addVote,
  countVisibleIdeasByStatus,
  deleteIdea,
  findIdeaComment,
  findIdeasLike,
  findIdeaUnderEvaluation,
  findRevisionRequesterId,
  findSimilarIdeas,
  findVisibleIdea,
  type IdeaChanges,
  type IdeaListRow,
  insertComment,
  insertIdea,
  insertIdeaEvent,
  insertIdeaRevision,
  invitedChallengeIdsOf,
  listIdeaComments,
  listIdeaHistory,
  listIdeaRevisions,
  listVisibleIdeas,
  moveIdeaStatus,
  removeVote,
  scoredIdeaIdsOf,
  updateIdea,
  votedIdeaIds,
} from "./ideas.repository.ts";
import { IDEAS_TEXTS } from "./ideas.texts.ts";

export type IdeasService = ReturnType<typeof createIdeasService>;

// What the scorecards (modules/evaluation) read of an idea and of who looks at it.
export {
  lifecycleIdeaOf,
  lifecycleViewerOf,
  mayReadScores,
  presentScore,
  type ScoreViewer,
} from "./ideas.presenter.ts";
export {
  findIdeaUnderEvaluation,
  findVisibleIdea,
  type IdeaListRow,
  invitedChallengeIdsOf,
} from "./ideas.repository.ts";

/** Similar-idea search starts at this many characters; shorter text matches too much to help. */
const SIMILAR_MIN_LENGTH = 3;

/**
 * The reviewer's checklist of the text an author sends for review, with the same inputs as the
 * author's Analyze (the title, the description, and the challenge's title and description): kept
 * with the submission, so the reviewer reads what Analyze said of the text that was sent.
 */
async function submittedChecklist(
  db: Database,
  companyId: string,
  idea: { title: string; description: string; challengeId: string | null },
): Promise<ChecklistVerdict[]> {
  const challenge = idea.challengeId ? await challengeTextOf(db, companyId, idea.challengeId) : null;
  return checklistVerdictsOf({ title: idea.title, description: idea.description, challenge });
}

/** The body of an idea's edit, as its route validated it. */
type IdeaEdit = z.output<typeof UpdateIdeaRequestSchema>;

/** The body of a lifecycle step, as its route validated it. */
type IdeaStep = z.output<typeof IdeaTransitionRequestSchema>;

/** Project ideas: capture, submit, review by the lifecycle table, comment and vote. */
export function createIdeasService({ db, clock }: ServiceDependencies) {
  async function requireIdea(executor: Database, caller: CompanyCaller, ideaId: string, forUpdate = false) {
    const row =
      (await findVisibleIdea(executor, caller, ideaId, { forUpdate })) ??
      // An evaluator invited to the idea's challenge reads it while it is under review.
      (await findIdeaUnderEvaluation(
        executor,
        caller,
        ideaId,
        await invitedChallengeIdsOf(executor, caller.companyId, caller.id),
        { forUpdate },
      ));
    if (!row) throw new AppError("idea.not_found");
    return row;
  }

  /** The challenges the caller evaluates and which of `ideaIds` they scored. */
  async function scoringContextOf(caller: CompanyCaller, ideaIds: string[]): Promise<ScoringContext> {
    const [invited, scored] = await Promise.all([
      invitedChallengeIdsOf(db, caller.companyId, caller.id),
      scoredIdeaIdsOf(db, caller.companyId, caller.id, ideaIds),
    ]);
    return { invitedChallengeIds: new Set(invited), scoredIdeaIds: scored };
  }

  /** The caller's own idea, locked for their change: 404 when they do not see it, 403 when someone else wrote it. */
  async function requireOwnIdea(tx: Database, caller: CompanyCaller, ideaId: string, change: "edit" | "delete") {
    const idea = await requireIdea(tx, caller, ideaId, true);
    if (idea.authorId !== caller.id) {
      throw new AppError("auth.forbidden", {
        message: change === "edit" ? IDEAS_TEXTS.onlyAuthorEdits : IDEAS_TEXTS.onlyAuthorDeletes,
      });
    }
    return idea;
  }

  async function detail(caller: CompanyCaller, ideaId: string): Promise<IdeaDetail> {
    const row = await requireIdea(db, caller, ideaId);
    const [voted, scoring, history, revisions, ideaComments, mergedComments, merges, action, tags] = await Promise.all([
      votedIdeaIds(db, caller.companyId, caller.id, [row.id]),
      scoringContextOf(caller, [row.id]),
      listIdeaHistory(db, caller.companyId, row.id),
      listIdeaRevisions(db, caller.companyId, row.id),
      listIdeaComments(db, caller.companyId, row.id),
      listMergedComments(db, caller.companyId, row.id),
      mergeFactsOf(db, caller.companyId, [row.id]),
      row.status === "approved" ? actionOfIdea(db, caller.companyId, row.id) : undefined,
      tagsOfIdeasById(db, caller.companyId, [row.id]),
    ]);
    return presentIdeaDetail(row, caller, {
      hasVoted: voted.has(row.id),
      scoring,
      history,
      revisions,
      comments: ideaComments,
      mergedComments,
      merges: {
        mergedInto: merges.mergedInto.get(row.id) ?? null,
        contributors: merges.contributors.get(row.id) ?? [],
      },
      action,
      tags: tags.get(row.id) ?? [],
    });
  }

  async function presentRows(caller: CompanyCaller, rows: IdeaListRow[]): Promise<Idea[]> {
    const ids = rows.map((row) => row.id);
    const [voted, scoring, merges, tags] = await Promise.all([
      votedIdeaIds(db, caller.companyId, caller.id, ids),
      scoringContextOf(caller, ids),
      mergeFactsOf(db, caller.companyId, ids),
      tagsOfIdeasById(db, caller.companyId, ids),
    ]);
    return rows.map((row) =>
      presentIdea(row, caller, voted.has(row.id), scoring, tags.get(row.id) ?? [], {
        mergedInto: merges.mergedInto.get(row.id) ?? null,
        contributors: merges.contributors.get(row.id) ?? [],
      }),
    );
  }

  return {
    /** A page of the ideas the caller sees, newest first, with filters and full-text search. */
    async list(caller: CompanyCaller, query: z.output<typeof IdeaListQuerySchema>) {
      // The one place the score sort is refused: the order would tell the ranking to someone who
      // does not review the listed ideas.
      const evaluatingList = Boolean(query.evaluating || query.not_scored_by_me);
      if (
        query.sort === "score" &&
        !maySortByScore(caller, { mine: query.mine, team: query.team, evaluating: evaluatingList })
      ) {
        throw new AppError("evaluation.score_sort_forbidden");
      }
      const evaluating =
        query.evaluating || query.not_scored_by_me
          ? {
              challengeIds: await invitedChallengeIdsOf(db, caller.companyId, caller.id),
              notScoredByMe: Boolean(query.not_scored_by_me),
            }
          : undefined;
      const page = await listVisibleIdeas(db, caller, {
        sort: query.sort,
        evaluating,
        now: clock(),
        mine: query.mine,
        teamId: query.team,
        challengeId: query.challenge,
        statuses: query.status,
        search: query.q,
        tagId: query.tag,
        ...pageAsked(query),
      });
      return { ideas: await presentRows(caller, page.items), nextCursor: page.nextCursor };
    },

    /** How many ideas the caller sees in each status, every status named (0 for none). */
    async counts(caller: CompanyCaller, query: z.output<typeof IdeaCountsQuerySchema>) {
      const counted = await countVisibleIdeasByStatus(db, caller, {
        mine: query.mine,
        teamId: query.team,
        challengeId: query.challenge,
        search: query.q,
        tagId: query.tag,
      });
      return Object.fromEntries(IDEA_STATUSES.map((status) => [status, counted.get(status) ?? 0])) as Record<
        IdeaStatus,
        number
      >;
    },

    /** Up to five visible ideas close to the text being typed, best match first. */
    async similar(caller: CompanyCaller, query: z.output<typeof SimilarIdeasQuerySchema>): Promise<Idea[]> {
      const text = query.q.trim();
      if (text.length < SIMILAR_MIN_LENGTH) return [];
      const rows = await findSimilarIdeas(db, caller, text, { excludeId: query.exclude, limit: SIMILAR_IDEAS_LIMIT });
      return presentRows(caller, rows);
    },

    get: detail,

    /**
     * Saves a draft, or submits at once: the author gets a confirmation, the team's managers hear
     * of it, and the author earns the submit (and challenge answer) points.
     */
    async create(caller: CompanyCaller, input: z.output<typeof CreateIdeaRequestSchema>): Promise<Idea> {
      const now = clock();
      const ideaId = await db.transaction(async (tx) => {
        const challenge = input.challenge_id ? await requireOpenChallenge(tx, caller, input.challenge_id, now) : null;
        const status: IdeaStatus = input.draft ? "draft" : "submitted";
        const id = await insertIdea(tx, {
          companyId: caller.companyId,
          authorId: caller.id,
          // An answer to a team challenge belongs to that team, whose manager reviews it.
          teamId: challenge?.scope === "team" ? challenge.teamId : caller.firstTeamId,
          challengeId: challenge?.id ?? null,
          title: input.title,
          description: input.description,
          status,
          submittedAt: input.draft ? null : now,
        });
        if (input.tags && input.tags.length > 0) await setIdeaTags(tx, caller, id, input.tags);
        await insertIdeaEvent(
          tx,
          {
            companyId: caller.companyId,
            ideaId: id,
            fromStatus: null,
            toStatus: status,
            actorId: caller.id,
            checklist: input.draft
              ? null
              : await submittedChecklist(tx, caller.companyId, { ...input, challengeId: challenge?.id ?? null }),
          },
          now,
        );
        // Submitting at once is the draft's submit step.
        if (!input.draft)
          await carryOutStep(tx, caller, await requireIdea(tx, caller, id), "draft", { note: null }, now);
        return id;
      });
      const [created, tags] = await Promise.all([
        requireIdea(db, caller, ideaId),
        tagsOfIdeasById(db, caller.companyId, [ideaId]),
      ]);
      return presentIdea(created, caller, false, await scoringContextOf(caller, [created.id]), tags.get(ideaId) ?? []);
    },

    /**
     * The author edits a draft or an idea that needs revision. Once submitted, every change of
     * title or description keeps the earlier text as a revision.
     */
    async update(caller: CompanyCaller, ideaId: string, input: IdeaEdit): Promise<IdeaDetail> {
      const now = clock();
      await db.transaction(async (tx) => {
        const idea = await requireOwnIdea(tx, caller, ideaId, "edit");
        if (!isEditableStatus(idea.status)) throw new AppError("idea.not_editable");

        const changes: IdeaChanges = {};
        if (input.challenge_id !== undefined && input.challenge_id !== idea.challengeId) {
          if (idea.status !== "draft") {
            throw new AppError("idea.not_editable", { message: IDEAS_TEXTS.challengeFixedOnceSubmitted });
          }
          const challenge = input.challenge_id ? await requireOpenChallenge(tx, caller, input.challenge_id, now) : null;
          changes.challengeId = challenge?.id ?? null;
          changes.teamId = challenge?.scope === "team" ? challenge.teamId : caller.firstTeamId;
        }
        const title = input.title ?? idea.title;
        const description = input.description ?? idea.description;
        const textChanged = title !== idea.title || description !== idea.description;
        if (textChanged) {
          changes.title = title;
          changes.description = description;
          if (idea.status !== "draft") {
            await insertIdeaRevision(tx, {
              companyId: caller.companyId,
              ideaId,
              title: idea.title,
              description: idea.description,
              revisedBy: caller.id,
            });
          }
        }
        if (Object.keys(changes).length > 0) await updateIdea(tx, caller.companyId, ideaId, changes);
        if (input.tags !== undefined) await setIdeaTags(tx, caller, ideaId, input.tags);
      });
      return detail(caller, ideaId);
    },

    /**
     * One step of the lifecycle table: 409 when no row leads there (nothing changes), 403 when the
     * caller may not take it, then the status, the history row, notifications, points, the action
     * on approval and the audit of decisions, all in one transaction. A step taken straight from
     * a revision is recorded as the review starting, then as the step.
     */
    async transition(caller: CompanyCaller, ideaId: string, input: IdeaStep): Promise<IdeaDetail> {
      const now = clock();
      await db.transaction(async (tx) => {
        const idea = await requireIdea(tx, caller, ideaId, true);
        const lifecycleIdea = lifecycleIdeaOf(idea);
        const check = checkTransition(lifecycleIdea, input.to, lifecycleViewerOf(caller, idea));
        if (check.result === "illegal") throw illegalTransition(idea, input.to);
        if (check.result === "forbidden") {
          if (check.ownIdea) throw new AppError("idea.own_decision");
          throw new AppError("auth.forbidden", { message: IDEAS_TEXTS.stepNotYours });
        }
        const note = input.note?.trim() ? input.note.trim() : null;
        if (check.transition.requiresNote && !note) {
          const message = missingNoteMessage(input.to);
          throw new AppError("idea.note_required", { message, fields: { note: message } });
        }
        if (
          (input.to === "submitted" || input.to === "revision_submitted") &&
          !isSubmittableDescription(idea.description)
        ) {
          throw new AppError("idea.description_required", {
            fields: { description: IDEA_PHRASES.descriptionRequiredToSubmit },
          });
        }
        const action = {
          ownerId: input.action?.owner_id ?? caller.id,
          dueDate: input.action?.due_date ?? null,
        };
        if (action.ownerId !== caller.id) {
          await requireActionOwner(tx, caller.companyId, action.ownerId, "action.owner_id");
        }

        // A draft answering a challenge may only be submitted while the challenge takes ideas.
        if (input.to === "submitted" && idea.challengeId) {
          await requireOpenChallenge(tx, caller, idea.challengeId, now);
        }

        const moved = await moveIdeaStatus(tx, caller.companyId, ideaId, {
          from: idea.status,
          to: input.to,
          ...(input.to === "submitted" ? { submittedAt: now } : input.to === "draft" ? { submittedAt: null } : {}),
        });
        if (!moved) throw illegalTransition(idea, input.to);
        const from = check.transition.startsReview ? "under_review" : idea.status;
        const event = { companyId: caller.companyId, ideaId, actorId: caller.id };
        // Written under the idea's row lock: a step that waited for a concurrent one sorts after it.
        if (check.transition.startsReview) {
          await insertIdeaEvent(tx, { ...event, fromStatus: idea.status, toStatus: from }, now);
        }
        const sendsText = input.to === "submitted" || input.to === "revision_submitted";
        await insertIdeaEvent(
          tx,
          {
            ...event,
            fromStatus: from,
            toStatus: input.to,
            note,
            checklist: sendsText ? await submittedChecklist(tx, caller.companyId, idea) : null,
          },
          now,
        );
        await carryOutStep(tx, caller, { ...idea, status: input.to }, from, { note, action }, now);
      });
      return detail(caller, ideaId);
    },

    /**
     * A reviewer merges a duplicate into another open idea; both must be visible to them (404
     * otherwise). Both rows are locked in id order, so of two merges or a merge and a decision at
     * once exactly one goes through and the other answers 409, with nothing half done. The
     * duplicate becomes `merged`, its votes move to the idea (each person counted once), its
     * author hears of it, and the audit records it. Answers the merged idea.
     */
    async merge(caller: CompanyCaller, ideaId: string, input: z.output<typeof MergeIdeaRequestSchema>) {
      const now = clock();
      await db.transaction(async (tx) => {
        if (input.into === ideaId) {
          await requireIdea(tx, caller, ideaId);
          throw new AppError("idea.merge_not_allowed", { message: IDEAS_TEXTS.mergeIntoItself });
        }
        const [firstId, secondId] = [ideaId, input.into].sort();
        const first = await requireIdea(tx, caller, firstId!, true);
        const second = await requireIdea(tx, caller, secondId!, true);
        const [duplicate, target] = first.id === ideaId ? [first, second] : [second, first];
        const check = checkMerge(
          { id: duplicate.id, ...lifecycleIdeaOf(duplicate) },
          { id: target.id, ...lifecycleIdeaOf(target) },
          { ofDuplicate: lifecycleViewerOf(caller, duplicate), ofTarget: lifecycleViewerOf(caller, target) },
        );
        if (check.result === "illegal") {
          const message =
            check.reason === "same_idea"
              ? IDEAS_TEXTS.mergeIntoItself
              : check.reason === "duplicate_closed"
                ? IDEAS_TEXTS.mergeDuplicateClosed
                : IDEAS_TEXTS.mergeTargetClosed;
          throw new AppError("idea.merge_not_allowed", { message });
        }
        if (check.result === "forbidden") {
          if (check.ownIdea) throw new AppError("idea.own_decision");
          throw new AppError("auth.forbidden", { message: IDEAS_TEXTS.mergeNotYours });
        }
        const moved = await markIdeaMerged(tx, caller.companyId, duplicate.id, {
          from: duplicate.status,
          intoId: target.id,
        });
        if (!moved) throw new AppError("idea.merge_not_allowed", { message: IDEAS_TEXTS.mergeDuplicateClosed });
        await moveVotesOnMerge(tx, caller.companyId, {
          fromId: duplicate.id,
          intoId: target.id,
          intoAuthorId: target.authorId,
        });
        await insertIdeaEvent(
          tx,
          {
            companyId: caller.companyId,
            ideaId: duplicate.id,
            actorId: caller.id,
            fromStatus: duplicate.status,
            toStatus: "merged",
            note: null,
          },
          now,
        );
        // The notice names the idea it joined, and opens it.
        const notice = { ...ideaNotice(caller, target), subjectId: duplicate.authorId };
        for (const { type, to } of MERGE_EFFECTS.notify) {
          await notifyPeople(tx, {
            ...notice,
            userIds: await recipientsOf(tx, duplicate, to),
            type,
            except: [caller.id],
          });
        }
        if (MERGE_EFFECTS.audit) {
          await recordCallerAudit(tx, caller, {
            action: MERGE_EFFECTS.audit,
            targetType: "idea",
            targetId: duplicate.id,
            details: { title: duplicate.title, from: duplicate.status, into: target.id, into_title: target.title },
          });
        }
      });
      return detail(caller, ideaId);
    },

    /**
     * For a reviewer of an idea (404 when they do not see it, 403 when they do not review it):
     * the open ideas that may be the same, from the similar-ideas search on its text and from
     * "This is the same as mine" votes between the two authors; those with such votes first.
     * Empty once the idea is no longer open for a merge.
     */
    async possibleDuplicates(caller: CompanyCaller, ideaId: string): Promise<PossibleDuplicate[]> {
      const idea = await requireIdea(db, caller, ideaId);
      const viewer = lifecycleViewerOf(caller, idea);
      if (viewer.isAuthor || lifecycleActorsOf(viewer).size === 0) {
        throw new AppError("auth.forbidden", { message: IDEAS_TEXTS.duplicatesNotYours });
      }
      if (!isMergeTarget(idea.status)) return [];
      const [similar, linkedIds] = await Promise.all([
        findSimilarIdeas(db, caller, `${idea.title} ${idea.description}`, {
          excludeId: idea.id,
          limit: SIMILAR_IDEAS_LIMIT,
        }),
        ideasLinkedBySameVotes(db, caller.companyId, idea, SIMILAR_IDEAS_LIMIT),
      ]);
      const similarIds = new Set(similar.map((row) => row.id));
      const linked = await Promise.all(
        linkedIds.filter((id) => !similarIds.has(id)).map((id) => findVisibleIdea(db, caller, id)),
      );
      const candidates = [...similar, ...linked.filter((row): row is IdeaListRow => row !== undefined)].filter((row) =>
        isMergeTarget(row.status),
      );
      const sameVotes = await sameAsMineVotes(
        db,
        caller.companyId,
        idea,
        candidates.map((row) => row.id),
      );
      return candidates
        .map((row) => ({
          idea: {
            id: row.id,
            title: row.title,
            status: row.status,
            author: { id: row.authorId, display_name: row.authorName },
          },
          similar_text: similarIds.has(row.id),
          same_votes: sameVotes.get(row.id) ?? 0,
        }))
        .filter((candidate) => candidate.similar_text || candidate.same_votes > 0)
        .sort((a, b) => b.same_votes - a.same_votes);
    },

    /**
     * The author deletes a draft (one never submitted, or withdrawn), with its history; 409 for
     * an idea that is not a draft.
     */
    async remove(caller: CompanyCaller, ideaId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const idea = await requireOwnIdea(tx, caller, ideaId, "delete");
        if (idea.status !== "draft" || !(await deleteIdea(tx, caller.companyId, ideaId, "draft"))) {
          throw new AppError("idea.not_deletable");
        }
      });
    },

    /** A comment on a submitted idea: the author and the team's managers hear of it, never the commenter. */
    async comment(
      caller: CompanyCaller,
      ideaId: string,
      input: z.output<typeof CreateCommentRequestSchema>,
    ): Promise<Comment> {
      const now = clock();
      const commentId = await db.transaction(async (tx) => {
        const idea = await requireIdea(tx, caller, ideaId);
        if (idea.status === "draft") throw new AppError("idea.not_submitted");
        const createdId = await insertComment(tx, {
          companyId: caller.companyId,
          ideaId,
          authorId: caller.id,
          body: input.body,
        });

        const notice = ideaNotice(caller, idea);
        await notifyPeople(tx, {
          ...notice,
          userIds: [idea.authorId],
          type: "new_comment",
          except: [caller.id],
        });
        const reviewers = await teamManagerIds(tx, caller.companyId, idea.teamId);
        // An idea waiting for the admins' decision concerns them too.
        if (idea.status === "pending_review") reviewers.push(...(await companyAdminIds(tx, caller.companyId)));
        await notifyPeople(tx, {
          ...notice,
          userIds: reviewers,
          type: "new_team_comment",
          except: [caller.id, idea.authorId],
        });

        if (idea.authorId !== caller.id) {
          const rules = await pointsRulesOf(tx, caller.companyId);
          // Commenting pays once per idea, so a thread of replies earns no more than one comment.
          await awardPoints(tx, {
            companyId: caller.companyId,
            userId: caller.id,
            teamId: caller.firstTeamId,
            reason: "comment",
            points: rules.comment,
            referenceType: "idea_comment",
            referenceId: ideaId,
            createdAt: now,
          });
        }
        return createdId;
      });
      return presentComment((await findIdeaComment(db, caller.companyId, commentId))!);
    },

    /** Votes for someone else's submitted idea; voting twice changes nothing. */
    async vote(caller: CompanyCaller, ideaId: string) {
      return db.transaction(async (tx) => {
        const idea = await requireIdea(tx, caller, ideaId);
        if (idea.status === "draft") throw new AppError("idea.not_submitted");
        if (idea.authorId === caller.id) throw new AppError("idea.own_vote");
        if (idea.status === "merged") throw new AppError("idea.merge_not_allowed", { message: IDEAS_TEXTS.voteMerged });
        const votes = await addVote(tx, { companyId: caller.companyId, ideaId, userId: caller.id });
        return { votes: votes ?? idea.voteCount, hasVoted: true };
      });
    },

    /** Takes a vote back; without a vote it changes nothing. */
    async unvote(caller: CompanyCaller, ideaId: string) {
      return db.transaction(async (tx) => {
        const idea = await requireIdea(tx, caller, ideaId);
        const votes = await removeVote(tx, { companyId: caller.companyId, ideaId, userId: caller.id });
        return { votes: votes ?? idea.voteCount, hasVoted: false };
      });
    },
  };
}

/** The 409 of a step the table does not have, saying why in the idea's terms. */
function illegalTransition(idea: IdeaListRow, to: IdeaStatus): AppError {
  const existsUnderOtherCondition = IDEA_TRANSITIONS.some((row) => row.from === idea.status && row.to === to);
  if (existsUnderOtherCondition) {
    const message =
      idea.challengeScope === "company"
        ? IDEAS_TEXTS.companyChallengeDecidedByAdmin
        : IDEAS_TEXTS.onlyCompanyChallengeToAdmins;
    return new AppError("idea.transition_not_allowed", { message });
  }
  return new AppError("idea.transition_not_allowed", {
    message: IDEAS_TEXTS.transitionNotAllowed,
    values: { from: idea.status, to },
  });
}

/** The facts every notification about an idea carries; the shared renderer words them. */
function ideaNotice(caller: CompanyCaller, idea: IdeaListRow) {
  return {
    ...noticeBy(caller),
    subjectId: idea.authorId,
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

/** The people a recipient of the effects table stands for, for this idea. */
async function recipientsOf(db: Database, idea: IdeaListRow, to: LifecycleRecipient): Promise<string[]> {
  switch (to) {
    case "author":
      return [idea.authorId];
    case "reviewers":
      return reviewersOf(db, idea);
    case "revision_requester": {
      const requester = await findRevisionRequesterId(db, idea.companyId, idea.id);
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
      const reward = idea.challengeId ? await challengeRewardOf(db, idea.companyId, idea.challengeId) : 0;
      return reward > 0 ? { reason: "approved", points: reward, referenceType: "challenge_reward" } : null;
    }
    case "merged_contributors":
      return null;
  }
}

/**
 * The contributor's share of an approval (`mergedContributorPoints`) to each author of an idea
 * merged into the approved one, once per person and approved idea, never to its own author.
 */
async function payMergedContributors(db: Database, idea: IdeaListRow, rules: PointsRules, now: Date): Promise<void> {
  const points = mergedContributorPoints(rules);
  if (points <= 0) return;
  for (const userId of await mergedAuthorIds(db, idea.companyId, idea)) {
    await awardPoints(db, {
      companyId: idea.companyId,
      userId,
      teamId: idea.teamId,
      reason: "merged_contributor",
      points,
      referenceType: "idea",
      referenceId: idea.id,
      createdAt: now,
    });
  }
}

/**
 * Carries out the effects table's row for one lifecycle step (`idea` has its new status):
 * notifications, the action, points and the audit, in the caller's transaction.
 */
async function carryOutStep(
  db: Database,
  caller: CompanyCaller,
  idea: IdeaListRow,
  from: IdeaStatus,
  step: { note: string | null; action?: { ownerId: string; dueDate: string | null } },
  now: Date,
): Promise<void> {
  const { note } = step;
  const effects = transitionEffectsOf(from, idea.status);
  // The step's note (a request for revision, a decision's reason) travels with each of its notices.
  const notice = { ...ideaNotice(caller, idea), note };
  for (const { type, to } of effects.notify) {
    await notifyPeople(db, {
      ...notice,
      userIds: await recipientsOf(db, idea, to),
      type,
      // Nobody hears of their own step; only the author hears as the author.
      except: to === "author" ? [caller.id] : [caller.id, idea.authorId],
    });
  }

  // The company's channels and webhooks hear of a submission and an approval.
  const announced =
    from === "draft" && idea.status === "submitted"
      ? "idea.submitted"
      : idea.status === "approved"
        ? "idea.approved"
        : null;
  if (announced) {
    await announceEvent(
      db,
      ideaEvent({
        type: announced,
        companyId: idea.companyId,
        idea: {
          id: idea.id,
          title: idea.title,
          teamId: idea.teamId,
          challengeScope: idea.challengeScope,
          status: idea.status,
        },
        actor: { id: caller.id, name: caller.displayName },
        at: now,
      }),
    );
  }

  if (effects.createsAction) {
    const ownerId = step.action?.ownerId ?? caller.id;
    await createActionForApprovedIdea(db, {
      companyId: caller.companyId,
      ideaId: idea.id,
      ownerId,
      dueDate: step.action?.dueDate ?? null,
    });
    // Whoever is given the action hears of it; the approver knows already.
    await notifyPeople(db, { ...notice, note: null, userIds: [ownerId], type: "action_assigned", except: [caller.id] });
  }

  const paid =
    effects.points.length > 0 &&
    (!effects.pointsOnlyForPaidSubmissions ||
      (await isSubmissionPaid(db, { companyId: idea.companyId, userId: idea.authorId }, now)));
  if (paid) {
    const rules = await pointsRulesOf(db, idea.companyId);
    for (const key of effects.points) {
      if (key === "merged_contributors") {
        await payMergedContributors(db, idea, rules, now);
        continue;
      }
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
    await recordCallerAudit(db, caller, {
      action: effects.audit,
      targetType: "idea",
      targetId: idea.id,
      details: { title: idea.title, from, to: idea.status, ...(note ? { note } : {}) },
    });
  }
}

/** A candidate of the AI analysis's similar ideas: what it ranks by, and the vote it offers. */
export interface IdeaLikeText extends Omit<SimilarIdea, "similarity"> {
  titleSimilarity: number;
  lexemes: string[];
}

/**
 * Ideas the caller sees whose title is among the nearest to `title` (trigram distance) or whose
 * text matches `termsQuery` (a tsquery of lexemes), with whether the caller may vote for each and
 * did. Unranked: at most `byTitle` + `byWords`.
 */
export async function findIdeasLikeText(
  db: Database,
  caller: CompanyCaller,
  input: Parameters<typeof findIdeasLike>[2],
): Promise<IdeaLikeText[]> {
  const rows = await findIdeasLike(db, caller, input);
  const voted = await votedIdeaIds(
    db,
    caller.companyId,
    caller.id,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    status: row.status,
    titleSimilarity: row.titleSimilarity,
    lexemes: row.lexemes,
    can_vote: canVoteFor(row, { isAuthor: row.authorId === caller.id }),
    has_voted: voted.has(row.id),
  }));
}
