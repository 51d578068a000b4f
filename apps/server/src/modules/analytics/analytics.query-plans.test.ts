import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.ts";
import { buildTestApp, startedForSuite } from "../../test/app.ts";
import { buildCompany, buildTeam, buildUser } from "../../test/factories.ts";
import { explain } from "../../test/query-plans.ts";
import {
  type AnalyticsScope,
  exportBatchQuery,
  participationQuery,
  periodActionsQuery,
  periodIdeasQuery,
  pointsQuery,
  reviewDurationsQuery,
  scoreDistributionQuery,
  staleReviewsQuery,
} from "./analytics.repository.ts";
import { resolvePeriod } from "./analytics.service.ts";

/** Seeds `count` ideas of a company over two years before `now`, each with its history, comments and votes. */
async function seedIdeas(db: Database, companyId: string, teamId: string, userId: string, count: number, now: Date) {
  await db.execute(sql`
    insert into ideas (company_id, author_id, team_id, title, status, submitted_at, created_at)
    select ${companyId}::uuid, ${userId}::uuid, ${teamId}::uuid, 'Idea ' || g,
           (array['submitted', 'under_review', 'approved', 'rejected'])[1 + g % 4],
           ${now.toISOString()}::timestamptz - (g % 730) * interval '1 day',
           ${now.toISOString()}::timestamptz - (g % 730) * interval '1 day'
    from generate_series(1, ${count}) g`);
  await db.execute(sql`
    insert into idea_events (company_id, idea_id, from_status, to_status, actor_id, created_at)
    select i.company_id, i.id, null, 'submitted', i.author_id, i.submitted_at from ideas i where i.company_id = ${companyId}
    union all
    select i.company_id, i.id, 'submitted', 'under_review', i.author_id, i.submitted_at + interval '1 day'
    from ideas i where i.company_id = ${companyId} and i.status <> 'submitted'`);
  await db.execute(sql`
    insert into comments (company_id, idea_id, author_id, body, created_at)
    select i.company_id, i.id, i.author_id, 'Yes.', i.submitted_at + interval '2 hours' from ideas i where i.company_id = ${companyId}`);
  await db.execute(sql`
    insert into votes (company_id, idea_id, user_id, created_at)
    select i.company_id, i.id, i.author_id, i.submitted_at + interval '3 hours' from ideas i where i.company_id = ${companyId}`);
  // The decided ideas carry a score, from 1 to 5.
  await db.execute(sql`
    update ideas set score = 1 + (extract(epoch from submitted_at)::bigint / 86400 % 41) / 10.0, score_count = 1
    where company_id = ${companyId} and status in ('approved', 'rejected')`);
  await db.execute(sql`
    insert into actions (company_id, idea_id, status, due_date)
    select i.company_id, i.id, 'todo', (i.submitted_at + interval '30 days')::date
    from ideas i where i.company_id = ${companyId} and i.status = 'approved'`);
  await db.execute(sql`
    insert into point_ledger (company_id, user_id, team_id, delta, reason, created_at)
    select ${companyId}::uuid, ${userId}::uuid, ${teamId}::uuid, 5, 'submit', ${now.toISOString()}::timestamptz - (g % 730) * interval '1 day'
    from generate_series(1, ${count}) g`);
}

