import { LeaderboardResponseSchema, RedeemResponseSchema, RewardResponseSchema } from "@ideaport/shared";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { pointLedger, users } from "../../db/schema/index.ts";
import { startedForSuite } from "../../test/app.ts";
import { type Person, startIdeasSuite } from "../ideas/ideas.test-kit.ts";
import { grantPoints } from "../points/points.test-kit.ts";
import { periodStart } from "./leaderboards.service.ts";

const PERIODS = ["week", "month", "quarter", "year", "all"] as const;
const BOARDS = ["employees", "managers", "teams"] as const;

const suite = startedForSuite(startIdeasSuite);

/** Earned points through the ledger step every feature uses, at a chosen instant. */
async function earn(person: Person, teamId: string | null, points: number, at: string) {
  await grantPoints(suite.db, person, points, { at: new Date(at), teamId });
}

type LedgerRow = {
  user_id: string;
  team_id: string | null;
  delta: number;
  reason: string;
  created_at: string;
};

/** The company's whole ledger, read plainly. */
async function ledgerOf(companyId: string): Promise<LedgerRow[]> {
  const result = await suite.db.execute<LedgerRow>(sql`
    select user_id, team_id, delta, reason, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
    from point_ledger where company_id = ${companyId}`);
  return result.rows.map((row) => ({ ...row, delta: Number(row.delta) }));
}

/** A plain SUM over the ledger: the earned points of each person (or team) since `since`. */
async function plainSums(companyId: string, by: "user_id" | "team_id", since: Date | null) {
  const result = await suite.db.execute<{ id: string; points: number }>(sql`
    select ${sql.raw(by)} as id, sum(delta)::int as points from point_ledger
    where company_id = ${companyId} and reason not in ('reward_redemption', 'reward_refund')
      and ${sql.raw(by)} is not null
      and (${since?.toISOString() ?? null}::timestamptz is null or created_at >= ${since?.toISOString() ?? null}::timestamptz)
    group by ${sql.raw(by)}`);
  return new Map(result.rows.map((row) => [row.id, Number(row.points)]));
}

/** Entries ranked as the boards rank them: by points, ties sharing a rank. */
function ranked(points: Map<string, number>, ids: string[]) {
  const rows = ids.filter((id) => points.has(id)).map((id) => ({ id, points: points.get(id)! }));
  return rows
    .map((row) => ({ ...row, rank: 1 + rows.filter((other) => other.points > row.points).length }))
    .sort((a, b) => a.rank - b.rank || a.id.localeCompare(b.id));
}

async function board(as: Person, query: string) {
  const response = await suite.client.get(`/api/leaderboards/?${query}`, { token: as.token });
  expect(response.statusCode, response.body).toBe(200);
  return LeaderboardResponseSchema.parse(response.json());
}

beforeAll(async () => {
  const { world } = suite;
  const people = { manager: world.alphaManager, admin: world.admin };
  // Earned through the idea lifecycle now (submit and approval points, in the author's team).
  await suite.api.ideaIn("approved", { ...people, author: world.alice });
  await suite.api.ideaIn("approved", { ...people, author: world.admin });
  await suite.api.ideaIn("submitted", { author: world.bob, manager: world.betaManager, admin: world.admin });
  await suite.api.ideaIn("approved", { author: world.anton, ...people });

  // Earned over the periods' edges, in several teams, without a team, and negative adjustments.
  const { alpha, beta } = world;
  await earn(world.alice, alpha.id, 7, "2026-11-16T00:00:00.000Z");
  await earn(world.alice, beta.id, 11, "2026-11-15T23:59:59.999Z");
  await earn(world.bob, beta.id, 13, "2026-11-01T00:00:00.000Z");
  await earn(world.bob, beta.id, 17, "2026-10-31T23:59:59.999Z");
  await earn(world.alphaManager, alpha.id, 19, "2026-10-01T00:00:00.000Z");
  await earn(world.betaManager, beta.id, 23, "2026-09-30T23:59:59.999Z");
  await earn(world.loneAdmin, null, 29, "2026-01-01T00:00:00.000Z");
  await earn(world.alice, null, 31, "2025-12-31T23:59:59.999Z");
  await earn(world.bob, alpha.id, -5, "2025-03-03T12:00:00.000Z");
  await earn(world.betaManager, alpha.id, 37, "2024-02-29T08:00:00.000Z");
  // One statement of several rows, some in the same month, person and team, with spending and a
  // refund among them: the totals sum the earned rows of a statement together.
  await suite.db.insert(pointLedger).values([
    { companyId: world.company.id, userId: world.anton.id, teamId: alpha.id, delta: 3, reason: "comment" },
    { companyId: world.company.id, userId: world.anton.id, teamId: alpha.id, delta: 4, reason: "comment" },
    {
      companyId: world.company.id,
      userId: world.anton.id,
      teamId: alpha.id,
      delta: 5,
      reason: "comment",
      createdAt: new Date("2026-07-04T10:00:00Z"),
    },
    { companyId: world.company.id, userId: world.anton.id, teamId: alpha.id, delta: -40, reason: "reward_redemption" },
    { companyId: world.company.id, userId: world.anton.id, teamId: alpha.id, delta: 40, reason: "reward_refund" },
    {
      companyId: world.otherCompany.id,
      userId: world.outsider.id,
      teamId: world.gamma.id,
      delta: 41,
      reason: "approved",
    },
  ]);

  // Spending on a reward and its refund, through the API: neither moves a board.
  const created = await suite.client.post(
    "/api/rewards/",
    { title: "Team lunch", description: "", cost: 20 },
    { token: world.admin.token },
  );
  expect(created.statusCode, created.body).toBe(200);
  const reward = RewardResponseSchema.parse(created.json()).reward;
  const redemptions: string[] = [];
  for (const person of [world.alice, world.alice, world.bob]) {
    suite.clock.advance(1000);
    const redeemed = await suite.client.post(`/api/rewards/${reward.id}/redeem/`, undefined, { token: person.token });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    redemptions.push(RedeemResponseSchema.parse(redeemed.json()).redemption.id);
  }
  const cancelled = await suite.client.post(
    `/api/redemptions/${redemptions[0]}/cancel/`,
    { reason: "Out of stock" },
    { token: world.admin.token },
  );
  expect(cancelled.statusCode, cancelled.body).toBe(200);

  // A deactivated person drops off the boards but not out of the team's points.
  await suite.db.update(users).set({ isActive: false }).where(eq(users.id, world.anton.id));
});

