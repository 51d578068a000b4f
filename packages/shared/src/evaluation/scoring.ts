/**
 * Scorecards: who scores an idea and when, and how the scores add up. The server enforces these
 * rules; the screens use them to show the scoring form only to those who may fill it in.
 */

import { defineMessages, type MessageDescriptor } from "../i18n/messages.ts";
import {
  allowedTransitions,
  IDEA_TRANSITIONS,
  type IdeaStatus,
  type LifecycleIdea,
  type LifecycleViewer,
} from "../ideas/lifecycle.ts";

/** The scale every criterion is scored on. */
export const SCORE_MIN = 1;
export const SCORE_MAX = 5;
/** Evaluators this many points apart on one criterion (or more) are flagged as disagreeing. */
export const SCORE_DISAGREEMENT_GAP = 2;
/** The weights a criterion may carry. */
export const CRITERION_WEIGHT_MIN = 1;
export const CRITERION_WEIGHT_MAX = 10;
export const CRITERION_NAME_MAX_LENGTH = 80;
export const CRITERION_DESCRIPTION_MAX_LENGTH = 500;
/** How many criteria one set may have. */
export const CRITERIA_MAX = 12;
export const SCORE_NOTE_MAX_LENGTH = 2000;

/** The statuses a reviewer's decision is taken from: an idea in one of them is scored. */
export const SCORING_STATUSES: readonly IdeaStatus[] = [
  ...new Set(
    IDEA_TRANSITIONS.filter((row) => row.actor !== "author" && row.from !== "submitted").map((row) => row.from),
  ),
];

/** True while an idea is under review (a reviewer decides it next), when it is scored. */
export function isScoringStatus(status: IdeaStatus): boolean {
  return SCORING_STATUSES.includes(status);
}

/** The viewer as scoring sees them: their lifecycle roles, and whether they were invited to the idea's challenge. */
export interface ScoringViewer extends LifecycleViewer {
  invitedEvaluator: boolean;
}

/**
 * Whether the viewer scores the idea now: never its author; while it is under review, its
 * reviewers (those the lifecycle lets take its next reviewing step) and the evaluators invited to
 * its challenge.
 */
export function canScoreIdea(idea: LifecycleIdea, viewer: ScoringViewer): boolean {
  if (viewer.isAuthor || !isScoringStatus(idea.status)) return false;
  return viewer.invitedEvaluator || allowedTransitions(idea, viewer).length > 0;
}

/** The filters of an idea list asked for `sort=score`. */
export interface ScoreSortList {
  mine?: boolean | undefined;
  team?: string | undefined;
  evaluating?: boolean | undefined;
}

/** The viewer as the score sort sees them: an admin, and the teams they manage. */
export interface ScoreSortViewer {
  isAdmin: boolean;
  managedTeamIds: readonly string[];
}

/**
 * Whether the viewer may order a list by score: only a list of ideas they review, so nobody learns
 * how the evaluators rank ideas before a decision from the order of a list they do not review.
 * Never their own ideas (`mine`); the ideas they score (`evaluating`, which includes invited
 * evaluators' challenges); an admin's lists; a manager's list of a team they manage.
 */
export function maySortByScore(viewer: ScoreSortViewer, list: ScoreSortList): boolean {
  if (list.mine) return false;
  if (list.evaluating || viewer.isAdmin) return true;
  return list.team !== undefined && viewer.managedTeamIds.includes(list.team);
}

/**
 * The weighted score: the sum of each criterion's weight times its average score, over the sum
 * of the weights of the criteria scored. Null when nobody scored.
 */
export function weightedScore(criteria: ReadonlyArray<{ weight: number; average: number | null }>): number | null {
  let weighted = 0;
  let weights = 0;
  for (const criterion of criteria) {
    if (criterion.average === null) continue;
    weighted += criterion.weight * criterion.average;
    weights += criterion.weight;
  }
  return weights === 0 ? null : weighted / weights;
}

/** A score as the screens show it: one decimal. */
export function roundScore(score: number): number {
  return Math.round(score * 10) / 10;
}

/** The criteria every company starts with. */
export const DEFAULT_CRITERIA = ["impact", "confidence", "ease"] as const;
export type DefaultCriterion = (typeof DEFAULT_CRITERIA)[number];

/** The default criteria's names and descriptions, in the reader's language. */
export const DEFAULT_CRITERION_TEXTS: Readonly<
  Record<DefaultCriterion, { name: MessageDescriptor; description: MessageDescriptor }>
> = {
  impact: defineMessages({
    name: { id: "shared.evaluation.default.impact.name", defaultMessage: "Impact" },
    description: {
      id: "shared.evaluation.default.impact.description",
      defaultMessage: "How much the idea would help if it works.",
    },
  }),
  confidence: defineMessages({
    name: { id: "shared.evaluation.default.confidence.name", defaultMessage: "Confidence" },
    description: {
      id: "shared.evaluation.default.confidence.description",
      defaultMessage: "How sure we are that it would work as described.",
    },
  }),
  ease: defineMessages({
    name: { id: "shared.evaluation.default.ease.name", defaultMessage: "Ease" },
    description: {
      id: "shared.evaluation.default.ease.description",
      defaultMessage: "How little time and money it would take.",
    },
  }),
};
