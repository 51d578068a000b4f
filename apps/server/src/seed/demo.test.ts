import { LeaderboardQuerySchema, NewsListQuerySchema, RedemptionListQuerySchema } from "@ideaport/shared";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CompanyCaller, inCompany, loadCaller } from "../core/caller.ts";
import type { DatabaseHandle } from "../db/client.ts";
import {
  actions,
  challenges,
  companies,
  emailDigestItems,
  ideaEvents,
  ideas,
  mailOutbox,
  news,
  notifications,
  pointLedger,
  rewardRedemptions,
  rewards,
  teamMemberships,
  teams,
  users,
} from "../db/schema/index.ts";
import { describeError } from "../lib/error-log.ts";
import { verifyPassword } from "../lib/password.ts";
import { configureEmailLinks } from "../modules/email-notifications/email-notifications.service.ts";
import { createLeaderboardsService } from "../modules/leaderboards/leaderboards.service.ts";
import { createNewsService } from "../modules/news/news.service.ts";
import { createPointsService } from "../modules/points/points.service.ts";
import { createRewardsService } from "../modules/rewards/rewards.service.ts";
import { createTestDatabase } from "../test/database.ts";
import { buildCompany, buildUser } from "../test/factories.ts";
import { DEMO_COMPANY_NAME, type SeedResult, seedDemo } from "./demo.ts";

/** Seeding plays months of history through the services: far longer than one request. */
const SEED_TIMEOUT_MS = 180_000;

// One seeded database for the whole file; every test but the second run only reads it.
let handle: DatabaseHandle;
let result: SeedResult;
beforeAll(async () => {
  handle = await createTestDatabase();
  // As the server has them when it seeds: the notifications the demo causes could be mailed.
  configureEmailLinks({ appUrl: "http://ideas.example.test", jwtSecret: "demo-test-secret-that-is-long-enough" });
  result = await seedDemo(handle);
}, SEED_TIMEOUT_MS);
afterAll(async () => {
  await handle?.close();
});

