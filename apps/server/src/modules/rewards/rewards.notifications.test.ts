/**
 * Who hears of a redemption, through the bell and by e-mail over real SMTP: the company's admins
 * of a new redemption, its person of the admin's decision (fulfilled, or cancelled with the reason
 * and the points back). Every such mail is a "Reward redemptions" mail: the bell's sentence, the
 * footer of its category and one-click unsubscribe; turned off, it is not sent.
 */
import {
  NotificationListResponseSchema,
  RedeemResponseSchema,
  RedemptionListResponseSchema,
  RewardResponseSchema,
} from "@ideaport/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../../db/schema/index.ts";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { buildCompany, buildTeam, buildUser } from "../../test/factories.ts";
import { mailPeerPerFile, type ReceivedMail } from "../../test/mail-peer.ts";
import { grantPoints } from "../points/points.test-kit.ts";

const APP_URL = "https://ideas.example.test";

interface Person {
  id: string;
  companyId: string;
  email: string;
  token: string;
}

const peer = mailPeerPerFile();
let testApp: TestApp;
let ada: Person;
let ben: Person;
let emil: Person;

beforeAll(async () => {
  testApp = await buildTestApp({ env: { SMTP_URL: peer.url, APP_URL } });
  const { db } = testApp;
  const company = await buildCompany(db);
  const team = await buildTeam(db, { companyId: company.id, name: "Sales" });
  const person = async (options: Parameters<typeof buildUser>[1]): Promise<Person> => {
    const user = await buildUser(db, options);
    return { id: user.id, companyId: company.id, email: user.email, token: await testApp.tokenFor(user) };
  };
  ada = await person({ teamId: team.id, role: "manager", isAdmin: true, firstName: "Ada", lastName: "Admin" });
  ben = await person({ companyId: company.id, isAdmin: true, firstName: "Ben", lastName: "Boss" });
  emil = await person({ teamId: team.id, firstName: "Emil", lastName: "Employee" });
});

afterAll(async () => {
  await testApp?.close();
  await peer?.close();
});

/** Credits points through the ledger step every feature uses. */
async function credit(person: Person, points: number) {
  testApp.clock.advance(1000);
  await grantPoints(testApp.db, person, points, { at: testApp.clock() });
}

async function createReward(title: string, cost: number) {
  const response = await testApp.client.post("/api/rewards/", { title, cost, stock: 5 }, { token: ada.token });
  expect(response.statusCode, response.body).toBe(200);
  return RewardResponseSchema.parse(response.json()).reward;
}

async function redeem(person: Person, rewardId: string) {
  testApp.clock.advance(1000);
  const response = await testApp.client.post(`/api/rewards/${rewardId}/redeem/`, undefined, { token: person.token });
  expect(response.statusCode, response.body).toBe(200);
  return RedeemResponseSchema.parse(response.json()).redemption;
}

function fulfil(admin: Person, redemptionId: string) {
  testApp.clock.advance(1000);
  return testApp.client.post(`/api/redemptions/${redemptionId}/fulfil/`, undefined, { token: admin.token });
}

function cancel(admin: Person, redemptionId: string, body: unknown) {
  testApp.clock.advance(1000);
  return testApp.client.request({
    method: "POST",
    url: `/api/redemptions/${redemptionId}/cancel/`,
    body,
    token: admin.token,
  });
}

/** A person's bell: its sentences (newest first) and the server's unread count. */
async function bellOf(person: Person) {
  const response = await testApp.client.get(`/api/notifications/${person.id}/`, { token: person.token });
  expect(response.statusCode, response.body).toBe(200);
  const page = NotificationListResponseSchema.parse(response.json());
  return { sentences: page.notifications.map((item) => item.content), unread: page.unread_count };
}

/** Every e-mail the outbox holds for one address (the outbox is the record of what was sent). */
async function outboxTo(person: Person) {
  return testApp.db.select({ subject: mailOutbox.subject }).from(mailOutbox).where(eq(mailOutbox.to, person.email));
}

/** A reward mail: the sentence, the link, the category's footer and one-click unsubscribe. */
function expectRedemptionMail(mail: ReceivedMail, greeting: string, sentence: string, link: string) {
  expect(mail.subject).toBe(sentence.replace(/\.$/, ""));
  expect(mail.text).toContain(`${greeting}\n\n${sentence}\n\nOpen in Ideaport: ${APP_URL}${link}`);
  expect(mail.text).toContain(
    `You get an e-mail for every event of "Reward redemptions". Choose how often in Profile Settings: ${APP_URL}/app/settings/profile`,
  );
  expect(mail.headers["list-unsubscribe"]).toMatch(
    /^<https:\/\/ideas\.example\.test\/api\/email-preferences\/unsubscribe\/\?token=[\w.-]+>$/,
  );
  expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
  expect(mail.text).toContain(
    "Unsubscribe from these e-mails: https://ideas.example.test/api/email-preferences/unsubscribe/",
  );
}

