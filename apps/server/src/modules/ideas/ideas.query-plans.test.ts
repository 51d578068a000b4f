import { fillPlaceholders, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type CompanyCaller, inCompany, loadCaller } from "../../core/caller.ts";
import type { Database } from "../../db/client.ts";
import { startedForSuite } from "../../test/app.ts";
import { type IdeaFilters, ideaListQuery, ideaListStatementOf, listVisibleIdeas } from "./ideas.repository.ts";
import { type Person, startIdeasSuite } from "./ideas.test-kit.ts";

type RawClient = { query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }> };

/** A value as an SQL literal (ids, text, numbers and arrays of them: what the list binds). */
function literal(value: unknown): string {
  if (value === undefined || value === null) return "null";
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) return `'{${value.join(",")}}'`;
  return `'${String(value).replaceAll("'", "''")}'`;
}

/**
 * The plan of the prepared statement listVisibleIdeas runs, with this request's values. PostgreSQL
 * plans a named statement for its values the first five times, then may keep a generic plan made
 * without them: `generic` asks for that one.
 */
async function explain(
  db: Database,
  caller: CompanyCaller,
  filters: IdeaFilters,
  options: { generic?: boolean } = {},
): Promise<string> {
  const { shape, values } = ideaListStatementOf(caller, filters);
  const { sql: text, params } = ideaListQuery(db, shape).toSQL();
  // Both drivers' raw clients answer `query(text, params)` with `{ rows }`.
  const client = (db as unknown as { $client: RawClient }).$client;
  const filled = fillPlaceholders(params, values);
  let result: { rows: unknown[] };
  if (options.generic) {
    await client.query("set plan_cache_mode = force_generic_plan");
    await client.query(`prepare plan_check as ${text}`);
    try {
      result = await client.query(`explain execute plan_check(${filled.map(literal).join(", ")})`);
    } finally {
      await client.query("deallocate plan_check");
      await client.query("reset plan_cache_mode");
    }
  } else {
    result = await client.query(`explain ${text}`, filled);
  }
  return result.rows.map((row) => Object.values(row as Record<string, string>)[0]).join("\n");
}

describe("the idea list reads ideas_company_created_idx and stops after a page", () => {
  const suite = startedForSuite(startIdeasSuite);
  const viewers: Record<string, CompanyCaller> = {};

  beforeAll(async () => {
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

  it.each(
    ["admin", "alice", "alphaManager"].flatMap((who) => [
      [who, "its values"],
      [who, "the generic plan"],
    ]),
  )("for the %s, first page and next page (%s)", async (who, plan) => {
    const caller = viewers[who]!;
    const generic = plan === "the generic plan";
    const firstPage = await explain(suite.db, caller, { limit: 20 }, { generic });
    expect(firstPage, firstPage).toContain("ideas_company_created_idx");
    expect(firstPage, firstPage).not.toMatch(/Sort|Seq Scan on ideas/);

    const { nextCursor } = await listVisibleIdeas(suite.db, caller, { limit: 20 });
    const nextPage = await explain(suite.db, caller, { limit: 20, cursor: nextCursor! }, { generic });
    expect(nextPage, nextPage).toContain("ideas_company_created_idx");
    expect(nextPage, nextPage).not.toMatch(/Sort|Seq Scan on ideas/);
  });
});

describe("the idea list by score reads a score index in order, sorting nothing", () => {
  const suite = startedForSuite(startIdeasSuite);

  beforeAll(async () => {
    const { db, world } = suite;
    // 20,000 ideas over both teams, four in five scored.
    await db.execute(sql`
      insert into ideas (company_id, author_id, team_id, title, description, status, score, score_count, created_at)
      select ${world.company.id}::uuid, ${world.alice.id}::uuid,
             case when g % 2 = 0 then ${world.alpha.id}::uuid else ${world.beta.id}::uuid end,
             'Seeded idea ' || g, 'Seeded description ' || g, 'under_review',
             case when g % 5 = 0 then null else 1 + (g % 400) / 100.0 end,
             case when g % 5 = 0 then 0 else 1 end,
             now() - (g || ' seconds')::interval
      from generate_series(1, 20000) g`);
    await db.execute(sql`analyze ideas`);
  });

  it.each([
    ["an admin, every idea of the company", "admin", false, "ideas_company_score_idx"],
    ["a manager, their team's ideas", "alphaManager", true, "ideas_company_team_score_idx"],
  ] as const)("for %s, first page and next page", async (_, who, ofTeam, index) => {
    const { db, world } = suite;
    const caller = inCompany((await loadCaller(db, world[who].id))!);
    const filters: IdeaFilters = { limit: 20, sort: "score", ...(ofTeam ? { teamId: world.alpha.id } : {}) };
    const firstPage = await explain(db, caller, filters);
    expect(firstPage, firstPage).toContain(index);
    expect(firstPage, firstPage).not.toMatch(/Sort|Seq Scan on ideas/);

    const { nextCursor } = await listVisibleIdeas(db, caller, filters);
    const nextPage = await explain(db, caller, { ...filters, cursor: nextCursor! });
    expect(nextPage, nextPage).toContain(index);
    expect(nextPage, nextPage).not.toMatch(/Sort|Seq Scan on ideas/);
  });
});
