import {
  ACTION_STATUSES,
  ANALYTICS_CSV_BYTE_ORDER_MARK,
  ANALYTICS_CSV_COLUMNS,
  ANALYTICS_SCORE_BUCKETS,
  type AnalyticsDuration,
  type AnalyticsOverview,
  type AnalyticsPeriod,
  type AnalyticsTeamCount,
  IDEA_STATUSES,
  type IdeaStatus,
  roundScore,
  type Translate,
} from "@ideaport/shared";
import { csvLine } from "../../lib/csv.ts";
import type {
  ContributorRow,
  DurationRow,
  ExportEventRow,
  ExportIdeaRow,
  IdeaGroupRow,
  ParticipationRow,
  ScoreDistributionRow,
  TagCountRow,
} from "./analytics.repository.ts";
import { ACTIONED } from "./analytics.repository.ts";
import { CSV_COLUMN_NAMES } from "./analytics.texts.ts";

/** The figures the repository found, before they take the contract's shape. */
export interface OverviewFigures {
  period: { period: AnalyticsPeriod; from: string; to: string };
  team: { id: string; name: string } | null;
  groups: IdeaGroupRow[];
  actions: { status: (typeof ACTION_STATUSES)[number]; count: number; overdue: number }[];
  durations: { firstReview: DurationRow; decision: DurationRow };
  staleReviews: { teamId: string | null; count: number }[];
  participation: ParticipationRow;
  points: { total: number; top: ContributorRow[] };
  teamNames: Map<string, string>;
  challengeTitles: Map<string, string>;
  tags: TagCountRow[];
  scores: ScoreDistributionRow[];
}

/** Statuses an idea has once submitted, in lifecycle order. */
const SUBMITTED_STATUSES = IDEA_STATUSES.filter((status) => status !== "draft");
/** Statuses of ideas a reviewer has taken up (every submitted status but "submitted"). */
const REVIEWED_STATUSES: readonly IdeaStatus[] = SUBMITTED_STATUSES.filter((status) => status !== "submitted");

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
const share = (part: number, whole: number) => (whole === 0 ? null : round(part / whole, 4));

function presentDuration(row: DurationRow): AnalyticsDuration {
  return {
    count: row.count,
    median_hours: row.median === null ? null : round(row.median, 1),
    p90_hours: row.p90 === null ? null : round(row.p90, 1),
  };
}

/** Team counts, most first, then by name; ideas outside any team last among equals. */
function byTeam(rows: { teamId: string | null; count: number }[], names: Map<string, string>): AnalyticsTeamCount[] {
  return rows
    .map((row) => ({
      team_id: row.teamId,
      team_name: row.teamId === null ? null : (names.get(row.teamId) ?? null),
      count: row.count,
    }))
    .sort(
      (a, b) =>
        b.count - a.count ||
        (a.team_name ?? "\uffff").localeCompare(b.team_name ?? "\uffff") ||
        (a.team_id ?? "").localeCompare(b.team_id ?? ""),
    );
}

