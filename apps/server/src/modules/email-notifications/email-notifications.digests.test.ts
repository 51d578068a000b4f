import type { IdeaDetail } from "@ideaport/shared";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { emailDigests, mailOutbox } from "../../db/schema/index.ts";
import { buildTestApp, createTestConfig, type TestApp } from "../../test/app.ts";
import { mailPeerPerFile } from "../../test/mail-peer.ts";
import { buildIdeasWorld, type IdeasWorld, ideasApiFor, type Person } from "../ideas/ideas.test-kit.ts";
import { JOBS } from "../jobs/jobs.plugin.ts";
import { notify } from "../notifications/notifications.service.ts";
import { createEmailNotificationsService, digestPeriod } from "./email-notifications.service.ts";
import { EVERY_EVENT, putEmailPreferences } from "./email-notifications.test-kit.ts";

const APP_URL = "https://ideas.example.com";
const ENV = { APP_URL, RATE_LIMIT_MULTIPLIER: "1000", JOB_QUEUE: "true" };

let testApp: TestApp;
/** A second instance of the server on the same database, with its own job queue and outbox worker. */
let secondInstance: FastifyInstance;
const peer = mailPeerPerFile();
let world: IdeasWorld;
let ideas: ReturnType<typeof ideasApiFor>;

beforeAll(async () => {
  testApp = await buildTestApp({ env: { ...ENV, SMTP_URL: peer.url } });
  secondInstance = await buildApp({
    config: createTestConfig({ ...ENV, SMTP_URL: peer.url }),
    database: testApp.database,
    clock: testApp.clock,
    logger: false,
  });
  await secondInstance.ready();
  world = await buildIdeasWorld(testApp);
  ideas = ideasApiFor(testApp);
});

afterAll(async () => {
  await secondInstance.close();
  await testApp.close();
});

async function choose(person: Person, preferences: Partial<Record<keyof typeof EVERY_EVENT, string>>) {
  const response = await putEmailPreferences(testApp, person, { ...EVERY_EVENT, ...preferences });
  expect(response.statusCode, response.body).toBe(200);
}

/**
 * `count` comments on `person`'s ideas, written as the ideas module writes them (notify), by Anton
 * or, on Anton's own ideas, by Alice: nobody is notified of their own comment.
 */
async function commentsFor(person: Person, onIdeas: IdeaDetail[], count: number) {
  const commenter = person.id === world.anton.id ? world.alice : world.anton;
  await testApp.db.transaction(async (tx) => {
    for (let index = 0; index < count; index++) {
      const idea = onIdeas[index % onIdeas.length]!;
      await notify(tx, {
        companyId: world.company.id,
        userIds: [person.id],
        type: "new_comment",
        actorId: commenter.id,
        actorName: commenter.displayName,
        subjectId: person.id,
        projectIdeaTitle: idea.title,
        relatedIdeaId: idea.id,
      });
    }
  });
}

async function mailRowsTo(address: string) {
  return testApp.db.select().from(mailOutbox).where(eq(mailOutbox.to, address));
}

