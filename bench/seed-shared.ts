/** What the ideas and portal seeds share: a bulk-loading connection and the company's people. */
import type pg from "pg";
import { hashPassword } from "../apps/server/src/lib/password.ts";

/** The hash of every seeded company's join password and person's password ("BenchPassword123!"). */
function benchPasswordHash(): Promise<string> {
  return hashPassword("BenchPassword123!");
}

/** What every seed tells of itself: the rows it holds, by table, and the time it took. */
export interface SeedFigures {
  counts: Record<string, number>;
  /** How long seeding took; 0 when the database was seeded by an earlier run. */
  milliseconds: number;
}

/**
 * What a seed starts with: `run`, running SQL on the seed's connection set for a bulk load (no
 * waiting for the disk, more memory for sorts and index builds), the seeded people's password hash,
 * and a clock of the seed's time.
 */
export async function startBulkSeed(client: pg.ClientBase) {
  const started = performance.now();
  const run = (sql: string, values: unknown[] = []) => client.query(sql, values);
  await run("set synchronous_commit = off");
  await run("set maintenance_work_mem = '256MB'");
  await run("set work_mem = '64MB'");
  return { run, passwordHash: await benchPasswordHash(), elapsedMilliseconds: () => performance.now() - started };
}

/** A SQL `text[]` literal of our own constant strings. */
export function textArray(values: readonly string[]): string {
  return `array[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(", ")}]::text[]`;
}

export interface PeopleOptions {
  companyId: string;
  passwordHash: string;
  teams: number;
  users: number;
  /** The e-mail addresses are `<prefix><n>@bench.example`. */
  emailPrefix: string;
  firstNames: readonly string[];
  lastNames: readonly string[];
  /** SQL over the person's number `n`: whether the account is active. */
  isActive: string;
  /** `on commit drop` when the seed runs in one transaction; empty when the temp tables stay for the session. */
  tempTableEnd: "on commit drop" | "";
}

/**
 * Writes the company's teams, its users and their memberships, and leaves them in the temp tables
 * `bench_teams (n, id)` and `bench_users (n, id, team_n, first_name, last_name)` for the rest of the
 * seed. Person n is in team n % teams; the first of each team manages it, the next five are admins.
 */
export async function seedPeople(
  run: (sql: string, values?: unknown[]) => Promise<unknown>,
  options: PeopleOptions,
): Promise<void> {
  const { firstNames, lastNames, teams } = options;
  await run(
    `create temp table bench_teams ${options.tempTableEnd} as
       select t as n, gen_random_uuid() as id from generate_series(0, $1::int - 1) t`,
    [teams],
  );
  await run(
    `insert into teams (id, company_id, name, created_at)
       select id, $1, 'Team ' || lpad(n::text, 3, '0'), now() - interval '3 years' from bench_teams`,
    [options.companyId],
  );
  await run(
    `create temp table bench_users ${options.tempTableEnd} as
       select n, gen_random_uuid() as id, n % $2::int as team_n,
              (${textArray(firstNames)})[1 + n % ${firstNames.length}] as first_name,
              (${textArray(lastNames)})[1 + (n / ${firstNames.length}) % ${lastNames.length}] || ' ' || n as last_name
         from generate_series(0, $1::int - 1) n`,
    [options.users, teams],
  );
  await run("alter table bench_users add primary key (n)");
  await run(
    `insert into users (id, email, password_hash, first_name, last_name, display_name, role, is_admin, company_id,
                        is_active, onboarding_status, email_verified_at, created_at)
       select id, $4 || n || '@bench.example', $1, first_name, last_name, first_name || ' ' || last_name,
              case when n < $3::int then 'manager' when n < $3::int + 5 then 'admin' else 'employee' end,
              n >= $3::int and n < $3::int + 5, $2, ${options.isActive},
              case when n < $3::int then 'manager_company_tour_completed' when n < $3::int + 5 then 'admin_overlay_completed'
                   else 'employee_company_tour_completed' end,
              now() - interval '3 years', now() - interval '3 years' + n * interval '1 minute'
         from bench_users`,
    [options.passwordHash, options.companyId, teams, options.emailPrefix],
  );
  await run(
    `insert into team_memberships (company_id, team_id, user_id, is_manager, created_at)
       select $1, t.id, u.id, u.n < $2::int, now() - interval '3 years'
         from bench_users u join bench_teams t on t.n = u.team_n`,
    [options.companyId, teams],
  );
}