describe("redemption notifications", () => {
  it("tell every admin of a redemption in the bell and by e-mail, and the redeemer nothing", async () => {
    await credit(emil, 100);
    const reward = await createReward("Pizza & drinks", 40);
    await redeem(emil, reward.id);

    for (const [admin, greeting] of [
      [ada, "Hello Ada Admin,"],
      [ben, "Hello Ben Boss,"],
    ] as const) {
      expectRedemptionMail(
        await peer.waitForMail(admin.email),
        greeting,
        'Emil Employee redeemed "Pizza & drinks".',
        "/app/manager-company#redemption-requests",
      );
      expect(await bellOf(admin)).toEqual({ sentences: ['Emil Employee redeemed "Pizza & drinks".'], unread: 1 });
    }
    expect(await bellOf(emil)).toEqual({ sentences: [], unread: 0 });
    expect(await outboxTo(emil)).toEqual([]);
  });

  it("tell the person in the bell and by e-mail when an admin fulfils their redemption", async () => {
    const reward = await createReward("Cinema tickets", 30);
    const redemption = await redeem(emil, reward.id);
    expect((await fulfil(ada, redemption.id)).statusCode).toBe(200);

    const sentence = 'Ada Admin fulfilled your redemption of "Cinema tickets".';
    expectRedemptionMail(
      await peer.waitForMail(emil.email),
      "Hello Emil Employee,",
      sentence,
      "/app/employee-company#your-redemptions",
    );
    expect(await bellOf(emil)).toEqual({ sentences: [sentence], unread: 1 });
  });

  it("refuse a cancellation without a reason, or with one too long, and change nothing", async () => {
    const reward = await createReward("Desk lamp", 5);
    const redemption = await redeem(emil, reward.id);
    const balance = async () => (await testApp.client.get("/api/points/me/", { token: emil.token })).json().balance;
    const before = await balance();
    expect((await cancel(ben, redemption.id, undefined)).statusCode).toBe(400);
    for (const [body, message] of [
      [{}, "Please say why the redemption is cancelled."],
      [{ reason: "   " }, "Please say why the redemption is cancelled."],
      [{ reason: "x".repeat(501) }, "The reason must be at most 500 characters."],
    ] as const) {
      const response = await cancel(ben, redemption.id, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(JSON.stringify(response.json())).toContain(message);
    }
    const list = await testApp.client.get("/api/redemptions/?mine=true", { token: emil.token });
    const mine = RedemptionListResponseSchema.parse(list.json()).redemptions.find((row) => row.id === redemption.id);
    expect(mine).toMatchObject({ status: "pending", cancel_reason: null });
    expect(await balance()).toBe(before);
    expect((await bellOf(emil)).sentences).toHaveLength(1);
  });

  it("tell the person why an admin cancelled their redemption, in the bell, by e-mail and in their list", async () => {
    const reward = await createReward("Book voucher", 25);
    const redemption = await redeem(emil, reward.id);
    const response = await cancel(ben, redemption.id, { reason: "  Out of stock until May.  " });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().redemption).toMatchObject({ status: "cancelled", cancel_reason: "Out of stock until May." });

    const sentence =
      'Ben Boss cancelled your redemption of "Book voucher" and gave your points back: "Out of stock until May."';
    expectRedemptionMail(
      await peer.waitForMail(emil.email),
      "Hello Emil Employee,",
      sentence,
      "/app/employee-company#your-redemptions",
    );
    // The refund may bring a reward within reach: that is a notice of its own.
    expect((await bellOf(emil)).sentences.filter((text) => text.includes("Book voucher"))).toEqual([sentence]);
    const list = await testApp.client.get("/api/redemptions/?mine=true", { token: emil.token });
    expect(RedemptionListResponseSchema.parse(list.json()).redemptions[0]).toMatchObject({
      reward_title: "Book voucher",
      status: "cancelled",
      decided_by_name: "Ben Boss",
      cancel_reason: "Out of stock until May.",
    });
    const points = await testApp.client.get("/api/points/me/", { token: emil.token });
    expect(points.json().balance).toBe(100 - 40 - 30 - 5);
  });

  it("are not mailed to someone who turned reward redemptions off, and still reach their bell", async () => {
    const preferences = await testApp.client.get("/api/email-preferences/", { token: emil.token });
    const off = await testApp.client.request({
      method: "PUT",
      url: "/api/email-preferences/",
      body: { ...preferences.json().preferences, redemptions: "none" },
      token: emil.token,
    });
    expect(off.statusCode, off.body).toBe(200);
    const mailsBefore = (await outboxTo(emil)).length;

    const reward = await createReward("Coffee beans", 10);
    const redemption = await redeem(emil, reward.id);
    expect((await fulfil(ben, redemption.id)).statusCode).toBe(200);

    expect((await bellOf(emil)).sentences[0]).toBe('Ben Boss fulfilled your redemption of "Coffee beans".');
    expect(await outboxTo(emil)).toHaveLength(mailsBefore);
  });

  it("go to the other admins only when an admin redeems", async () => {
    const reward = await createReward("Desk plant", 10);
    await credit(ada, 10);
    const adaBefore = await bellOf(ada);
    await redeem(ada, reward.id);
    let mail = await peer.waitForMail(ben.email);
    while (mail.subject !== 'Ada Admin redeemed "Desk plant"') mail = await peer.waitForMail(ben.email);
    expect((await outboxTo(ada)).map((row) => row.subject)).not.toContain('Ada Admin redeemed "Desk plant"');
    expect(await bellOf(ada)).toEqual(adaBefore);
  });
});
