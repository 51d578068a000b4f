/**
 * The e-mails of rewards over real SMTP: the company's admins hear of a redemption, its person of
 * the admin's decision (fulfilled, or cancelled with the points back).
 */
import { RedeemResponseSchema, RewardResponseSchema } from "@ideaport/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, notifications } from "../../db/schema.ts";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { buildCompany, buildTeam, buildUser } from "../../test/factories.ts";
import { type MailPeer, startMailPeer } from "../../test/mail-peer.ts";
import { awardPoints } from "../points/points.service.ts";

const APP_URL = "https://ideas.example.test";

interface Person {
  id: string;
  companyId: string;
  email: string;
  token: string;
}

let peer: MailPeer;
let testApp: TestApp;
let ada: Person;
let ben: Person;
let emil: Person;
let grant = 0;

beforeAll(async () => {
  peer = await startMailPeer();
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
  grant += 1;
  testApp.clock.advance(1000);
  await awardPoints(testApp.db, {
    companyId: person.companyId,
    userId: person.id,
    teamId: null,
    reason: "adjustment",
    points,
    referenceType: "test_grant",
    referenceId: `00000000-0000-4000-8000-${String(grant).padStart(12, "0")}`,
    createdAt: testApp.clock(),
  });
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

async function decide(admin: Person, redemptionId: string, decision: "fulfil" | "cancel") {
  const response = await testApp.client.post(`/api/redemptions/${redemptionId}/${decision}/`, undefined, {
    token: admin.token,
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** The next e-mail to `person` with this subject, passing over the others. */
async function mailWithSubject(person: Person, subject: string) {
  for (;;) {
    const mail = await peer.waitForMail(person.email);
    if (mail.subject === subject) return mail;
  }
}

/** Every e-mail the outbox holds for one address (the outbox is the record of what was sent). */
async function outboxTo(person: Person) {
  return testApp.db.select({ subject: mailOutbox.subject }).from(mailOutbox).where(eq(mailOutbox.to, person.email));
}

describe("reward e-mails", () => {
  it("tell every admin of a redemption, with the reward, its cost and a link to decide", async () => {
    await credit(emil, 100);
    const reward = await createReward("Pizza & drinks", 40);
    await redeem(emil, reward.id);

    for (const admin of [ada, ben]) {
      const mail = await peer.waitForMail(admin.email);
      expect(mail.subject).toBe('Emil Employee redeemed "Pizza & drinks"');
      const greeting = admin === ada ? "Hello Ada," : "Hello Ben,";
      expect(mail.text).toBe(
        [
          greeting,
          'Emil Employee redeemed the reward "Pizza & drinks" for 40 points.',
          "Hand it over, then mark the redemption fulfilled in the Company Portal. If you cannot, cancel it there: the points go back to them.",
          `Open the redemptions: ${APP_URL}/app/manager-company`,
          "— Ideaport",
        ].join("\n\n"),
      );
      expect(mail.html).toContain("&quot;Pizza &amp; drinks&quot; for 40 points.");
      expect(mail.html).toContain(`href="${APP_URL}/app/manager-company"`);
    }
    // The bell tells them too; the redeemer hears nothing of their own step.
    const bells = await testApp.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.type, "rewards_redeemed"));
    expect(bells.map((row) => row.userId).sort()).toEqual([ada.id, ben.id].sort());
    expect(await outboxTo(emil)).toEqual([]);
  });

  it("tell the person when an admin fulfils their redemption", async () => {
    const reward = await createReward("Cinema tickets", 30);
    const redemption = await redeem(emil, reward.id);
    await decide(ada, redemption.id, "fulfil");

    const mail = await peer.waitForMail(emil.email);
    expect(mail.subject).toBe('Your reward "Cinema tickets" was fulfilled');
    expect(mail.text).toBe(
      [
        "Hello Emil,",
        'Ada Admin fulfilled your redemption of "Cinema tickets".',
        "Enjoy it, and thank you for your ideas.",
        `See your rewards: ${APP_URL}/app/employee-company`,
        "— Ideaport",
      ].join("\n\n"),
    );
    expect(mail.html).toContain(`href="${APP_URL}/app/employee-company"`);
  });

  it("tell the person when an admin cancels their redemption and the points are back", async () => {
    const reward = await createReward("Book voucher", 25);
    const redemption = await redeem(emil, reward.id);
    await decide(ben, redemption.id, "cancel");

    const mail = await peer.waitForMail(emil.email);
    expect(mail.subject).toBe('Your redemption of "Book voucher" was cancelled');
    expect(mail.text).toBe(
      [
        "Hello Emil,",
        'Ben Boss cancelled your redemption of "Book voucher".',
        "The 25 points you spent are back on your balance.",
        `See your rewards: ${APP_URL}/app/employee-company`,
        "— Ideaport",
      ].join("\n\n"),
    );
    const points = await testApp.client.get("/api/points/me/", { token: emil.token });
    expect(points.json().balance).toBe(100 - 40 - 30);
  });

  it("go to the other admins only when an admin redeems, and to nobody when the redemption is refused", async () => {
    const reward = await createReward("Desk plant", 10);
    await credit(ada, 10);
    await redeem(ada, reward.id);
    const mail = await mailWithSubject(ben, 'Ada Admin redeemed "Desk plant"');
    expect(mail.text).toContain('Ada Admin redeemed the reward "Desk plant" for 10 points.');
    expect((await outboxTo(ada)).map((row) => row.subject)).not.toContain('Ada Admin redeemed "Desk plant"');

    const before = await testApp.db.$count(mailOutbox);
    const refused = await testApp.client.post(`/api/rewards/${reward.id}/redeem/`, undefined, { token: ada.token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe("You need 10 more points for this reward.");
    expect(await testApp.db.$count(mailOutbox)).toBe(before);
    const adaBell = await testApp.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ada.id), eq(notifications.type, "rewards_redeemed")));
    expect(adaBell).toHaveLength(3);
  });
});