describe("seedDemo", () => {
  it("creates Acme Corp with two teams, an admin, a manager and four employees", async () => {
    expect(result.created).toBe(true);
    expect(result.companyName).toBe(DEMO_COMPANY_NAME);
    expect(result.users.filter((user) => user.isAdmin)).toHaveLength(1);
    expect(result.users.filter((user) => user.role === "manager")).toHaveLength(2);
    expect(result.users.filter((user) => user.role === "employee")).toHaveLength(4);

    const { db } = handle;
    const [company] = await db.select().from(companies);
    expect(await verifyPassword(result.companyPassword, company!.passwordHash)).toBe(true);
    const teamNames = (await db.select({ name: teams.name }).from(teams)).map((team) => team.name).sort();
    expect(teamNames).toEqual(["Engineering", "Product"]);

    const admin = result.users.find((user) => user.isAdmin)!;
    const [adminRow] = await db.select().from(users).where(eq(users.email, admin.email));
    expect(await verifyPassword(admin.password, adminRow!.passwordHash)).toBe(true);
    expect(await verifyPassword("not the password", adminRow!.passwordHash)).toBe(false);
    const adminTeams = await db
      .select({ name: teams.name, isManager: teamMemberships.isManager })
      .from(teamMemberships)
      .innerJoin(teams, eq(teams.id, teamMemberships.teamId))
      .where(eq(teamMemberships.userId, adminRow!.id));
    expect(adminTeams).toEqual([{ name: "Product", isManager: true }]);
  });

  it("fills the demo company with challenges and ideas at every stage, made through the services", async () => {
    const { db } = handle;

    const challengeRows = await db
      .select({ title: challenges.title, status: challenges.status, scope: challenges.scope })
      .from(challenges);
    expect(challengeRows.map((row) => `${row.scope} ${row.status}`).sort()).toEqual([
      "company active",
      "company proposed",
      "team active",
      "team active",
    ]);
    const ideaStatuses = (await db.select({ status: ideas.status }).from(ideas)).map((row) => row.status).sort();
    // Today's ideas, and the eleven approved in the months before (demo-portal.ts).
    expect(ideaStatuses).toEqual([
      ...Array<string>(12).fill("approved"),
      "draft",
      "needs_revision",
      "submitted",
      "under_review",
    ]);
    const actionStatuses = (await db.select({ status: actions.status }).from(actions)).map((row) => row.status);
    expect(actionStatuses.sort()).toEqual([
      ...Array<string>(7).fill("done"),
      ...Array<string>(4).fill("in_progress"),
      "todo",
    ]);
    // The services told the people concerned, as real use would.
    const types = new Set((await db.select({ type: notifications.type }).from(notifications)).map((row) => row.type));
    for (const type of [
      "new_challenge_posted",
      "challenge_proposal_received",
      "new_team_submission",
      "idea_status_approved",
      "idea_status_needs_revision",
      "new_comment",
      "rewards_available",
      "rewards_redeemed",
    ]) {
      expect(types).toContain(type);
    }
  });

  it("does nothing the second time and still answers the logins", async () => {
    const ledgerRows = await handle.db.$count(pointLedger);
    const second = await seedDemo(handle);

    expect(second.created).toBe(false);
    expect(second.users).toEqual(result.users);
    expect(await handle.db.$count(companies)).toBe(1);
    expect(await handle.db.$count(users)).toBe(6);
    expect(await handle.db.$count(teamMemberships)).toBe(6);
    expect(await handle.db.$count(news)).toBe(6);
    expect(await handle.db.$count(rewards)).toBe(4);
    expect(await handle.db.$count(rewardRedemptions)).toBe(2);
    expect(await handle.db.$count(ideas)).toBe(16);
    expect(await handle.db.$count(pointLedger)).toBe(ledgerRows);
  });

  it("sends no e-mail about its story, which its people's bells still tell", async () => {
    expect(await handle.db.select({ to: mailOutbox.to, subject: mailOutbox.subject }).from(mailOutbox)).toEqual([]);
    expect(await handle.db.$count(emailDigestItems)).toBe(0);
    expect(await handle.db.$count(notifications)).toBeGreaterThan(20);
  });

  it("dates every idea's history in order, starting at its submission", async () => {
    const DAY_MS = 24 * 60 * 60 * 1000;
    const rows = await handle.db
      .select({
        title: ideas.title,
        submittedAt: ideas.submittedAt,
        status: ideaEvents.toStatus,
        at: ideaEvents.createdAt,
      })
      .from(ideaEvents)
      .innerJoin(ideas, eq(ideas.id, ideaEvents.ideaId))
      .orderBy(asc(ideaEvents.createdAt), asc(ideaEvents.id));
    const byIdea = new Map<string, typeof rows>();
    for (const row of rows) byIdea.set(row.title, [...(byIdea.get(row.title) ?? []), row]);
    expect(byIdea.size).toBe(16);
    for (const [title, history] of byIdea) {
      const submittedAt = history[0]!.submittedAt;
      // The first line is the submission itself, at the idea's submission date (a draft has none).
      expect(history[0]!.status, title).toBe(submittedAt ? "submitted" : "draft");
      if (submittedAt) expect(history[0]!.at.toISOString(), title).toBe(submittedAt.toISOString());
      expect(
        history.every((row, index) => index === 0 || row.at > history[index - 1]!.at),
        title,
      ).toBe(true);
      expect(history.at(-1)!.at.getTime(), title).toBeLessThanOrEqual(Date.now());
    }
    // Months ago: submitted, reviewed the next day, approved the day after.
    const glossary = byIdea.get("A shared glossary of product terms")!;
    expect(glossary.map((row) => row.status)).toEqual(["submitted", "under_review", "approved"]);
    expect(Date.now() - glossary[0]!.at.getTime()).toBeGreaterThan(149 * DAY_MS);
    expect(glossary.map((row) => Math.round((row.at.getTime() - glossary[0]!.at.getTime()) / DAY_MS))).toEqual([
      0, 1, 2,
    ]);
  });
});