describe("the analytics read the period's rows through indexes", () => {
  const testApp = startedForSuite(buildTestApp);
  let scope: AnalyticsScope;
  let teamId: string;
  /** The administrator reading the figures (whose own scorecards make scores readable). */
  let viewerId: string;

  beforeAll(async () => {
    const { db } = testApp;
    const now = testApp.clock();
    const company = await buildCompany(db);
    const team = await buildTeam(db, { companyId: company.id });
    teamId = team.id;
    const user = await buildUser(db, { teamId: team.id });
    viewerId = user.id;
    await seedIdeas(db, company.id, team.id, user.id, 1500, now);
    // Another company, four times as busy: its rows must not be read.
    const other = await buildCompany(db);
    const otherTeam = await buildTeam(db, { companyId: other.id });
    const otherUser = await buildUser(db, { teamId: otherTeam.id });
    await seedIdeas(db, other.id, otherTeam.id, otherUser.id, 6000, now);
    for (const table of ["ideas", "idea_events", "comments", "votes", "point_ledger", "users", "actions"]) {
      await db.execute(sql.raw(`analyze ${table}`));
    }
    const period = resolvePeriod({ period: "30d" }, now);
    scope = { companyId: company.id, start: period.start, end: period.end, teamId: null };
  }, 180_000);

  const BIG_TABLES = /Seq Scan on (ideas|idea_events|comments|votes|point_ledger|actions)\b/;

  // The period's ideas come from one of the two submission indexes: at this size the planner may
  // prefer the team's narrower one over the company's covering one.
  const PERIOD_IDEAS = /ideas_company_(team_)?submitted_idx/;

  it.each([
    ["ideas by status, team and challenge", () => periodIdeasQuery(scope), [PERIOD_IDEAS]],
    ["actions", () => periodActionsQuery(scope, "2026-11-22"), [PERIOD_IDEAS]],
    ["review times", () => reviewDurationsQuery(scope), [PERIOD_IDEAS]],
    [
      "participation",
      () => participationQuery(scope),
      [PERIOD_IDEAS, /comments_company_created_idx/, /votes_company_created_idx/],
    ],
    ["points", () => pointsQuery(scope, 10), [/point_ledger_earned_idx/]],
    ["scores by challenge", () => scoreDistributionQuery(scope, viewerId, 10), [/ideas_company_scored_idx/]],
  ] as const)("%s", async (_, query, indexes) => {
    const plan = await explain(testApp.db, query());
    for (const index of indexes) expect(plan, plan).toMatch(index);
    expect(plan, plan).not.toMatch(BIG_TABLES);
  });

  it("export batch: the batch's ideas from the index, limited before anything is joined to them", async () => {
    // A year holds many batches: the next one starts after the last and stops at its size.
    const year = resolvePeriod({ period: "year" }, testApp.clock());
    const yearScope = { ...scope, start: year.start, end: year.end };
    const after = { submittedAt: "2026-03-01 00:00:00+00", id: "00000000-0000-4000-8000-000000000000" };
    const plan = await explain(testApp.db, exportBatchQuery(yearScope, viewerId, after, 100));
    expect(plan, plan).toMatch(/Subquery Scan on i\b[\s\S]*Limit[\s\S]*(using|on) ideas_company_submitted_idx/);
    expect(plan, plan).not.toMatch(/Seq Scan on ideas\b/);
  });

  it("team figures: the team's ideas of the period", async () => {
    const teamScope = { ...scope, teamId };
    const plan = await explain(testApp.db, periodIdeasQuery(teamScope));
    expect(plan, plan).toContain("ideas_company_team_submitted_idx");
    const scores = await explain(testApp.db, scoreDistributionQuery(teamScope, viewerId, 10));
    expect(scores, scores).toContain("ideas_company_scored_idx");
  });

  it("scores by challenge: only the scored ideas, through their own index", async () => {
    // Index-only once the table is vacuumed; a bitmap scan of the same index before.
    const year = resolvePeriod({ period: "year" }, testApp.clock());
    const yearScope = { ...scope, start: year.start, end: year.end };
    const plan = await explain(testApp.db, scoreDistributionQuery(yearScope, viewerId, 10));
    expect(plan, plan).toMatch(/(using|on) ideas_company_scored_idx/);
    expect(plan, plan).not.toMatch(BIG_TABLES);
  });

  it("waiting reviews: the company's waiting ideas by their latest status change", async () => {
    const plan = await explain(testApp.db, staleReviewsQuery(scope, new Date(scope.end.getTime() - 8 * 86_400_000)));
    expect(plan, plan).toContain("ideas_waiting_idx");
    expect(plan, plan).not.toMatch(BIG_TABLES);
  });
});

describe("an idea's review times", () => {
  const testApp = startedForSuite(buildTestApp);

  it("are kept as its history is written, in any order, and counted again from the whole history alike", async () => {
    const { db } = testApp;
    const company = await buildCompany(db);
    const team = await buildTeam(db, { companyId: company.id });
    const user = await buildUser(db, { teamId: team.id });
    const [idea] = (
      await db.execute<{ id: string }>(sql`
        insert into ideas (company_id, author_id, team_id, title, status, submitted_at)
        values (${company.id}, ${user.id}, ${team.id}, 'Times', 'approved', '2026-03-01T09:00:00Z') returning id`)
    ).rows;
    const event = (from: string | null, to: string, at: string) =>
      db.execute(sql`
        insert into idea_events (company_id, idea_id, from_status, to_status, actor_id, created_at)
        values (${company.id}, ${idea!.id}, ${from}, ${to}, ${user.id}, ${at}::timestamptz)`);
    // Written out of order: the decision first, the submission last.
    await event("under_review", "approved", "2026-03-05T12:00:00Z");
    await event("submitted", "under_review", "2026-03-02T10:00:00Z");
    await event(null, "submitted", "2026-03-01T09:00:00Z");
    const times = async () =>
      (
        await db.execute<{ first: string; decided: string; last: string }>(sql`
          select (first_reviewed_at at time zone 'UTC')::text as first, (decided_at at time zone 'UTC')::text as decided,
                 (last_event_at at time zone 'UTC')::text as last
          from ideas where id = ${idea!.id}`)
      ).rows[0];
    const expected = {
      first: "2026-03-02 10:00:00",
      decided: "2026-03-05 12:00:00",
      last: "2026-03-05 12:00:00",
    };
    expect(await times()).toEqual(expected);

    await db.execute(sql`update ideas set first_reviewed_at = null, decided_at = null, last_event_at = null`);
    await db.execute(sql`select recount_idea_event_times()`);
    expect(await times()).toEqual(expected);
  });
});
