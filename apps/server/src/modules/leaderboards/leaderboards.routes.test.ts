import { LeaderboardResponseSchema } from "@ideaport/shared";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { pointLedger, type TeamRow, users } from "../../db/schema/index.ts";
import { buildTestApp, startedForSuite } from "../../test/app.ts";
import { type BuildUserOptions, buildCompany, buildPerson, buildTeam, type Person } from "../../test/factories.ts";
import { periodStart } from "./leaderboards.service.ts";

// The test clock starts on Sunday 2026-11-22 09:00 UTC: the ISO week began on Monday the 16th.
const NOW = new Date("2026-11-22T09:00:00Z");
const WEEK_START = new Date("2026-11-16T00:00:00Z");

describe("GET /api/leaderboards/", () => {
  const testApp = startedForSuite(() => buildTestApp({ env: { RATE_LIMIT_MULTIPLIER: "1000" } }));
  let companyId: string;
  let red: TeamRow;
  let blue: TeamRow;
  let me: Person;
  let boss: Person;
  let outsider: Person;
  const crowd: Person[] = [];

  function person(team: TeamRow, options: BuildUserOptions = {}): Promise<Person> {
    return buildPerson(testApp, { teamId: team.id, ...options });
  }

  /** A ledger row earned in `teamId` at `at`. */
  async function pay(who: { id: string; companyId: string | null }, teamId: string | null, delta: number, at: Date) {
    await testApp.db
      .insert(pointLedger)
      .values({ companyId: who.companyId!, userId: who.id, teamId, delta, reason: "adjustment", createdAt: at });
  }

  async function board(as: Person, query: string) {
    const response = await testApp.client.get(`/api/leaderboards/?${query}`, { token: as.token });
    expect(response.statusCode, response.body).toBe(200);
    return LeaderboardResponseSchema.parse(response.json());
  }

  beforeAll(async () => {
    const company = await buildCompany(testApp.db);
    companyId = company.id;
    red = await buildTeam(testApp.db, { companyId, name: "Red" });
    blue = await buildTeam(testApp.db, { companyId, name: "Blue" });
    // 52 people ahead of the caller, 1000 down to 949 points; two of them tied at 990.
    for (let index = 0; index < 52; index += 1) {
      const someone = await person(index % 2 === 0 ? red : blue, { firstName: "Crowd", lastName: `${index}` });
      crowd.push(someone);
      await pay(someone, index % 2 === 0 ? red.id : blue.id, index === 11 ? 990 : 1000 - index, NOW);
    }
    me = await person(blue, { firstName: "Me", lastName: "Myself" });
    await pay(me, blue.id, 5, NOW);
    boss = await person(red, { role: "manager", firstName: "Boss", lastName: "Manager" });
    await pay(boss, red.id, 2000, NOW);
    const other = await buildCompany(testApp.db);
    const green = await buildTeam(testApp.db, { companyId: other.id, name: "Green" });
    outsider = await person(green, { firstName: "Olga", lastName: "Outsider" });
    await pay(outsider, green.id, 99_999, NOW);
  });

  it("shows the top 50 employees, ties sharing a rank, and the caller's own place beyond them", async () => {
    const answer = await board(me, "board=employees&period=all");
    expect(answer.entries).toHaveLength(50);
    expect(answer.entries[0]).toMatchObject({ rank: 1, points: 1000, name: "Crowd 0", team_name: "Red" });
    // Crowd 10 and 11 both have 990: one rank, and the next rank skips.
    const tied = answer.entries.filter((entry) => entry.points === 990);
    expect(tied.map((entry) => entry.rank)).toEqual([11, 11]);
    expect(answer.entries[12]).toMatchObject({ rank: 13, points: 988 });
    expect(answer.entries.some((entry) => entry.id === me.id)).toBe(false);
    expect(answer.me).toEqual({ rank: 53, points: 5 });
    // No manager and no other company's person is on the employees board.
    expect(answer.entries.some((entry) => entry.id === boss.id || entry.id === outsider.id)).toBe(false);
  });

  it("puts people who manage a team on the managers board", async () => {
    const answer = await board(boss, "board=managers&period=all");
    expect(answer.entries).toEqual([{ rank: 1, id: boss.id, name: "Boss Manager", points: 2000, team_name: "Red" }]);
    expect(answer.me).toEqual({ rank: 1, points: 2000 });
    expect((await board(me, "board=managers")).me).toBeNull();
  });

  it("sums teams by the team each row was earned in, and filters by team", async () => {
    const answer = await board(me, "board=teams&period=all");
    expect(answer.entries.map((entry) => entry.name)).toEqual(["Red", "Blue"]);
    expect(answer.entries[0]!.team_name).toBeUndefined();
    expect(answer.me).toEqual({ rank: 2, points: answer.entries[1]!.points });
    const blueOnly = await board(me, `board=employees&team=${blue.id}`);
    expect(blueOnly.entries.every((entry) => entry.team_name === "Blue")).toBe(true);
    expect(blueOnly.entries).toHaveLength(27);
    expect(blueOnly.me).toEqual({ rank: 27, points: 5 });
  });

  it("drops deactivated people", async () => {
    const leader = crowd[0]!;
    await testApp.db.update(users).set({ isActive: false }).where(eq(users.id, leader.id));
    const answer = await board(me, "board=employees");
    expect(answer.entries[0]).toMatchObject({ rank: 1, points: 999 });
    expect(answer.me).toEqual({ rank: 52, points: 5 });
    await testApp.db.update(users).set({ isActive: true }).where(eq(users.id, leader.id));
  });

  it("counts earned points only: spending on a reward moves no board", async () => {
    await testApp.db.insert(pointLedger).values({
      companyId,
      userId: boss.id,
      teamId: red.id,
      delta: -1500,
      reason: "reward_redemption",
      createdAt: NOW,
    });
    expect((await board(boss, "board=managers")).me).toEqual({ rank: 1, points: 2000 });
  });

  it("starts each period at its first instant in UTC", async () => {
    expect(periodStart("week", NOW)).toEqual(WEEK_START);
    expect(periodStart("month", NOW)).toEqual(new Date("2026-11-01T00:00:00Z"));
    expect(periodStart("quarter", NOW)).toEqual(new Date("2026-10-01T00:00:00Z"));
    expect(periodStart("year", NOW)).toEqual(new Date("2026-01-01T00:00:00Z"));
    expect(periodStart("all", NOW)).toBeNull();
    expect(periodStart("week", new Date("2026-11-16T00:00:00Z"))).toEqual(WEEK_START);
    expect(periodStart("week", new Date("2026-11-15T23:59:59.999Z"))).toEqual(new Date("2026-11-09T00:00:00Z"));

    const team = await buildTeam(testApp.db, { companyId, name: "Periods" });
    const atStart = await person(team, { firstName: "At", lastName: "Start" });
    const justBefore = await person(team, { firstName: "Just", lastName: "Before" });
    const lastQuarter = await person(team, { firstName: "Last", lastName: "Quarter" });
    const lastYear = await person(team, { firstName: "Last", lastName: "Year" });
    await pay(atStart, team.id, 7, WEEK_START);
    await pay(justBefore, team.id, 7, new Date(WEEK_START.getTime() - 1));
    await pay(lastQuarter, team.id, 7, new Date("2026-09-30T23:59:59.999Z"));
    await pay(lastYear, team.id, 7, new Date("2025-12-31T23:59:59.999Z"));
    const names = async (period: string) =>
      (await board(me, `board=employees&period=${period}&team=${team.id}`)).entries.map((entry) => entry.name).sort();
    expect(await names("week")).toEqual(["At Start"]);
    expect(await names("month")).toEqual(["At Start", "Just Before"]);
    expect(await names("quarter")).toEqual(["At Start", "Just Before"]);
    expect(await names("year")).toEqual(["At Start", "Just Before", "Last Quarter"]);
    expect(await names("all")).toEqual(["At Start", "Just Before", "Last Quarter", "Last Year"]);
  });

  it("shows another company only its own people, and refuses bad queries and anonymous callers", async () => {
    const answer = await board(outsider, "board=employees");
    expect(answer.entries).toEqual([
      { rank: 1, id: outsider.id, name: "Olga Outsider", points: 99_999, team_name: "Green" },
    ]);
    expect((await board(outsider, `board=employees&team=${red.id}`)).entries).toEqual([]);
    for (const query of ["board=people", "period=day", "team=nope"]) {
      const response = await testApp.client.get(`/api/leaderboards/?${query}`, { token: me.token });
      expect(response.statusCode, query).toBe(400);
    }
    expect((await testApp.client.get("/api/leaderboards/")).statusCode).toBe(401);
  });
});
