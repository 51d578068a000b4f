/**
 * Analytics for company administrators: the overview of the ideas programme over a period, and
 * the export of the period's ideas with their status history, written batch by batch.
 */
import {
  ANALYTICS_STALE_REVIEW_DAYS,
  ANALYTICS_TOP_CONTRIBUTORS,
  ANALYTICS_TOP_SCORED_CHALLENGES,
  ANALYTICS_TOP_TAGS,
  type AnalyticsOverview,
  type AnalyticsPeriod,
  type AnalyticsQuerySchema,
  AppError,
  analyticsCsvFileName,
} from "@ideaport/shared";
import type { z } from "zod";
import { authorize, type CompanyCaller } from "../../core/caller.ts";
import type { ServiceDependencies } from "../../core/module-options.ts";
import { translatorFor } from "../../lib/i18n.ts";
import { csvHeader, presentCsvLine, presentOverview } from "./analytics.presenter.ts";
import {
  type AnalyticsScope,
  challengeTitles,
  countParticipation,
  countPeriodActions,
  countPeriodIdeas,
  countPeriodIdeasByTag,
  countStaleReviews,
  type ExportCursor,
  type ExportEventRow,
  exportBatch,
  exportEvents,
  findTeam,
  reviewDurations,
  scoreDistribution,
  sumPoints,
  teamNames,
} from "./analytics.repository.ts";

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

/** Ideas the export reads from the database at a time. */
export const EXPORT_BATCH_SIZE = 500;

const DAY_MS = 86_400_000;
const dayOf = (instant: Date) => instant.toISOString().slice(0, 10);
const startOfDay = (day: string) => new Date(`${day}T00:00:00.000Z`);

export interface ResolvedPeriod {
  period: AnalyticsPeriod;
  /** First and last day, both included. */
  from: string;
  to: string;
  /** First instant of `from`, first instant after `to` (UTC). */
  start: Date;
  end: Date;
}

/**
 * The days a period covers in UTC (the company's time zone until a company setting exists), each
 * ending today: the last 30 days, the current calendar quarter, the current calendar year; a
 * custom period covers its own days.
 */
export function resolvePeriod(query: z.output<typeof AnalyticsQuerySchema>, now: Date): ResolvedPeriod {
  const today = dayOf(now);
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  let from: string;
  let to = today;
  switch (query.period) {
    case "30d":
      from = dayOf(new Date(startOfDay(today).getTime() - 29 * DAY_MS));
      break;
    case "quarter":
      from = dayOf(new Date(Date.UTC(year, month - (month % 3), 1)));
      break;
    case "year":
      from = dayOf(new Date(Date.UTC(year, 0, 1)));
      break;
    case "custom":
      // The schema has made sure both days are there and in order.
      from = query.from!;
      to = query.to!;
      break;
  }
  return {
    period: query.period,
    from,
    to,
    start: startOfDay(from),
    end: new Date(startOfDay(to).getTime() + DAY_MS),
  };
}

/** The overview and the export, for administrators only; every figure of the caller's company. */
export function createAnalyticsService({ db, clock }: ServiceDependencies) {
  /** The period and team of a query; an unknown team (or one of another company) answers 404. */
  async function scopeOf(caller: CompanyCaller, query: z.output<typeof AnalyticsQuerySchema>) {
    const team = query.team ? await findTeam(db, caller.companyId, query.team) : null;
    if (team === undefined) throw new AppError("team.not_found");
    authorize(caller, "analytics.view");
    const period = resolvePeriod(query, clock());
    const scope: AnalyticsScope = {
      companyId: caller.companyId,
      start: period.start,
      end: period.end,
      teamId: team?.id ?? null,
    };
    return { period, team, scope };
  }

  return {
    /** Every figure of the overview for the period and, with one, the team. */
    async overview(caller: CompanyCaller, query: z.output<typeof AnalyticsQuerySchema>): Promise<AnalyticsOverview> {
      const { period, team, scope } = await scopeOf(caller, query);
      const now = clock();
      const [groups, actions, durations, staleReviews, participation, points, names, tags, scores] = await Promise.all([
        countPeriodIdeas(db, scope),
        countPeriodActions(db, scope, dayOf(now)),
        reviewDurations(db, scope),
        countStaleReviews(db, scope, new Date(now.getTime() - ANALYTICS_STALE_REVIEW_DAYS * DAY_MS)),
        countParticipation(db, scope),
        sumPoints(db, scope, ANALYTICS_TOP_CONTRIBUTORS),
        teamNames(db, caller.companyId),
        countPeriodIdeasByTag(db, scope, ANALYTICS_TOP_TAGS),
        scoreDistribution(db, scope, caller.id, ANALYTICS_TOP_SCORED_CHALLENGES),
      ]);
      const challengeIds = groups
        .filter((row) => row.grouping === "challenge" && row.key !== null)
        .map((row) => row.key!);
      return presentOverview({
        period: { period: period.period, from: period.from, to: period.to },
        team,
        groups,
        actions,
        durations,
        staleReviews,
        participation,
        points,
        teamNames: names,
        challengeTitles: await challengeTitles(db, caller.companyId, challengeIds),
        tags,
        scores,
      });
    },

    /**
     * The export of the period's ideas: its file name, and its lines (the header, then one line
     * per idea) read EXPORT_BATCH_SIZE ideas at a time, each batch after the last one's final idea,
     * so memory holds one batch whatever the number of ideas. Authorized before anything is sent.
     */
    async exportIdeas(
      caller: CompanyCaller,
      query: z.output<typeof AnalyticsQuerySchema>,
    ): Promise<{ fileName: string; lines: AsyncIterable<string> }> {
      const { period, scope } = await scopeOf(caller, query);
      async function* lines(): AsyncGenerator<string> {
        yield csvHeader(translatorFor(caller.language));
        let after: ExportCursor | null = null;
        for (;;) {
          const batch = await exportBatch(db, scope, caller.id, after, EXPORT_BATCH_SIZE);
          if (batch.length === 0) return;
          const events = await exportEvents(
            db,
            scope.companyId,
            batch.map((idea) => idea.id),
          );
          const byIdea = new Map<string, ExportEventRow[]>();
          for (const event of events) byIdea.set(event.ideaId, [...(byIdea.get(event.ideaId) ?? []), event]);
          yield batch.map((idea) => presentCsvLine(idea, byIdea.get(idea.id) ?? [])).join("");
          if (batch.length < EXPORT_BATCH_SIZE) return;
          const last = batch[batch.length - 1]!;
          after = { submittedAt: last.submittedAtExact, id: last.id };
        }
      }
      return { fileName: analyticsCsvFileName(period.from, period.to), lines: lines() };
    },
  };
}
