import { z } from "zod";
import { defineEndpoint } from "../api/contract.ts";
import { defineMessages, type MessageDescriptor } from "../i18n/messages.ts";
import { phrasesOf, schemaMessage } from "../i18n/schema-messages.ts";
import { IDEA_STATUSES } from "../ideas/lifecycle.ts";
import { IDEA_MESSAGES, IDEA_PHRASES } from "../ideas/limits.ts";
import { VALIDATION_MESSAGES } from "../messages.ts";
import { ACTION_STATUSES, isCalendarDay, isWithinCalendarYears, SuccessSchema } from "./common.ts";

// The administrators' analytics overview of the ideas programme

/**
 * The periods an overview covers, each ending today (UTC): the last 30 days, the current calendar
 * quarter, the current calendar year, or custom days from `from` to `to`, both included.
 */
export const ANALYTICS_PERIODS = ["30d", "quarter", "year", "custom"] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

/** The longest custom period, in days (both ends included). */
export const ANALYTICS_MAX_DAYS = 3660;
/** A review waiting longer than this many days counts in the reviewers' backlog. */
export const ANALYTICS_STALE_REVIEW_DAYS = 7;
/** How many people the top contributors list shows. */
export const ANALYTICS_TOP_CONTRIBUTORS = 10;
/** How many tags the overview's ideas-by-tag list shows. */
export const ANALYTICS_TOP_TAGS = 10;
/** How many challenges the overview's score distribution shows (those with most scored ideas). */
export const ANALYTICS_TOP_SCORED_CHALLENGES = 10;

/**
 * The buckets of the score distribution, over the weighted score (1 to 5) rounded to one decimal
 * as the screens show it: each from its lower end (included) to the next one's (left out), the
 * last one including 5. An idea shown as "2.0" counts in 2–3, one shown as "5.0" in 4–5.
 */
export const ANALYTICS_SCORE_BUCKETS = ["1-2", "2-3", "3-4", "4-5"] as const;
export type AnalyticsScoreBucket = (typeof ANALYTICS_SCORE_BUCKETS)[number];
/** Each bucket's lowest and highest score as shown with one decimal, both included: 2.0 to 2.9. */
export const ANALYTICS_SCORE_BUCKET_RANGES: Readonly<Record<AnalyticsScoreBucket, { from: number; to: number }>> = {
  "1-2": { from: 1, to: 1.9 },
  "2-3": { from: 2, to: 2.9 },
  "3-4": { from: 3, to: 3.9 },
  "4-5": { from: 4, to: 5 },
};

export const ANALYTICS_MESSAGES = {
  dayOutOfRange: IDEA_MESSAGES.dateOutOfRange,
  teamInvalid: VALIDATION_MESSAGES.teamIdInvalid,
  ...defineMessages({
    periodInvalid: {
      id: "shared.analytics.periodInvalid",
      defaultMessage: "The period must be 30d, quarter, year or custom.",
    },
    dayInvalid: {
      id: "shared.analytics.dayInvalid",
      defaultMessage: "Must be a day of the calendar, like 2026-12-31.",
    },
    customNeedsDays: {
      id: "shared.analytics.customNeedsDays",
      defaultMessage: "A custom period needs a from and a to day.",
    },
    daysOnlyForCustom: {
      id: "shared.analytics.daysOnlyForCustom",
      defaultMessage: "From and to days go with the custom period only.",
    },
    toBeforeFrom: {
      id: "shared.analytics.toBeforeFrom",
      defaultMessage: "The to day must not be before the from day.",
    },
    periodTooLong: {
      id: "shared.analytics.periodTooLong",
      defaultMessage: "A custom period can cover at most {max} days.",
    },
  }),
};

/** ANALYTICS_MESSAGES with the limits their wordings state. */
export const ANALYTICS_PHRASES = phrasesOf(ANALYTICS_MESSAGES, {
  dayOutOfRange: IDEA_PHRASES.dateOutOfRange.values,
  periodTooLong: { max: ANALYTICS_MAX_DAYS },
});

const dayInvalid = schemaMessage(ANALYTICS_MESSAGES.dayInvalid);
const DaySchema = z
  .string({ error: dayInvalid })
  .refine(isCalendarDay, { message: dayInvalid, abort: true })
  .refine(isWithinCalendarYears, schemaMessage(ANALYTICS_PHRASES.dayOutOfRange));

const DAY_MS = 86_400_000;

