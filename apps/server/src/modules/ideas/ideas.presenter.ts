import {
  allowedTransitions,
  type Comment,
  canMergeAway,
  canScoreIdea,
  canVoteFor,
  checklistOfVerdicts,
  FINAL_IDEA_STATUSES,
  type Idea,
  type IdeaDetail,
  type IdeaRevision,
  type IdeaScore,
  isEditableStatus,
  type LifecycleIdea,
  type LifecycleViewer,
  ownIdeaReviewerOf,
  roundScore,
  type TagRef,
} from "@ideaport/shared";
import { type CompanyCaller, managesTeam } from "../../core/caller.ts";
import { translatorFor } from "../../lib/i18n.ts";
import type { ActionListRow } from "../actions/actions.service.ts";
import type { MergedCommentRow } from "./ideas.merges.repository.ts";
import type { IdeaCommentRow, IdeaHistoryRow, IdeaListRow, IdeaRevisionRow } from "./ideas.repository.ts";

/** What an idea shows of merges: where it went, if merged, and who contributed merged ideas to it. */
export interface IdeaMergeView {
  mergedInto: { id: string; title: string } | null;
  contributors: { id: string; display_name: string }[];
}

const NO_MERGES: IdeaMergeView = { mergedInto: null, contributors: [] };

/** The lifecycle facts of an idea. */
export function lifecycleIdeaOf(row: Pick<IdeaListRow, "status" | "challengeScope">): LifecycleIdea {
  return { status: row.status, answersCompanyChallenge: row.challengeScope === "company" };
}

/** The caller's relation to an idea, for the lifecycle table. */
export function lifecycleViewerOf(
  caller: CompanyCaller,
  row: Pick<IdeaListRow, "authorId" | "teamId">,
): LifecycleViewer {
  return {
    isAuthor: row.authorId === caller.id,
    managesIdeaTeam: managesTeam(caller, row.teamId),
    isAdmin: caller.isAdmin,
  };
}

/** What scoring knows of an idea: its lifecycle facts and its stored score. */
export interface ScoredIdea extends LifecycleIdea {
  score: string | null;
  scoreCount: number;
  scoreDisagreement: boolean;
}

/** The caller's relation to the idea's scores. */
export interface ScoreViewer extends LifecycleViewer {
  /** Invited to evaluate the idea's challenge. */
  invitedEvaluator: boolean;
  /** Gave their scores already. */
  scoredByMe: boolean;
}

/**
 * Who reads the scores: the evaluators once they gave their own; once the idea is decided, also
 * its author, its team's managers, the admins and the challenge's invited evaluators.
 */
export function mayReadScores(idea: ScoredIdea, viewer: ScoreViewer): boolean {
  if (viewer.scoredByMe) return true;
  if (!FINAL_IDEA_STATUSES.includes(idea.status)) return false;
  return viewer.isAuthor || viewer.isAdmin || viewer.managesIdeaTeam || viewer.invitedEvaluator;
}

/**
 * The idea's score as the caller may see it, or null when it is none of their business: an
 * evaluator who has not scored yet sees how many did, not what they gave.
 */
export function presentScore(idea: ScoredIdea, viewer: ScoreViewer): IdeaScore | null {
  const canScore = canScoreIdea(idea, viewer);
  const readable = mayReadScores(idea, viewer);
  if (!canScore && !readable) return null;
  return {
    value: readable && idea.score !== null ? roundScore(Number(idea.score)) : null,
    count: idea.scoreCount,
    disagreement: readable && idea.scoreDisagreement,
    scored_by_me: viewer.scoredByMe,
    can_score: canScore,
  };
}

/** What the caller did and may do with ideas' scores: the challenges they evaluate, the ideas they scored. */
export interface ScoringContext {
  invitedChallengeIds: ReadonlySet<string>;
  scoredIdeaIds: ReadonlySet<string>;
}

