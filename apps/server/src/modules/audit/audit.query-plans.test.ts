import { sql } from "drizzle-orm";
import { beforeAll, describe, it } from "vitest";
import { buildTestApp, startedForSuite } from "../../test/app.ts";
import { buildCompany, buildTeam, buildUser } from "../../test/factories.ts";
import { expectIndexScan, explain } from "../../test/query-plans.ts";
import { findAuditEntriesAbout } from "../personal-data/personal-data.repository.ts";
import { auditEntriesQuery } from "./audit.repository.ts";

describe("the audit log reads a large company's entries through an index", () => {
  const testApp = startedForSuite(buildTestApp);
  let companyId: string;
  let actorId: string;

  beforeAll(async () => {
    const { db } = testApp;
    const company = await buildCompany(db);
    companyId = company.id;
    const team = await buildTeam(db, { companyId });
    const people = await Promise.all(Array.from({ length: 20 }, () => buildUser(db, { teamId: team.id })));
    actorId = people[0]!.id;
    const ids = sql.raw(`array[${people.map((person) => `'${person.id}'::uuid`).join(",")}]`);
    // Years of a large company's sign-ins and changes, spread over its people and a few actions.
    await db.execute(sql`
      insert into audit_log (company_id, actor_id, action, target_type, target_id, created_at)
      select ${companyId}::uuid, (${ids})[1 + g % 20], (array['auth.sign_in_succeeded', 'user.role_changed', 'team.renamed', 'user.made_admin'])[1 + g % 4],
        'user', (${ids})[1 + g % 20], now() - ((g % 1000) || ' hours')::interval
      from generate_series(1, 40000) g`);
    await db.execute(sql`analyze audit_log`);
  });

  it.each([
    ["one person's entries", () => ({ companyId, actorId }), "audit_log_company_actor_created_idx"],
    ["one action's entries", () => ({ companyId, action: "user.made_admin" }), "audit_log_company_action_created_idx"],
    ["the whole log", () => ({ companyId }), "audit_log_company_created_idx"],
  ])("when it lists %s", async (_what, filter, index) => {
    const query = auditEntriesQuery(testApp.db, filter(), undefined, 26);
    expectIndexScan(await explain(testApp.db, query.getSQL()), index, "audit_log");
  });

  it("when a person's data export reads the entries about them (as actor or as target)", async () => {
    // One person among thousands: a few dozen entries by them and about them in the company's 40,000.
    const { db } = testApp;
    const person = await buildUser(db, { teamId: (await buildTeam(db, { companyId })).id });
    await db.execute(sql`
      insert into audit_log (company_id, actor_id, action, target_type, target_id, created_at)
      select ${companyId}::uuid, case when g % 2 = 0 then ${person.id}::uuid else ${actorId}::uuid end,
        'user.role_changed', 'user', case when g % 2 = 0 then ${actorId}::uuid else ${person.id}::uuid end,
        now() - (g || ' days')::interval
      from generate_series(1, 40) g`);
    await db.execute(sql`analyze audit_log`);
    const plan = await explain(db, findAuditEntriesAbout(db, companyId, person.id, 200).getSQL());
    expectIndexScan(plan, "audit_log_company_target_created_idx", "audit_log");
    expectIndexScan(plan, "audit_log_company_actor_created_idx", "audit_log");
  });
});
