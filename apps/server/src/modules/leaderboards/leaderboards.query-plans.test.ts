import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, startedForSuite } from "../../test/app.ts";
import { buildCompany, buildTeam, buildUser } from "../../test/factories.ts";
import { expectIndexScan, explain } from "../../test/query-plans.ts";
import { type BoardQuery, peopleBoardQuery, teamsBoardQuery } from "./leaderboards.repository.ts";
import { periodStart } from "./leaderboards.service.ts";

describe("the leaderboards read an index for each period", () => {
  const testApp = startedForSuite(buildTestApp);
  let base: BoardQuery;

  beforeAll(async () => {
    const { db } = testApp;
    const company = await buildCompany(db);
    const team = await buildTeam(db, { companyId: company.id });
    const user = await buildUser(db, { teamId: team.id });
    const other = await buildCompany(db);
    const otherUser = await buildUser(db, { companyId: other.id });
    // 100 people's worth of rows over two years in the company, as many in another company.
    await db.execute(sql`
      insert into users (email, password_hash, first_name, last_name, display_name, company_id)
      select 'plan-' || g || '-' || ${company.id} || '@example.com', 'x', 'Plan', 'Person ' || g, 'Plan Person ' || g, ${company.id}::uuid
      from generate_series(1, 100) g`);
    await db.execute(sql`
      insert into point_ledger (company_id, user_id, team_id, delta, reason, created_at)
      select ${company.id}::uuid, u.id, ${team.id}::uuid, 1 + g % 7, 'adjustment',
             ${testApp.clock().toISOString()}::timestamptz - ((g % 730) || ' days')::interval
      from generate_series(1, 200) g, (select id from users where company_id = ${company.id}) u`);
    await db.execute(sql`
      insert into point_ledger (company_id, user_id, delta, reason, created_at)
      select ${other.id}::uuid, ${otherUser.id}::uuid, 1, 'adjustment', now() - ((g % 730) || ' days')::interval
      from generate_series(1, 20000) g`);
    await db.execute(sql`analyze point_ledger`);
    await db.execute(sql`analyze point_totals`);
    await db.execute(sql`analyze users`);
    base = { companyId: company.id, since: null, teamId: null, limit: 50, meId: user.id };
  });

  it("people and teams, period week: the ledger's rows since Monday", async () => {
    const since = periodStart("week", testApp.clock());
    const people = await explain(testApp.db, peopleBoardQuery({ ...base, since, managers: false }));
    expectIndexScan(people, "point_ledger_earned_idx", "point_ledger");
    const teams = await explain(testApp.db, teamsBoardQuery({ ...base, since }));
    expectIndexScan(teams, "point_ledger_earned_idx", "point_ledger");
  });

  it.each(["month", "quarter", "year", "all"] as const)(
    "people and teams, period %s: the running totals, never the ledger",
    async (period) => {
      const since = periodStart(period, testApp.clock());
      const people = await explain(testApp.db, peopleBoardQuery({ ...base, since, managers: false }));
      expect(people, people).toContain("on point_totals");
      expect(people, people).not.toContain("point_ledger");
      const teams = await explain(testApp.db, teamsBoardQuery({ ...base, since }));
      expect(teams, teams).toContain("on point_totals");
      expect(teams, teams).not.toContain("point_ledger");
    },
  );
});
