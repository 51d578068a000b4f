import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.ts";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { buildCompany, buildTeam, buildUser } from "../../test/factories.ts";
import { teamHistoryQuery } from "./teams.repository.ts";

async function explain(db: Database, statement: SQL): Promise<string> {
  const result = await db.execute<Record<string, string>>(sql`explain ${statement}`);
  return result.rows.map((row) => Object.values(row)[0]).join("\n");
}

describe("removing a team reads the points ledger and its running totals through an index", () => {
  let testApp: TestApp;
  let companyId: string;
  let emptyTeamId: string;

  beforeAll(async () => {
    testApp = await buildTestApp();
    const { db } = testApp;
    const company = await buildCompany(db);
    companyId = company.id;
    const busy = await buildTeam(db, { companyId });
    emptyTeamId = (await buildTeam(db, { companyId })).id;
    const user = await buildUser(db, { teamId: busy.id });
    // A company that has earned a lot, all of it in another team than the one removed.
    await db.execute(sql`
      insert into point_ledger (company_id, user_id, team_id, delta, reason, created_at)
      select ${companyId}::uuid, ${user.id}::uuid, ${busy.id}::uuid, 1 + g % 7, 'adjustment', now() - ((g % 730) || ' days')::interval
      from generate_series(1, 20000) g`);
    // Running totals of many months, as years of a large company's people leave them.
    await db.execute(sql`
      insert into point_totals (company_id, user_id, team_id, span, starts_on, points)
      select ${companyId}::uuid, ${user.id}::uuid, ${busy.id}::uuid, 'month', date '1900-01-01' + (g || ' months')::interval, 1
      from generate_series(1, 20000) g
      on conflict do nothing`);
    await db.execute(sql`analyze point_ledger`);
    await db.execute(sql`analyze point_totals`);
  });
  afterAll(() => testApp.close());

  it("when it asks whether the team has history", async () => {
    const plan = await explain(testApp.db, teamHistoryQuery(companyId, emptyTeamId));
    expect(plan, plan).toContain("point_ledger_team_idx");
    expect(plan, plan).not.toMatch(/Seq Scan on point_ledger/);
  });

  it("when the team's foreign key checks that no ledger row points at the deleted team", async () => {
    // The statement PostgreSQL runs for point_ledger_team_fk when a team row is deleted.
    const plan = await explain(
      testApp.db,
      sql`select 1 from only point_ledger x where team_id = ${emptyTeamId}::uuid and company_id = ${companyId}::uuid for key share of x`,
    );
    expect(plan, plan).toContain("point_ledger_team_idx");
    expect(plan, plan).not.toMatch(/Seq Scan on point_ledger/);
  });

  it("when the team's foreign key checks that no running total points at the deleted team", async () => {
    // The statement PostgreSQL runs for point_totals_team_fk when a team row is deleted.
    const plan = await explain(
      testApp.db,
      sql`select 1 from only point_totals x where team_id = ${emptyTeamId}::uuid and company_id = ${companyId}::uuid for key share of x`,
    );
    expect(plan, plan).toContain("point_totals_team_idx");
    expect(plan, plan).not.toMatch(/Seq Scan on point_totals/);
  });
});
