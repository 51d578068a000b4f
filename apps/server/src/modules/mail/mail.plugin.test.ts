/**
 * The outbox sends mail when the transaction that enqueued it commits, whichever feature wrote it:
 * the poll is set to an hour here, so a mail that arrives was sent on its commit's announcement.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { mailPeerPerFile } from "../../test/mail-peer.ts";
import { buildIdeasWorld, type IdeasWorld, ideasApiFor } from "../ideas/ideas.test-kit.ts";

const AN_HOUR_MS = 3_600_000;

let testApp: TestApp;
const peer = mailPeerPerFile();
let world: IdeasWorld;

beforeAll(async () => {
  testApp = await buildTestApp({
    env: { SMTP_URL: peer.url, MAIL_POLL_INTERVAL_MS: String(AN_HOUR_MS), RATE_LIMIT_MULTIPLIER: "1000" },
  });
  world = await buildIdeasWorld(testApp);
});

afterAll(async () => {
  await testApp.close();
});

describe("mail outbox wake-up", () => {
  it("delivers the mail of an idea's approval on its commit, without waiting for the poll", async () => {
    await ideasApiFor(testApp).ideaIn(
      "approved",
      { author: world.alice, manager: world.alphaManager, admin: world.admin },
      { title: "Rain garden" },
    );

    const mail = await peer.waitForMail(world.alice.email, { timeoutMs: 10_000 });
    expect(mail.subject).toContain("Rain garden");
  });

  it("delivers a password reset link on its commit, without waiting for the poll", async () => {
    const response = await testApp.client.post("/api/password-reset/request/", { email: world.bob.email });
    expect(response.statusCode, response.body).toBe(200);

    const mail = await peer.waitForMail(world.bob.email, { timeoutMs: 10_000 });
    expect(mail.subject).toBe("Reset your Ideaport password");
  });
});