describe("the leaderboards' running totals", () => {
  it("hold exactly what the ledger's earned rows add up to, by month, year and all time", async () => {
    const { world } = suite;
    const ledger = await ledgerOf(world.company.id);
    expect(ledger.map((row) => row.reason).sort()).toEqual(
      expect.arrayContaining(["approved", "submit", "reward_redemption", "reward_refund", "comment"]),
    );
    const expected = new Map<string, number>();
    for (const row of ledger) {
      if (row.reason === "reward_redemption" || row.reason === "reward_refund") continue;
      const month = `${row.created_at.slice(0, 7)}-01`;
      const year = `${row.created_at.slice(0, 4)}-01-01`;
      for (const [span, startsOn] of [
        ["month", month],
        ["year", year],
        ["all", "-infinity"],
      ]) {
        const key = [row.user_id, row.team_id ?? "-", span, startsOn].join(" ");
        expected.set(key, (expected.get(key) ?? 0) + row.delta);
      }
    }
    const stored = await suite.db.execute<{ key: string; points: number }>(sql`
      select concat_ws(' ', user_id, coalesce(team_id::text, '-'), span, starts_on::text) as key, points
      from point_totals where company_id = ${world.company.id}`);
    const actual = new Map(stored.rows.map((row) => [row.key, Number(row.points)]));
    expect(Object.fromEntries(actual)).toEqual(Object.fromEntries(expected));
  });

  it.each(PERIODS.flatMap((period) => BOARDS.map((name) => [name, period] as const)))(
    "give the %s board of period %s as a plain SUM over the ledger",
    async (name, period) => {
      const { world } = suite;
      const since = periodStart(period, suite.clock());
      const active = [world.alice, world.bob, world.admin, world.loneAdmin, world.alphaManager, world.betaManager];
      const managers = new Set([world.alphaManager.id, world.betaManager.id]);
      const expected =
        name === "teams"
          ? ranked(await plainSums(world.company.id, "team_id", since), [world.alpha.id, world.beta.id])
          : ranked(
              await plainSums(world.company.id, "user_id", since),
              active.map((person) => person.id).filter((id) => managers.has(id) === (name === "managers")),
            );
      const caller = name === "managers" ? world.betaManager : world.alice;
      const answer = await board(caller, `board=${name}&period=${period}`);
      const entries = answer.entries
        .map(({ id, points, rank }) => ({ id, points, rank }))
        .sort((a, b) => a.rank - b.rank || a.id.localeCompare(b.id));
      expect(entries).toEqual(expected);
      const callerRow = expected.find((row) => row.id === (name === "teams" ? world.alpha.id : caller.id));
      expect(answer.me).toEqual(callerRow ? { rank: callerRow.rank, points: callerRow.points } : null);
    },
  );

  it("add a new ledger row to its month, year and all time at once", async () => {
    const { world } = suite;
    const before = await board(world.bob, "board=employees&period=month");
    const bobBefore = before.entries.find((entry) => entry.id === world.bob.id)?.points ?? 0;
    await earn(world.bob, world.beta.id, 100, suite.clock().toISOString());
    for (const period of ["month", "quarter", "year", "all"] as const) {
      const since = periodStart(period, suite.clock());
      const sums = await plainSums(world.company.id, "user_id", since);
      const answer = await board(world.bob, `board=employees&period=${period}`);
      expect(answer.me?.points, period).toBe(sums.get(world.bob.id));
    }
    expect((await board(world.bob, "board=employees&period=month")).me?.points).toBe(bobBefore + 100);
  });
});
