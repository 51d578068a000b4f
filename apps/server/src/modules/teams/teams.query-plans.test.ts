import { sql } from "drizzle-orm";
import { beforeAll, describe, it } from "vitest";
import { buildTestApp, startedForSuite } from "../../test/app.ts";
import { buildCompany, buildTeam, buildUser } from "../../test/factories.ts";
import { expectIndexScan, explain } from "../../test/query-plans.ts";
import { teamHistoryQuery } from "./teams.repository.ts";

describe("removing a team reads the points ledger and its running totals through an index", () => {
  const testApp = startedForSuite(buildTestApp);
  let companyId: string;
  let emptyTeamId: string;

  beforeAll(async () => {
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

  it("when it asks whether the team has history", async () => {
    expectIndexScan(
      await explain(testApp.db, teamHistoryQuery(companyId, emptyTeamId)),
      "point_ledger_team_idx",
      "point_ledger",
    );
  });

  it.each([
    ["ledger row", "point_ledger"],
    ["running total", "point_totals"],
  ])("when the team's foreign key checks that no %s points at the deleted team", async (_row, table) => {
    // The statement PostgreSQL runs for the table's team_fk when a team row is deleted.
    const plan = await explain(
      testApp.db,
      sql`select 1 from only ${sql.identifier(table)} x where team_id = ${emptyTeamId}::uuid and company_id = ${companyId}::uuid for key share of x`,
    );
    expectIndexScan(plan, `${table}_team_idx`, table);
  });
});
