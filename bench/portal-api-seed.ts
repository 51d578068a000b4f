// Set-based seed for the Company Portal benchmark: one company of 10,000 people in 100 teams with
// 1,000,000 point_ledger rows over two years and a few hundred news posts in several categories,
// written with INSERT ... SELECT over generate_series in one session. The ledger goes in with its
// trigger on, so point_totals is built the way the server keeps it.
import type pg from "pg";
import { renderNewsMarkdown } from "../apps/server/src/modules/news/news.markdown.ts";
import { type SeedFigures, seedPeople, startBulkSeed, textArray } from "./seed-shared.ts";

export interface PortalSeedSize {
  users: number;
  teams: number;
  ledgerRows: number;
  news: number;
}

export const DEFAULT_PORTAL_SEED_SIZE: PortalSeedSize = {
  users: 10_000,
  teams: 100,
  ledgerRows: 1_000_000,
  news: 300,
};

/** The benchmark company's name: a database holding it with the same size is seeded already. */
export const PORTAL_BENCH_COMPANY = "Bench Portal Corp";

export interface PortalSeedResult extends SeedFigures {
  companyId: string;
  /** An active employee who earns little, outside the top 50: the viewer of most endpoints. */
  employeeId: string;
  /** A team manager: the viewer of the managers board. */
  managerId: string;
}

const CATEGORIES = ["Company", "Product", "People", "Events", "Safety", "Sustainability"];
const FIRST_NAMES = "Alice Marcus Priya Tom Sofia Kenji Amara Lucas Ingrid Omar Chloe Mateo Hana Noah Zara".split(" ");
const LAST_NAMES = "Morgan Chen Patel Becker Rossi Tanaka Okafor Silva Berg Haddad Dubois Garcia Kim Smith".split(" ");

/** A news body of a few paragraphs, a list and a link, as admins write them. */
function newsBody(n: number): string {
  return [
    `## Update ${n}`,
    `This week the **${CATEGORIES[n % CATEGORIES.length]}** team shares what changed and what comes next. ` +
      "Thanks to everyone who sent ideas: several of them are already in place.",
    "- What we shipped\n- What we learned\n- What we need from you",
    `Read more on the [intranet](https://intranet.example.com/news/${n}) or ask in the weekly meeting.`,
  ].join("\n\n");
}

/** The seeded company of an earlier run with this size, or undefined. */
export async function findPortalSeed(
  client: pg.ClientBase,
  size: PortalSeedSize,
): Promise<PortalSeedResult | undefined> {
  const { rows } = await client.query(
    `select c.id,
            (select count(*)::int from users u where u.company_id = c.id) as users,
            (select count(*)::int from point_ledger l where l.company_id = c.id) as ledger_rows,
            (select count(*)::int from news n where n.company_id = c.id) as news
       from companies c where c.name = $1`,
    [PORTAL_BENCH_COMPANY],
  );
  const found = rows[0];
  if (!found || found.users !== size.users || found.ledger_rows !== size.ledgerRows || found.news !== size.news) {
    return undefined;
  }
  return { ...(await viewersOf(client, found.id, size)), milliseconds: 0 };
}

async function viewersOf(
  client: pg.ClientBase,
  companyId: string,
  size: PortalSeedSize,
): Promise<Omit<PortalSeedResult, "milliseconds">> {
  const {
    rows: [picked],
  } = await client.query(
    `select (select id from users where company_id = $1 and email = 'portal' || $2::int || '@bench.example') as employee_id,
            (select id from users where company_id = $1 and email = 'portal0@bench.example') as manager_id`,
    [companyId, size.users - 2],
  );
  const { rows: countRows } = await client.query(
    `select 'users' as name, count(*)::int as value from users where company_id = $1 union all
     select 'teams', count(*)::int from teams where company_id = $1 union all
     select 'point_ledger rows', count(*)::int from point_ledger where company_id = $1 union all
     select 'point_totals rows', count(*)::int from point_totals where company_id = $1 union all
     select 'news', count(*)::int from news where company_id = $1 union all
     select 'news categories', count(*)::int from news_categories where company_id = $1`,
    [companyId],
  );
  return {
    companyId,
    employeeId: picked.employee_id,
    managerId: picked.manager_id,
    counts: Object.fromEntries(countRows.map((row) => [row.name, row.value])),
  };
}

/**
 * Seeds the benchmark company into a migrated database. People earn in proportion to a skewed
 * activity (a few earn a lot), so the boards have a long tail; 1% are deactivated. Ledger rows are
 * the reasons the rules pay for, plus redemptions and refunds, which the boards must not count.
 */