/** Days from `from` to `to`, both included; both are calendar days. */
export function daysCovered(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

const DAYS_ONLY_FOR_CUSTOM = schemaMessage(ANALYTICS_MESSAGES.daysOnlyForCustom);
const CUSTOM_NEEDS_DAYS = schemaMessage(ANALYTICS_MESSAGES.customNeedsDays);
const TO_BEFORE_FROM = schemaMessage(ANALYTICS_MESSAGES.toBeforeFrom);
const PERIOD_TOO_LONG = schemaMessage(ANALYTICS_PHRASES.periodTooLong);

/** The overview's and the export's query: a period and, optionally, one team. */
export const AnalyticsQuerySchema = z
  .object({
    period: z.enum(ANALYTICS_PERIODS, { message: schemaMessage(ANALYTICS_MESSAGES.periodInvalid) }).default("30d"),
    /** First day of a custom period, `2026-01-31`. */
    from: DaySchema.optional(),
    /** Last day of a custom period (included), `2026-03-31`. */
    to: DaySchema.optional(),
    team: z.uuid({ message: schemaMessage(ANALYTICS_MESSAGES.teamInvalid) }).optional(),
  })
  .superRefine((query, context) => {
    if (query.period !== "custom") {
      for (const key of ["from", "to"] as const) {
        if (query[key] !== undefined) {
          context.addIssue({ code: "custom", path: [key], message: DAYS_ONLY_FOR_CUSTOM });
        }
      }
      return;
    }
    for (const key of ["from", "to"] as const) {
      if (query[key] === undefined) {
        context.addIssue({ code: "custom", path: [key], message: CUSTOM_NEEDS_DAYS });
      }
    }
    if (query.from === undefined || query.to === undefined) return;
    if (query.to < query.from) {
      context.addIssue({ code: "custom", path: ["to"], message: TO_BEFORE_FROM });
    } else if (daysCovered(query.from, query.to) > ANALYTICS_MAX_DAYS) {
      context.addIssue({ code: "custom", path: ["to"], message: PERIOD_TOO_LONG });
    }
  });
export type AnalyticsQuery = z.input<typeof AnalyticsQuerySchema>;

/**
 * The funnel's stages: ideas submitted in the period, and how many of them have reached review
 * (a manager or admin took them up), approval, and an action that is in progress or done.
 */
export const ANALYTICS_FUNNEL_STAGES = ["submitted", "under_review", "approved", "actioned"] as const;
export type AnalyticsFunnelStage = (typeof ANALYTICS_FUNNEL_STAGES)[number];
export const ANALYTICS_FUNNEL_LABELS: Readonly<Record<AnalyticsFunnelStage, MessageDescriptor>> = defineMessages({
  submitted: { id: "shared.analytics.funnel.submitted", defaultMessage: "Submitted" },
  under_review: { id: "shared.analytics.funnel.underReview", defaultMessage: "Under review" },
  approved: { id: "shared.analytics.funnel.approved", defaultMessage: "Approved" },
  actioned: { id: "shared.analytics.funnel.actioned", defaultMessage: "Actioned" },
});

const Count = z.number().int().min(0);
/** A share from 0 to 1, rounded to four decimals; null when there is nothing to divide by. */
const Share = z.number().min(0).max(1).nullable();

/** Median and 90th percentile of a duration in hours (one decimal), over `count` ideas; null without ideas. */
export const AnalyticsDurationSchema = z.object({
  count: Count,
  median_hours: z.number().nullable(),
  p90_hours: z.number().nullable(),
});
export type AnalyticsDuration = z.infer<typeof AnalyticsDurationSchema>;

/** A team's figure; `team_id` and `team_name` are null for ideas written outside any team. */
export const AnalyticsTeamCountSchema = z.object({
  team_id: z.string().nullable(),
  team_name: z.string().nullable(),
  count: Count,
});
export type AnalyticsTeamCount = z.infer<typeof AnalyticsTeamCountSchema>;

export const AnalyticsOverviewSchema = z.object({
  /** The period's days, both included, as resolved on the server (UTC). */
  period: z.object({ period: z.enum(ANALYTICS_PERIODS), from: z.string(), to: z.string() }),
  /** The team the figures are limited to, or null for the whole company. */
  team: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Ideas submitted in the period and how far they got, in funnel order. */
  funnel: z.array(z.object({ stage: z.enum(ANALYTICS_FUNNEL_STAGES), count: Count })),
  /** Ideas submitted in the period by their status now, in lifecycle order (every status but draft). */
  by_status: z.array(z.object({ status: z.enum(IDEA_STATUSES), count: Count })),
  /** Ideas submitted in the period by team, most first. */
  ideas_per_team: z.array(AnalyticsTeamCountSchema),
  /** Ideas submitted in the period by the tags they carry now, most first, at most ANALYTICS_TOP_TAGS. */
  ideas_per_tag: z.array(z.object({ tag_id: z.string(), tag_name: z.string(), count: Count })),
  /**
   * The weighted scores of the period's scored ideas by challenge (`challenge_id` and
   * `challenge_title` null for ideas outside any challenge): how many are scored, their average
   * (one decimal) and how many fall in each of ANALYTICS_SCORE_BUCKETS, in that order. Challenges
   * with most scored ideas first, at most ANALYTICS_TOP_SCORED_CHALLENGES; none without a scored idea.
   */
  scores_per_challenge: z.array(
    z.object({
      challenge_id: z.string().nullable(),
      challenge_title: z.string().nullable(),
      scored: Count,
      average_score: z.number().min(1).max(5),
      buckets: z.array(z.object({ bucket: z.enum(ANALYTICS_SCORE_BUCKETS), count: Count })),
    }),
  ),
  /**
   * Active people (active accounts of the company, or members of the team) and how many of them
   * submitted an idea, commented or voted in the period, and did any of the three.
   */
  participation: z.object({
    active_people: Count,
    submitted: Count,
    commented: Count,
    voted: Count,
    participated: Count,
    submitted_share: Share,
    commented_share: Share,
    voted_share: Share,
    participated_share: Share,
  }),
  /**
   * Hours from submission to the first review step (a manager or admin taking the idea up, asking
   * for a revision or deciding) and to the decision (approved or rejected), over ideas submitted in
   * the period that have got there.
   */
  review_times: z.object({ first_review: AnalyticsDurationSchema, decision: AnalyticsDurationSchema }),
  /** Ideas waiting for review now, for longer than ANALYTICS_STALE_REVIEW_DAYS days, by team, most first. */
  stale_reviews: z.array(AnalyticsTeamCountSchema),
  /** Challenges answered in the period: answers (ideas submitted), approved answers and their share. */
  challenges: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      answers: Count,
      approved: Count,
      approval_rate: Share,
    }),
  ),
  /** Actions of the period's approved ideas, by status now, and those past their due day and not done. */
  actions: z.object({
    by_status: z.array(z.object({ status: z.enum(ACTION_STATUSES), count: Count })),
    overdue: Count,
  }),
  /** Points earned in the period (spending and refunds left out). */
  points_awarded: z.number().int(),
  /** The people who earned most points in the period, at most ANALYTICS_TOP_CONTRIBUTORS. */
  top_contributors: z.array(
    z.object({
      rank: z.number().int().min(1),
      user_id: z.string(),
      name: z.string(),
      points: z.number().int(),
      ideas_submitted: Count,
    }),
  ),
});
export type AnalyticsOverview = z.infer<typeof AnalyticsOverviewSchema>;

