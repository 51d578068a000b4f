import {
  canScoreIdea,
  FINAL_IDEA_STATUSES,
  type IdeaScore,
  type LifecycleIdea,
  type LifecycleViewer,
  roundScore,
} from "@ideaport/shared";

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