export async function seedPortalBenchmark(
  client: pg.ClientBase,
  size: PortalSeedSize = DEFAULT_PORTAL_SEED_SIZE,
): Promise<PortalSeedResult> {
  const { run, passwordHash, elapsedMilliseconds } = await startBulkSeed(client);
  await run("begin");
  try {
    await run("delete from companies where name = $1", [PORTAL_BENCH_COMPANY]);
    const {
      rows: [company],
    } = await run(`insert into companies (name, password_hash) values ($1, $2) returning id`, [
      PORTAL_BENCH_COMPANY,
      passwordHash,
    ]);
    const companyId = company.id as string;
    await seedPeople(run, {
      companyId,
      passwordHash,
      teams: size.teams,
      users: size.users,
      emailPrefix: "portal",
      firstNames: FIRST_NAMES,
      lastNames: LAST_NAMES,
      isActive: "n % 100 <> 99",
      tempTableEnd: "on commit drop",
    });

    // The ledger over the last two years: who earns is skewed (random()^3), the reason decides
    // the points; spending rows carry no team, like the server's.
    await run(
      `insert into point_ledger (company_id, user_id, team_id, delta, reason, created_at)
         select $1, u.id, case when g.kind < 0.94 then t.id end,
                case when g.kind < 0.45 then 2 when g.kind < 0.75 then 10 when g.kind < 0.87 then 50
                     when g.kind < 0.92 then 5 when g.kind < 0.94 then 15 when g.kind < 0.985 then -100 else 100 end,
                case when g.kind < 0.45 then 'comment' when g.kind < 0.75 then 'submit' when g.kind < 0.87 then 'approved'
                     when g.kind < 0.92 then 'challenge_answer' when g.kind < 0.94 then 'adjustment'
                     when g.kind < 0.985 then 'reward_redemption' else 'reward_refund' end,
                g.created_at
           from (select floor(random() ^ 3 * $2::int)::int as user_n, random() as kind,
                        now() - random() * interval '730 days' as created_at
                   from generate_series(1, $3::int)) g
           join bench_users u on u.n = g.user_n
           join bench_teams t on t.n = u.team_n`,
      [companyId, size.users, size.ledgerRows],
    );

    // News: the company's categories, posts over the last year (a few pinned, some with a video,
    // a few scheduled or drafts), each rendered as the server renders it when written.
    await run(
      `insert into news_categories (company_id, name)
         select $1, name from unnest(${textArray(CATEGORIES)}) name`,
      [companyId],
    );
    const bodies = Array.from({ length: size.news }, (_, n) => newsBody(n));
    await run(
      `insert into news (company_id, category_id, title, body, body_html, video_url, is_pinned, author_id,
                         published_at, created_at, updated_at)
         select $1, c.id, 'News ' || i.n || ': ' || c.name || ' update', b.body, b.html,
                case when i.n % 25 = 0 then 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' end,
                i.n < 5, a.id,
                case when i.n % 50 = 7 then null when i.n % 50 = 8 then now() + interval '7 days'
                     else now() - i.n * interval '1 day' end,
                now() - i.n * interval '1 day' - interval '1 hour', now() - i.n * interval '1 day'
           from unnest($2::text[], $3::text[]) with ordinality b(body, html, position)
           cross join lateral (select (b.position - 1)::int as n) i
           join news_categories c on c.company_id = $1 and c.name = (${textArray(CATEGORIES)})[1 + i.n % ${CATEGORIES.length}]
           join bench_users a on a.n = $4::int + i.n % 5`,
      [companyId, bodies, bodies.map(renderNewsMarkdown), size.teams],
    );
    // Everyone has read some of the older posts.
    await run(
      `insert into news_reads (company_id, news_id, user_id, created_at)
         select $1, n.id, u.id, n.published_at + interval '1 hour'
           from news n cross join bench_users u
          where n.company_id = $1 and n.published_at < now() - interval '30 days'
            and (u.n + hashtext(n.id::text)) % 10 = 0`,
      [companyId],
    );
    await run("commit");
  } catch (error) {
    await run("rollback");
    throw error;
  }
  // As autovacuum leaves them in steady state: statistics, and the visibility map that lets the
  // boards read point_totals from its index alone.
  await run("vacuum (analyze) point_ledger, point_totals, users, team_memberships, teams, news, news_reads");
  const {
    rows: [company],
  } = await run("select id from companies where name = $1", [PORTAL_BENCH_COMPANY]);
  return { ...(await viewersOf(client, company.id, size)), milliseconds: elapsedMilliseconds() };
}