describe("seedDemo on a database that is not empty", () => {
  let other: DatabaseHandle | undefined;
  afterAll(async () => {
    await other?.close();
  });

  it("adds nothing once any company exists, whatever it is called (the demo company renamed, or a real one)", async () => {
    other = await createTestDatabase();
    await buildCompany(other.db, { name: "Renamed Corp" });
    const outcome = await seedDemo(other);
    expect(outcome.created).toBe(false);
    expect(await other.db.$count(companies)).toBe(1);
    expect(await other.db.$count(users)).toBe(0);
    expect(await other.db.$count(ideas)).toBe(0);
  });

  it("writes nothing when it fails, and says why without the values of the failed query", async () => {
    await other?.close();
    other = await createTestDatabase();
    // Someone signed up as a demo person's address and never made a company.
    await buildUser(other.db, { email: "alice@acme.example" });
    const failure = await seedDemo(other).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    const line = describeError(failure);
    expect(line).toMatch(/^duplicate key value violates unique constraint "\w+" \(SQLSTATE 23505\)$/);
    expect(line).not.toContain("acme.example");
    expect(line).not.toContain("$argon2");
    // One transaction: no company, team, person or mail was left behind.
    expect(await other.db.$count(companies)).toBe(0);
    expect(await other.db.$count(teams)).toBe(0);
    expect(await other.db.$count(users)).toBe(1);
    expect(await other.db.$count(mailOutbox)).toBe(0);
  });
});

