import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CompanyCaller, inCompany, loadCaller } from "../../core/caller.ts";
import type { Database } from "../../db/client.ts";
import { ideaListQuery } from "./ideas.repository.ts";
import { type Person, startIdeasSuite } from "./ideas.test-kit.ts";

type Suite = Awaited<ReturnType<typeof startIdeasSuite>>;

/** Both drivers' raw clients answer `query(text, params)` with `{ rows }`. */
async function explain(db: Database, query: { toSQL(): { sql: string; params: unknown[] } }): Promise<string> {
  const { sql: text, params } = query.toSQL();
  const client = (
    db as unknown as { $client: { query(text: string, params: unknown[]): Promise<{ rows: unknown[] }> } }
  ).$client;
  const result = await client.query(`explain ${text}`, params);
  return result.rows.map((row) => Object.values(row as Record<string, string>)[0]).join("\n");
}

describe("the idea list reads ideas_company_created_idx and stops after a page", () => {
  let suite: Suite;
  const viewers: Record<string, CompanyCaller> = {};

  beforeAll(async () => {
    suite = await startIdeasSuite();
    const { db, world } = suite;
    // 20,000 ideas in the company, spread over both teams and statuses, plus another company's.
    await db.execute(sql`
      insert into ideas (company_id, author_id, team_id, title, description, status, created_at)
      select ${world.company.id}::uuid,
             case when g % 2 = 0 then ${world.alice.id}::uuid else ${world.bob.id}::uuid end,
             case when g % 2 = 0 then ${world.alpha.id}::uuid else ${world.beta.id}::uuid end,
             'Seeded idea ' || g, 'Seeded description ' || g,
             case when g % 5 = 0 then 'draft' else 'submitted' end,
             now() - (g || ' seconds')::interval
      from generate_series(1, 20000) g`);
    await db.execute(sql`
      insert into ideas (company_id, author_id, team_id, title, description, status, created_at)
      select ${world.otherCompany.id}::uuid, ${world.outsider.id}::uuid, ${world.gamma.id}::uuid,
             'Other idea ' || g, '', 'submitted', now() - (g || ' seconds')::interval
      from generate_series(1, 5000) g`);
    await db.execute(sql`analyze ideas`);
    await db.execute(sql`analyze challenges`);
    for (const [name, person] of Object.entries({
      admin: world.admin,
      alice: world.alice,
      alphaManager: world.alphaManager,
    })) {
      viewers[name] = inCompany((await loadCaller(db, (person as Person).id))!);
    }
  });
  afterAll(() => suite.close());

  it.each(["admin", "alice", "alphaManager"])("for the %s, first page and next page", async (who) => {
    const caller = viewers[who]!;
    const firstPage = await explain(suite.db, ideaListQuery(suite.db, caller, { limit: 20 }));
    expect(firstPage, firstPage).toContain("ideas_company_created_idx");
    expect(firstPage, firstPage).not.toMatch(/Sort|Seq Scan on ideas/);

    const page = await ideaListQuery(suite.db, caller, { limit: 20 });
    const last = page.at(-2)!;
    const cursor = Buffer.from(JSON.stringify([last.sortKey, last.id])).toString("base64url");
    const nextPage = await explain(suite.db, ideaListQuery(suite.db, caller, { limit: 20, cursor }));
    expect(nextPage, nextPage).toContain("ideas_company_created_idx");
    expect(nextPage, nextPage).not.toMatch(/Sort|Seq Scan on ideas/);
  });
});