/** The figures as the overview answer of the contract. */
export function presentOverview(figures: OverviewFigures): AnalyticsOverview {
  const statusCounts = new Map<string, number>();
  const teamRows: { teamId: string | null; count: number }[] = [];
  const challengeRows: IdeaGroupRow[] = [];
  for (const row of figures.groups) {
    if (row.grouping === "status" && row.key !== null) statusCounts.set(row.key, row.count);
    if (row.grouping === "team") teamRows.push({ teamId: row.key, count: row.count });
    if (row.grouping === "challenge" && row.key !== null) challengeRows.push(row);
  }
  const countOf = (statuses: readonly string[]) =>
    statuses.reduce((sum, status) => sum + (statusCounts.get(status) ?? 0), 0);
  const actionCounts = new Map(figures.actions.map((row) => [row.status, row.count]));
  const people = figures.participation;

  return {
    period: figures.period,
    team: figures.team,
    funnel: [
      { stage: "submitted", count: countOf(SUBMITTED_STATUSES) },
      { stage: "under_review", count: countOf(REVIEWED_STATUSES) },
      { stage: "approved", count: countOf(["approved"]) },
      { stage: "actioned", count: ACTIONED.reduce((sum, status) => sum + (actionCounts.get(status) ?? 0), 0) },
    ],
    by_status: SUBMITTED_STATUSES.map((status) => ({ status, count: statusCounts.get(status) ?? 0 })),
    ideas_per_team: byTeam(teamRows, figures.teamNames),
    ideas_per_tag: figures.tags.map((row) => ({ tag_id: row.tagId, tag_name: row.tagName, count: row.count })),
    scores_per_challenge: figures.scores.map((row) => ({
      challenge_id: row.challengeId,
      challenge_title: row.challengeTitle,
      scored: row.scored,
      average_score: roundScore(row.average),
      buckets: ANALYTICS_SCORE_BUCKETS.map((bucket, index) => ({ bucket, count: row.buckets[index] ?? 0 })),
    })),
    participation: {
      active_people: people.activePeople,
      submitted: people.submitted,
      commented: people.commented,
      voted: people.voted,
      participated: people.participated,
      submitted_share: share(people.submitted, people.activePeople),
      commented_share: share(people.commented, people.activePeople),
      voted_share: share(people.voted, people.activePeople),
      participated_share: share(people.participated, people.activePeople),
    },
    review_times: {
      first_review: presentDuration(figures.durations.firstReview),
      decision: presentDuration(figures.durations.decision),
    },
    stale_reviews: byTeam(figures.staleReviews, figures.teamNames),
    challenges: challengeRows
      .map((row) => ({
        id: row.key!,
        title: figures.challengeTitles.get(row.key!) ?? "",
        answers: row.count,
        approved: row.approved,
        approval_rate: share(row.approved, row.count),
      }))
      .sort((a, b) => b.answers - a.answers || a.title.localeCompare(b.title) || a.id.localeCompare(b.id)),
    actions: {
      by_status: ACTION_STATUSES.map((status) => ({ status, count: actionCounts.get(status) ?? 0 })),
      overdue: figures.actions.reduce((sum, row) => sum + row.overdue, 0),
    },
    points_awarded: figures.points.total,
    top_contributors: figures.points.top.map((row, index) => ({
      rank: index + 1,
      user_id: row.userId,
      name: row.name,
      points: row.points,
      ideas_submitted: row.ideasSubmitted,
    })),
  };
}

/**
 * The export's first line: the column names in the reader's language, after the byte-order mark
 * that tells Excel the file is UTF-8.
 */
export function csvHeader(t: Translate): string {
  return ANALYTICS_CSV_BYTE_ORDER_MARK + csvLine(ANALYTICS_CSV_COLUMNS.map((column) => t(CSV_COLUMN_NAMES[column])));
}

/**
 * One idea as a line of the export; its status history reads
 * `submitted 2026-01-05T09:00:00.000Z > under_review 2026-01-06T10:00:00.000Z`.
 */
export function presentCsvLine(idea: ExportIdeaRow, events: ExportEventRow[]): string {
  return csvLine([
    idea.id,
    idea.title,
    idea.status,
    idea.teamName,
    idea.authorName,
    idea.challengeTitle,
    idea.submittedAt.toISOString(),
    idea.firstReviewedAt?.toISOString(),
    idea.decidedAt?.toISOString(),
    idea.voteCount,
    idea.commentCount,
    idea.actionStatus,
    idea.actionDueDate,
    events.map((event) => `${event.toStatus} ${event.createdAt.toISOString()}`).join(" > "),
    // One decimal with a point whatever the reader's language, as the file's other numbers and times.
    idea.score === null ? null : roundScore(idea.score).toFixed(1),
    idea.scoreCount,
  ]);
}