describe("the demo Company Portal", () => {
  const callers = {} as Record<"alice" | "marcus" | "priya" | "tom" | "elena", CompanyCaller>;

  beforeAll(async () => {
    for (const name of Object.keys({ alice: 0, marcus: 0, priya: 0, tom: 0, elena: 0 }) as Array<
      keyof typeof callers
    >) {
      const [row] = await handle.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, `${name}@acme.example`));
      callers[name] = inCompany((await loadCaller(handle.db, row!.id))!);
    }
  });
  const clock = () => new Date();

  it("has news in three categories: a pinned welcome first, a video, and a draft only admins see", async () => {
    const service = createNewsService({ db: handle.db, clock });
    const forEmployee = await service.list(callers.priya, NewsListQuerySchema.parse({}));
    expect(forEmployee.categories.map((category) => [category.name, category.news_count])).toEqual([
      ["Announcements", 1],
      ["People", 2],
      ["Product", 2],
    ]);
    expect(forEmployee.news.map((item) => [item.title, item.category.name, item.pinned])).toEqual([
      ["Welcome to the Company Portal", "Announcements", true],
      ["Friday learning: Start with why", "People", false],
      ["Pairing Fridays: what we learned in the first month", "People", false],
      ["Feature flags are live for every service", "Product", false],
      ["Release notes, now in plain language", "Product", false],
    ]);
    const [welcome] = forEmployee.news;
    // Markdown with a heading, a list and a link, rendered and sanitised.
    expect(welcome!.body_html).toContain("<h2>Everything about Acme, in one place</h2>");
    expect(welcome!.body_html.match(/<li>/g)).toHaveLength(4);
    expect(welcome!.body_html).toContain(
      '<a href="mailto:people@acme.example" target="_blank" rel="noopener noreferrer">people@acme.example</a>',
    );
    const withVideo = forEmployee.news.filter((item) => item.video !== null);
    expect(withVideo.map((item) => [item.title, item.video?.provider, item.video?.id])).toEqual([
      ["Friday learning: Start with why", "youtube", "u4ZoJKF_VuA"],
    ]);
    expect(forEmployee.news.every((item) => item.status === "published" && item.author_name === "Alice Morgan")).toBe(
      true,
    );

    const forAdmin = await service.list(callers.alice, NewsListQuerySchema.parse({}));
    expect(forAdmin.news.filter((item) => item.published_at === null).map((item) => item.title)).toEqual([
      "Winter party: save the date",
    ]);
  });

  it("has four rewards, one out of stock and one unlimited, and one redemption waiting for an admin", async () => {
    const service = createRewardsService({ db: handle.db, clock });
    const { rewards: catalogue } = await service.list(callers.priya);
    expect(catalogue.map((reward) => [reward.title, reward.cost, reward.stock, reward.available])).toEqual([
      ["Lunch on us", 100, null, true],
      ["Acme hoodie", 150, 12, true],
      ["Noise-cancelling headphones", 180, 0, false],
      ["An extra day off", 400, 5, true],
    ]);
    const { redemptions } = await service.redemptions(callers.alice, RedemptionListQuerySchema.parse({}));
    expect(redemptions.map((row) => [row.user_name, row.reward_title, row.status, row.decided_by_name])).toEqual([
      ["Tom Becker", "Lunch on us", "pending", null],
      ["Elena Rossi", "Noise-cancelling headphones", "fulfilled", "Alice Morgan"],
    ]);
    // Alice's bell holds Tom's redemption, unread; Elena's, that Alice fulfilled hers, read since
    // (everyone read their bell three days ago).
    const bellOf = (userId: string) =>
      handle.db
        .select({ content: notifications.content, readAt: notifications.readAt })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.type, "rewards_redeemed")));
    expect(await bellOf(callers.alice.id)).toContainEqual({
      content: 'Tom Becker redeemed "Lunch on us".',
      readAt: null,
    });
    expect(await bellOf(callers.elena.id)).toEqual([
      {
        content: 'Alice Morgan fulfilled your redemption of "Noise-cancelling headphones".',
        readAt: expect.any(Date),
      },
    ]);
  });

  it("has boards with one leader each, from months of points earned by real ideas and comments", async () => {
    const service = createLeaderboardsService({ db: handle.db, clock });
    const board = async (name: "employees" | "managers" | "teams", period: "all" | "week") =>
      (await service.board(callers.priya, LeaderboardQuerySchema.parse({ board: name, period }))).entries;
    const all = {
      employees: await board("employees", "all"),
      managers: await board("managers", "all"),
      teams: await board("teams", "all"),
    };
    expect(all.employees.map((entry) => [entry.rank, entry.name])).toEqual([
      [1, "Elena Rossi"],
      [2, "Priya Patel"],
      [3, "Tom Becker"],
      [4, "Sam Okafor"],
    ]);
    expect(all.managers.map((entry) => [entry.rank, entry.name])).toEqual([
      [1, "Marcus Chen"],
      [2, "Alice Morgan"],
    ]);
    expect(all.teams.map((entry) => [entry.rank, entry.name])).toEqual([
      [1, "Engineering"],
      [2, "Product"],
    ]);
    // This week only today's ideas count: a shorter board than all time.
    const week = await board("employees", "week");
    expect(week[0]).toMatchObject({ rank: 1, name: "Elena Rossi" });
    expect(week[0]!.points).toBeLessThan(all.employees[0]!.points);

    // Every point comes from something that happened: an idea, a comment, a challenge's reward, a redemption.
    const references = await handle.db.selectDistinct({ referenceType: pointLedger.referenceType }).from(pointLedger);
    expect(references.map((row) => row.referenceType).sort()).toEqual([
      "challenge_reward",
      "idea",
      "idea_comment",
      "reward_redemption",
    ]);
    const [oldest] = await handle.db.select().from(pointLedger).orderBy(asc(pointLedger.createdAt)).limit(1);
    expect(Date.now() - oldest!.createdAt.getTime()).toBeGreaterThan(120 * 24 * 60 * 60 * 1000);
  });

  it("never lets a balance go below zero, and shows the spending in the person's history", async () => {
    const rows = await handle.db
      .select({ userId: pointLedger.userId, delta: pointLedger.delta })
      .from(pointLedger)
      .orderBy(asc(pointLedger.createdAt), asc(pointLedger.id));
    const running = new Map<string, number>();
    for (const row of rows) {
      const balance = (running.get(row.userId) ?? 0) + row.delta;
      expect(balance).toBeGreaterThanOrEqual(0);
      running.set(row.userId, balance);
    }
    const points = createPointsService({ db: handle.db, clock });
    const tom = await points.mine(callers.tom, { limit: 100 });
    expect(tom.balance).toBe(running.get(callers.tom.id));
    expect(tom.history.filter((entry) => entry.delta < 0).map((entry) => [entry.reason, entry.delta])).toEqual([
      ["reward_redemption", -100],
    ]);
    expect(tom.balance).toBeGreaterThanOrEqual(0);
  });
});
