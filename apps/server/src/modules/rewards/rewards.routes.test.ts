import {
  RedeemResponseSchema,
  RedemptionListResponseSchema,
  RewardListResponseSchema,
  RewardResponseSchema,
} from "@ideaport/shared";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { notifications, pointLedger, rewardRedemptions, rewards } from "../../db/schema/index.ts";
import { startedForSuite } from "../../test/app.ts";
import { idsOf, type Person, startIdeasSuite } from "../ideas/ideas.test-kit.ts";
import { grantPoints } from "../points/points.test-kit.ts";

const suite = startedForSuite(startIdeasSuite);

/** Credits points through the ledger step every feature uses. */
async function credit(person: Person, points: number) {
  // Every ledger row at its own instant, so the history's order is the order of events.
  suite.clock.advance(1000);
  await grantPoints(suite.db, person, points, { at: suite.clock() });
}

async function balanceOf(person: Person): Promise<number> {
  const response = await suite.client.get("/api/points/me/", { token: person.token });
  return response.json().balance;
}

async function createReward(body: Record<string, unknown>, as: Person = suite.world.admin) {
  const response = await suite.client.post("/api/rewards/", { description: "", ...body }, { token: as.token });
  expect(response.statusCode, response.body).toBe(200);
  return RewardResponseSchema.parse(response.json()).reward;
}

function redeem(as: Person, rewardId: string) {
  suite.clock.advance(1000);
  return suite.client.post(`/api/rewards/${rewardId}/redeem/`, undefined, { token: as.token });
}

async function noticesOf(person: Person, type: string) {
  return suite.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, person.id), eq(notifications.type, type as never)));
}

describe("the rewards catalogue", () => {
  it("lets admins create, edit and archive rewards; others see the live ones with their balance", async () => {
    const { world, client } = suite;
    const mug = await createReward({ title: "Mug", cost: 30, stock: 2 });
    expect(mug).toMatchObject({
      title: "Mug",
      cost: 30,
      stock: 2,
      available: true,
      affordable: false,
      archived: false,
    });
    const edited = await client.patch(
      `/api/rewards/${mug.id}/`,
      { description: "A big one." },
      { token: world.admin.token },
    );
    expect(edited.json().reward).toMatchObject({ description: "A big one." });
    const gone = await createReward({ title: "Old poster", cost: 5 });
    const archived = await client.patch(`/api/rewards/${gone.id}/`, { archived: true }, { token: world.admin.token });
    expect(archived.json().reward).toMatchObject({ archived: true, available: false });

    await credit(world.anton, 40);
    const list = RewardListResponseSchema.parse(
      (await client.get("/api/rewards/", { token: world.anton.token })).json(),
    );
    expect(list.balance).toBe(40);
    expect(list.rewards.map((reward) => reward.title)).toEqual(["Mug"]);
    expect(list.rewards[0]).toMatchObject({ affordable: true, available: true, stock: 2 });
    const adminList = (await client.get("/api/rewards/", { token: world.admin.token })).json();
    expect(adminList.rewards.map((reward: { title: string }) => reward.title)).toEqual(["Mug", "Old poster"]);
    // Another company sees none of them.
    expect((await client.get("/api/rewards/", { token: world.outsider.token })).json().rewards).toEqual([]);
    // An archived reward is unknown to non-admins.
    expect((await redeem(world.anton, gone.id)).statusCode).toBe(404);
    expect((await redeem(world.admin, gone.id)).json()).toMatchObject({ code: "reward.archived" });
  });

  it("answers 403 to non-admins, 404 across companies, 400 to bad bodies", async () => {
    const { world, client } = suite;
    const reward = await createReward({ title: "Sticker", cost: 1 });
    for (const person of [world.alice, world.alphaManager]) {
      expect((await client.post("/api/rewards/", { title: "Mine", cost: 1 }, { token: person.token })).statusCode).toBe(
        403,
      );
      expect((await client.patch(`/api/rewards/${reward.id}/`, { cost: 2 }, { token: person.token })).statusCode).toBe(
        403,
      );
    }
    const foreign = await client.patch(`/api/rewards/${reward.id}/`, { cost: 2 }, { token: world.outsiderAdmin.token });
    expect(foreign.statusCode).toBe(404);
    expect((await redeem(world.outsider, reward.id)).statusCode).toBe(404);
    expect((await redeem(world.alice, "not-an-id")).statusCode).toBe(404);
    for (const body of [{}, { title: "", cost: 1 }, { title: "X", cost: 0 }, { title: "X", cost: 1, stock: -1 }]) {
      expect((await client.post("/api/rewards/", body, { token: world.admin.token })).statusCode).toBe(400);
    }
    expect((await client.patch(`/api/rewards/${reward.id}/`, {}, { token: world.admin.token })).statusCode).toBe(400);
  });
});

