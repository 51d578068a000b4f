import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.ts";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { buildCompany, buildTeam, buildUser } from "../../test/factories.ts";
import {
  type AnalyticsScope,
  exportBatchQuery,
  participationQuery,
  periodActionsQuery,
  periodIdeasQuery,
  pointsQuery,
  reviewDurationsQuery,
  staleReviewsQuery,
} from "./analytics.repository.ts";
import { resolvePeriod } from "./analytics.service.ts";

async function explain(db: Database, statement: SQL): Promise<string> {
  const result = await db.execute<Record<string, string>>(sql`explain ${statement}`);
  return result.rows.map((row) => Object.values(row)[0]).join("\n");
}

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
  let testApp: TestApp;
  let scope: AnalyticsScope;
  let teamId: string;

  beforeAll(async () => {
    testApp = await buildTestApp();
    const { db } = testApp;
    const now = testApp.clock();
    const company = await buildCompany(db);
    const team = await buildTeam(db, { companyId: company.id });
    teamId = team.id;
    const user = await buildUser(db, { teamId: team.id });
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
  afterAll(() => testApp.close());

  const BIG_TABLES = /Seq Scan on (ideas|idea_events|comments|votes|point_ledger|actions)\b/;

  it.each([
    ["ideas by status, team and challenge", () => periodIdeasQuery(scope), ["ideas_company_submitted_idx"]],
    ["actions", () => periodActionsQuery(scope, "2026-11-22"), ["ideas_company_submitted_idx"]],
    [
      "review times",
      () => reviewDurationsQuery(scope),
      ["ideas_company_submitted_idx", "idea_events_company_created_idx"],
    ],
    [
      "participation",
      () => participationQuery(scope),
      ["ideas_company_submitted_idx", "comments_company_created_idx", "votes_company_created_idx"],
    ],
    ["points", () => pointsQuery(scope, 10), ["point_ledger_earned_idx"]],
  ] as const)("%s", async (_, query, indexes) => {
    const plan = await explain(testApp.db, query());
    for (const index of indexes) expect(plan, plan).toContain(index);
    expect(plan, plan).not.toMatch(BIG_TABLES);
  });

  it("export batch: the batch's ideas from the index, limited before anything is joined to them", async () => {
    // A year holds many batches: the next one starts after the last and stops at its size.
    const year = resolvePeriod({ period: "year" }, testApp.clock());
    const yearScope = { ...scope, start: year.start, end: year.end };
    const after = { submittedAt: "2026-03-01 00:00:00+00", id: "00000000-0000-4000-8000-000000000000" };
    const plan = await explain(testApp.db, exportBatchQuery(yearScope, after, 100));
    expect(plan, plan).toMatch(/Subquery Scan on i\b[\s\S]*Limit[\s\S]*(using|on) ideas_company_submitted_idx/);
    expect(plan, plan).not.toMatch(/Seq Scan on ideas\b/);
  });

  it("team figures: the team's ideas of the period", async () => {
    const teamScope = { ...scope, teamId };
    const plan = await explain(testApp.db, periodIdeasQuery(teamScope));
    expect(plan, plan).toContain("ideas_company_team_submitted_idx");
  });

  it("waiting reviews: the company's waiting ideas and its status changes of the last 7 days", async () => {
    const plan = await explain(testApp.db, staleReviewsQuery(scope, new Date(scope.end.getTime() - 8 * 86_400_000)));
    expect(plan, plan).toContain("idea_events_company_created_idx");
    expect(plan, plan).not.toMatch(BIG_TABLES);
  });
});