export const AnalyticsOverviewResponseSchema = SuccessSchema.extend({
  overview: AnalyticsOverviewSchema,
});
export type AnalyticsOverviewResponse = z.infer<typeof AnalyticsOverviewResponseSchema>;

/** The columns of the ideas export, in order; the first line of the file names them. */
export const ANALYTICS_CSV_COLUMNS = [
  "id",
  "title",
  "status",
  "team",
  "author",
  "challenge",
  "submitted_at",
  "first_review_at",
  "decided_at",
  "votes",
  "comments",
  "action_status",
  "action_due_date",
  "status_history",
  /** The weighted score, one decimal ("4.7"); empty while nobody scored the idea. */
  "score",
  /** How many evaluators scored the idea. */
  "score_count",
] as const;
export type AnalyticsCsvColumn = (typeof ANALYTICS_CSV_COLUMNS)[number];

/**
 * The ideas export starts with the UTF-8 byte-order mark, so Excel reads its accents as UTF-8
 * ("Zoë", not "ZoÃ«"). The server writes it; the web app puts it back in the file it saves,
 * since reading the answer as text drops it.
 */
export const ANALYTICS_CSV_BYTE_ORDER_MARK = "\uFEFF";

/** The export's file name for a resolved period, `ideas-2026-01-01-to-2026-03-31.csv`. */
export function analyticsCsvFileName(from: string, to: string): string {
  return `ideas-${from}-to-${to}.csv`;
}

/** The query string of an overview or export, leaving out what is not set: `period=custom&from=…`. */
export function analyticsQueryString(query: AnalyticsQuery): string {
  const params = new URLSearchParams();
  if (query.period) params.set("period", query.period);
  if (query.period === "custom") {
    if (query.from) params.set("from", query.from);
    if (query.to) params.set("to", query.to);
  }
  if (query.team) params.set("team", query.team);
  return params.toString();
}

/** Analytics for company administrators: the overview and the ideas export. */
export const analyticsEndpoints = {
  analyticsOverview: defineEndpoint({
    tokenScope: "admin",
    method: "GET",
    path: "/api/analytics/overview/",
    query: AnalyticsQuerySchema,
    response: AnalyticsOverviewResponseSchema,
  }),
  /**
   * The ideas submitted in the period with their status history, as CSV (text/csv, streamed, an
   * attachment): one line per idea, the columns of ANALYTICS_CSV_COLUMNS. Link to it with
   * `${path}?${analyticsQueryString(query)}`; it is not JSON.
   */
  analyticsIdeasCsv: defineEndpoint({
    tokenScope: "admin",
    method: "GET",
    path: "/api/analytics/ideas.csv",
    query: AnalyticsQuerySchema,
    response: z.string(),
  }),
} as const;