/** An idea as lists and cards show it, with what the caller may do with it. */
export function presentIdea(
  row: IdeaListRow,
  caller: CompanyCaller,
  hasVoted: boolean,
  scoring: ScoringContext,
  tags: TagRef[],
  merges: IdeaMergeView = NO_MERGES,
): Idea {
  const idea = lifecycleIdeaOf(row);
  const viewer = lifecycleViewerOf(caller, row);
  const score = presentScore(
    { ...idea, score: row.score, scoreCount: row.scoreCount, scoreDisagreement: row.scoreDisagreement },
    {
      ...viewer,
      invitedEvaluator: row.challengeId !== null && scoring.invitedChallengeIds.has(row.challengeId),
      scoredByMe: scoring.scoredIdeaIds.has(row.id),
    },
  );
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    status: row.status,
    author: { id: row.authorId, display_name: row.authorName },
    team_id: row.teamId,
    team_name: row.teamName,
    challenge:
      row.challengeId && row.challengeTitle !== null && row.challengeScope !== null
        ? { id: row.challengeId, title: row.challengeTitle, scope: row.challengeScope }
        : null,
    votes: row.voteCount,
    comment_count: row.commentCount,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    submitted_at: row.submittedAt,
    has_voted: hasVoted,
    allowed_transitions: allowedTransitions(idea, viewer),
    can_edit: row.authorId === caller.id && isEditableStatus(row.status),
    can_vote: canVoteFor(row, viewer),
    own_idea_reviewer: ownIdeaReviewerOf(idea, viewer),
    score,
    merged_into: merges.mergedInto,
    contributors: merges.contributors,
    can_merge: canMergeAway(idea, viewer),
    tags,
  };
}

/**
 * Revisions keep the text as it was before each edit; the text after an edit is the next
 * revision's, or the idea's current text for the latest one.
 */
export function presentRevisions(
  rows: IdeaRevisionRow[],
  current: { title: string; description: string },
): IdeaRevision[] {
  return rows.map((row, index) => {
    const next = rows[index + 1] ?? current;
    return {
      id: row.id,
      revised_by: row.revisedBy ? { id: row.revisedBy, display_name: row.reviserName ?? "" } : null,
      created_at: row.createdAt,
      before: { title: row.title, description: row.description },
      after: { title: next.title, description: next.description },
    };
  });
}

export function presentComment(row: IdeaCommentRow | MergedCommentRow): Comment {
  return {
    id: row.id,
    body: row.body,
    author: { id: row.authorId, display_name: row.authorName },
    created_at: row.createdAt,
    merged_from: "mergedFromId" in row ? { id: row.mergedFromId, title: row.mergedFromTitle } : null,
  };
}

/** The idea with its status history, revisions and comments. */
export function presentIdeaDetail(
  row: IdeaListRow,
  caller: CompanyCaller,
  related: {
    hasVoted: boolean;
    scoring: ScoringContext;
    history: IdeaHistoryRow[];
    revisions: IdeaRevisionRow[];
    comments: IdeaCommentRow[];
    /** The comments of the ideas merged into it, shown after its own. */
    mergedComments: MergedCommentRow[];
    merges: IdeaMergeView;
    action: ActionListRow | undefined;
    tags: TagRef[];
  },
): IdeaDetail {
  return {
    ...presentIdea(row, caller, related.hasVoted, related.scoring, related.tags, related.merges),
    history: related.history.map((event) => ({
      id: event.id,
      from_status: event.fromStatus,
      to_status: event.toStatus,
      actor: event.actorId ? { id: event.actorId, display_name: event.actorName ?? "" } : null,
      note: event.note,
      created_at: event.createdAt,
      checklist: event.checklist ? checklistOfVerdicts(event.checklist, translatorFor(caller.language)) : null,
    })),
    revisions: presentRevisions(related.revisions, row),
    comments: [...related.comments, ...related.mergedComments].map(presentComment),
    action: related.action
      ? {
          id: related.action.id,
          owner: related.action.ownerId
            ? { id: related.action.ownerId, display_name: related.action.ownerName ?? "" }
            : null,
          due_date: related.action.dueDate,
          status: related.action.status,
        }
      : null,
  };
}