describe("redeeming", () => {
  it("refuses with too few points, saying how many are missing, and when out of stock", async () => {
    const { world } = suite;
    const reward = await createReward({ title: "Headphones", cost: 50, stock: 1 });
    await credit(world.bob, 20);
    const short = await redeem(world.bob, reward.id);
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({
      code: "reward.insufficient_points",
      error: "You need 30 more points for this reward.",
    });
    await credit(world.bob, 100);
    expect((await redeem(world.bob, reward.id)).statusCode).toBe(200);
    const out = await redeem(world.bob, reward.id);
    expect(out.statusCode).toBe(409);
    expect(out.json()).toMatchObject({ code: "reward.out_of_stock", error: "This reward is out of stock." });
    expect(await balanceOf(world.bob)).toBe(70);
  });

  it("spends the points, takes one from stock, and tells the company's admins", async () => {
    const { world, db } = suite;
    const reward = await createReward({ title: "Book", cost: 25, stock: 3 });
    await credit(world.alice, 30);
    const response = await redeem(world.alice, reward.id);
    expect(response.statusCode, response.body).toBe(200);
    const answer = RedeemResponseSchema.parse(response.json());
    expect(answer.balance).toBe(await balanceOf(world.alice));
    expect(answer.redemption).toMatchObject({
      reward_id: reward.id,
      reward_title: "Book",
      user_id: world.alice.id,
      cost: 25,
      status: "pending",
      decided_at: null,
    });
    const [row] = await db.select({ stock: rewards.stock }).from(rewards).where(eq(rewards.id, reward.id));
    expect(row!.stock).toBe(2);
    const told = await db
      .select({ userId: notifications.userId, content: notifications.content })
      .from(notifications)
      .where(and(eq(notifications.type, "rewards_redeemed"), eq(notifications.actorId, world.alice.id)));
    expect(told.map((notice) => notice.userId).sort()).toEqual(idsOf(world.admin, world.loneAdmin));
    expect(told[0]!.content).toBe(`${world.alice.displayName} redeemed "Book".`);
    const history = (await suite.client.get("/api/points/me/", { token: world.alice.token })).json().history;
    expect(history[0]).toMatchObject({ delta: -25, reason: "reward_redemption", reward_id: reward.id });
  });

  it("makes exactly one of twenty simultaneous redemptions by a person who can afford one", async () => {
    const { world, db } = suite;
    const person = world.anton;
    const reward = await createReward({ title: "Concert ticket", cost: 1000 });
    await credit(person, 1000 - (await balanceOf(person)) + 10);
    const answers = await Promise.all(Array.from({ length: 20 }, () => redeem(person, reward.id)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    for (const answer of answers.filter((item) => item.statusCode === 409)) {
      expect(answer.json().error).toBe("You need 990 more points for this reward.");
    }
    const made = await db.select().from(rewardRedemptions).where(eq(rewardRedemptions.rewardId, reward.id));
    expect(made).toHaveLength(1);
    expect(await balanceOf(person)).toBe(10);
    // The balance after every row of the ledger, in order: never below zero.
    const lowest = await db.execute<{ min: number }>(sql`
      select min(running)::int as min from (
        select sum(${pointLedger.delta}) over (order by ${pointLedger.createdAt}, ${pointLedger.id}) as running
        from ${pointLedger} where ${pointLedger.userId} = ${person.id}
      ) as balances`);
    expect(Number(lowest.rows[0]!.min)).toBeGreaterThanOrEqual(0);
  });
});

describe("redemptions", () => {
  let pendingId: string;
  let otherId: string;
  let rewardId: string;

  beforeAll(async () => {
    const { world } = suite;
    const reward = await createReward({ title: "Lunch", cost: 10, stock: 5 });
    rewardId = reward.id;
    await credit(world.alphaManager, 30);
    pendingId = (await redeem(world.alphaManager, reward.id)).json().redemption.id;
    otherId = (await redeem(world.alphaManager, reward.id)).json().redemption.id;
  });

  it("lists one's own to everyone and all of the company's to admins", async () => {
    const { world, client } = suite;
    const own = RedemptionListResponseSchema.parse(
      (await client.get("/api/redemptions/", { token: world.alphaManager.token })).json(),
    );
    expect(own.redemptions.every((item) => item.user_id === world.alphaManager.id)).toBe(true);
    expect(own.redemptions.map((item) => item.id)).toEqual(expect.arrayContaining([pendingId, otherId]));
    const all = (await client.get("/api/redemptions/?limit=100", { token: world.admin.token })).json();
    const people = new Set(all.redemptions.map((item: { user_id: string }) => item.user_id));
    expect(people.size).toBeGreaterThan(1);
    await credit(world.admin, 10);
    const adminsRedemption = (await redeem(world.admin, rewardId)).json().redemption.id;
    const adminsOwn = RedemptionListResponseSchema.parse(
      (await client.get("/api/redemptions/?mine=true", { token: world.admin.token })).json(),
    );
    expect(adminsOwn.redemptions.every((item) => item.user_id === world.admin.id)).toBe(true);
    expect(adminsOwn.redemptions.map((item) => item.id)).toContain(adminsRedemption);
    const paged = (await client.get("/api/redemptions/?limit=1", { token: world.admin.token })).json();
    expect(paged.redemptions).toHaveLength(1);
    const next = await client.get(`/api/redemptions/?limit=1&cursor=${encodeURIComponent(paged.next_cursor)}`, {
      token: world.admin.token,
    });
    expect(next.json().redemptions[0].id).not.toBe(paged.redemptions[0].id);
    expect((await client.get("/api/redemptions/", { token: world.outsiderAdmin.token })).json().redemptions).toEqual(
      [],
    );
    expect(
      (await client.get("/api/redemptions/", { token: world.alice.token }))
        .json()
        .redemptions.every((item: { user_id: string }) => item.user_id === world.alice.id),
    ).toBe(true);
  });

  /** Cancelling says why; fulfilling takes no body. */
  const CANCEL_REASON = { reason: "The restaurant closed." };
  const bodyFor = (action: string) => (action === "cancel" ? CANCEL_REASON : undefined);

  it("answers 403 to non-admins and 404 across companies for fulfil and cancel", async () => {
    const { world, client } = suite;
    for (const action of ["fulfil", "cancel"]) {
      for (const person of [world.alphaManager, world.alice]) {
        const response = await client.post(`/api/redemptions/${pendingId}/${action}/`, bodyFor(action), {
          token: person.token,
        });
        expect(response.statusCode).toBe(403);
      }
      const foreign = await client.post(`/api/redemptions/${pendingId}/${action}/`, bodyFor(action), {
        token: world.outsiderAdmin.token,
      });
      expect(foreign.statusCode).toBe(404);
    }
  });

  it("fulfils once, telling the person; a decided redemption answers 409", async () => {
    const { world, client } = suite;
    const before = await noticesOf(world.alphaManager, "rewards_redeemed");
    const response = await client.post(`/api/redemptions/${pendingId}/fulfil/`, undefined, {
      token: world.admin.token,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().redemption).toMatchObject({ status: "fulfilled", decided_by_name: world.admin.displayName });
    const after = await noticesOf(world.alphaManager, "rewards_redeemed");
    expect(after.length).toBe(before.length + 1);
    expect(after.map((notice) => notice.content)).toContain(
      `${world.admin.displayName} fulfilled your redemption of "Lunch".`,
    );
    for (const action of ["fulfil", "cancel"]) {
      const again = await client.post(`/api/redemptions/${pendingId}/${action}/`, bodyFor(action), {
        token: world.admin.token,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe("redemption.already_decided");
    }
  });

  it("cancels with a refund through the ledger and the item back in stock, once", async () => {
    const { world, client, db } = suite;
    const balance = await balanceOf(world.alphaManager);
    const [before] = await db.select({ stock: rewards.stock }).from(rewards).where(eq(rewards.id, rewardId));
    suite.clock.advance(1000);
    const response = await client.post(`/api/redemptions/${otherId}/cancel/`, CANCEL_REASON, {
      token: world.admin.token,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().redemption.status).toBe("cancelled");
    expect(await balanceOf(world.alphaManager)).toBe(balance + 10);
    const [after] = await db.select({ stock: rewards.stock }).from(rewards).where(eq(rewards.id, rewardId));
    expect(after!.stock).toBe(before!.stock! + 1);
    const again = await client.post(`/api/redemptions/${otherId}/cancel/`, CANCEL_REASON, {
      token: world.admin.token,
    });
    expect(again.statusCode).toBe(409);
    expect(await balanceOf(world.alphaManager)).toBe(balance + 10);
    const history = (await client.get("/api/points/me/", { token: world.alphaManager.token })).json().history;
    expect(history[0]).toMatchObject({ delta: 10, reason: "reward_refund", reward_id: rewardId });
  });
});

describe("rewards_available", () => {
  it("tells a person once per reward, when their balance first reaches its cost", async () => {
    const { world, db } = suite;
    // Only this test's rewards are live, so every notice is about one of them.
    await db.update(rewards).set({ isActive: false }).where(eq(rewards.companyId, world.company.id));
    const person = world.betaManager;
    const start = await balanceOf(person);
    const cheap = await createReward({ title: "Pen", cost: start + 15 });
    const dear = await createReward({ title: "Bike", cost: start + 40 });
    await createReward({ title: "Sold out", cost: start + 5, stock: 0 });
    const noticesNow = async () => (await noticesOf(person, "rewards_available")).length;
    const before = await noticesNow();
    await credit(person, 10);
    expect(await noticesNow()).toBe(before);
    await credit(person, 10);
    expect(await noticesNow()).toBe(before + 1);
    await credit(person, 1);
    expect(await noticesNow()).toBe(before + 1);
    // Spending and earning back past the same cost tells nothing new; a dearer reward comes in reach.
    expect((await redeem(person, cheap.id)).statusCode).toBe(200);
    await credit(person, 20);
    expect(await noticesNow()).toBe(before + 1);
    await credit(person, 20);
    expect(await balanceOf(person)).toBeGreaterThanOrEqual(dear.cost);
    expect(await noticesNow()).toBe(before + 2);
    const told = await noticesOf(person, "rewards_available");
    expect(told.map((notice) => [notice.content, notice.relatedRewardId])).toEqual(
      expect.arrayContaining([
        ['You have enough points to redeem "Pen".', cheap.id],
        ['You have enough points to redeem "Bike".', dear.id],
      ]),
    );
  });

  it("names no reward when one credit brings several within reach", async () => {
    const { world, db } = suite;
    await db.update(rewards).set({ isActive: false }).where(eq(rewards.companyId, world.company.id));
    const person = world.betaManager;
    const start = await balanceOf(person);
    await createReward({ title: "Mug", cost: start + 5 });
    await createReward({ title: "Cap", cost: start + 8 });
    const before = new Set((await noticesOf(person, "rewards_available")).map((notice) => notice.id));
    await credit(person, 10);
    const added = (await noticesOf(person, "rewards_available")).filter((notice) => !before.has(notice.id));
    expect(added.map((notice) => [notice.content, notice.relatedRewardId, notice.rewardTitle])).toEqual([
      ["You have enough points to redeem a reward.", null, null],
    ]);
  });

  it("is sent through the points step of every credit, an approved idea included", async () => {
    const { world, api } = suite;
    const author = world.bob;
    const balance = await balanceOf(author);
    await createReward({ title: "Team dinner", cost: balance + 55 });
    const before = (await noticesOf(author, "rewards_available")).length;
    const idea = await api.createIdea(author);
    expect((await noticesOf(author, "rewards_available")).length).toBe(before);
    await api.step(world.betaManager, idea.id, "under_review");
    await api.step(world.betaManager, idea.id, "approved");
    expect((await noticesOf(author, "rewards_available")).length).toBe(before + 1);
  });
});