describe("e-mail digests", () => {
  it("sends a digest of 200 items as one mail grouped by idea, and never twice", async () => {
    await choose(world.alice, { comments: "daily" });
    const titles = ["Solar roof", "Bike racks", "Quiet room", "Fruit basket"];
    const aliceIdeas: IdeaDetail[] = [];
    for (const title of titles) aliceIdeas.push(await ideas.createIdea(world.alice, { title }));
    await commentsFor(world.alice, aliceIdeas, 200);
    const emails = createEmailNotificationsService({ db: testApp.db, clock: testApp.clock });

    const due = await emails.dueDigests("daily");
    expect(due).toEqual([
      { userId: world.alice.id, companyId: world.company.id, frequency: "daily", period: "2026-11-22" },
    ]);
    expect(await emails.sendDigest(due[0]!)).toBe(200);
    expect(await emails.sendDigest(due[0]!)).toBe(0);

    const mail = await peer.waitForMail(world.alice.email);
    expect(mail.subject).toBe("Your daily Ideaport digest: 200 updates");
    expect(mail.text).toContain("Hello Alice Author,\n\nHere is what happened since your last daily digest, by idea.");
    for (const [index, title] of titles.entries()) {
      const heading = `"${title}"\n`;
      expect(mail.text.split(heading)).toHaveLength(2);
      const section = mail.text.split(heading)[1]!.split("\n\n")[0]!.split("\n");
      expect(section).toHaveLength(51);
      expect(new Set(section.slice(0, 50))).toEqual(new Set([`- Anton Teammate commented on your idea "${title}".`]));
      expect(section[50]).toBe(`- Open: ${APP_URL}/app/employee-ideas?idea=${aliceIdeas[index]!.id}`);
    }
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.text).toMatch(
      /Unsubscribe from this digest: https:\/\/ideas\.example\.com\/api\/email-preferences\/unsubscribe\/\?token=/,
    );
    expect(await mailRowsTo(world.alice.email)).toHaveLength(1);
    expect(await emails.dueDigests("daily")).toEqual([]);
  });

  it("sends one digest when two instances run the same sweep at once", async () => {
    await choose(world.bob, { comments: "weekly" });
    const bobIdeas = [await ideas.createIdea(world.bob, { title: "Standing desks" })];
    await commentsFor(world.bob, bobIdeas, 30);
    const first = (await testApp.app.jobQueue.started)!;
    const second = (await secondInstance.jobQueue.started)!;
    expect(first).toBeDefined();
    expect(second).toBeDefined();

    // Each instance's scheduler fires the weekly sweep (as two instances' clocks would), twice.
    await Promise.all([
      first.send(JOBS.weeklyDigests.name, {}),
      second.send(JOBS.weeklyDigests.name, {}),
      first.send(JOBS.weeklyDigests.name, {}),
    ]);

    const mail = await peer.waitForMail(world.bob.email, { timeoutMs: 20_000 });
    expect(mail.subject).toBe("Your weekly Ideaport digest: 30 updates");
    // Give the other sweeps and workers time to do anything they would.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect(await mailRowsTo(world.bob.email)).toHaveLength(1);
    expect(peer.mailTo(world.bob.email)).toHaveLength(1);
    const digests = await testApp.db.select().from(emailDigests).where(eq(emailDigests.userId, world.bob.id));
    expect(digests).toMatchObject([
      { frequency: "weekly", period: digestPeriod("weekly", testApp.clock()), itemCount: 30 },
    ]);
    const { rows: jobs } = await testApp.database.executeSql(
      "select name, state from pgboss.job where name = $1 or name = $2",
      [JOBS.weeklyDigests.name, JOBS.digest.name],
    );
    expect(jobs.filter((job) => job.state !== "completed")).toEqual([]);
  });

  it("sends one digest when two workers send the same digest at once", async () => {
    await choose(world.anton, { comments: "daily" });
    const antonIdeas = [await ideas.createIdea(world.anton, { title: "Team lunch" })];
    await commentsFor(world.anton, antonIdeas, 5);
    const one = createEmailNotificationsService({ db: testApp.db, clock: testApp.clock });
    const other = createEmailNotificationsService({ db: testApp.database.db, clock: testApp.clock });
    const [job] = await one.dueDigests("daily");

    const sent = await Promise.all([one.sendDigest(job!), other.sendDigest(job!)]);

    expect(sent.sort()).toEqual([0, 5]);
    expect(await mailRowsTo(world.anton.email)).toHaveLength(1);
  });

  it("unsubscribes from a digest in one click: its categories go to none, the rest stay", async () => {
    await choose(world.betaManager, { comments: "weekly", approvals: "weekly", rejections: "daily" });
    const idea = await ideas.createIdea(world.betaManager, { title: "Plants" });
    await commentsFor(world.betaManager, [idea], 1);
    const emails = createEmailNotificationsService({ db: testApp.db, clock: testApp.clock });
    const [job] = (await emails.dueDigests("weekly")).filter((digest) => digest.userId === world.betaManager.id);
    await emails.sendDigest(job!);
    const mail = await peer.waitForMail(world.betaManager.email);
    expect(mail.subject).toBe("Your weekly Ideaport digest: 1 update");
    const url = new URL(/<([^>]+)>/.exec(mail.headers["list-unsubscribe"]!.replace(/\s+/g, ""))![1]!);

    const response = await testApp.app.inject({
      method: "POST",
      url: `${url.pathname}${url.search}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });

    expect(response.json()).toEqual({
      success: true,
      message: "You will no longer get the weekly digest. You can choose e-mails again in Profile Settings.",
    });
    const preferences = await testApp.client.get("/api/email-preferences/", { token: world.betaManager.token });
    expect(preferences.json().preferences).toEqual({
      ...EVERY_EVENT,
      admin_requests: "immediate",
      comments: "none",
      approvals: "none",
      rejections: "daily",
    });
  });
});
