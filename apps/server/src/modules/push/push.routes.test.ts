import {
  NotificationListResponseSchema,
  PushPublicKeyResponseSchema,
  PushSubscriptionResponseSchema,
  PushSubscriptionsResponseSchema,
} from "@ideaport/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { pushDeliveries, pushSubscriptions, users } from "../../db/schema/index.ts";
import { buildTestApp, startedForSuite, TEST_VAPID_KEYS, type TestApp } from "../../test/app.ts";
import { startTestPushService, type TestPushService, type TestSubscription } from "../../test/push-service.ts";
import { buildIdeasWorld, type IdeasWorld, ideasApiFor, type Person } from "../ideas/ideas.test-kit.ts";
import { createPushService, pushSettingsOf } from "./push.service.ts";

/** The categories an employee is offered (not the requests that managers and admins decide). */
const EMPLOYEE_CATEGORIES = [
  "approvals",
  "revision_requests",
  "rejections",
  "comments",
  "request_answers",
  "actions",
  "redemptions",
];

let testApp: TestApp;
let service: TestPushService;
let world: IdeasWorld;
let ideas: ReturnType<typeof ideasApiFor>;

beforeAll(async () => {
  service = await startTestPushService(inject("pushServiceCertificate"), {
    vapidPublicKey: TEST_VAPID_KEYS.publicKey,
  });
  // The push service is on the loopback: the installation allows private networks, as for tests.
  testApp = await buildTestApp({
    env: { RATE_LIMIT_MULTIPLIER: "1000", INTEGRATIONS_ALLOW_PRIVATE_NETWORKS: "true" },
  });
  world = await buildIdeasWorld(testApp);
  ideas = ideasApiFor(testApp);
});

afterAll(async () => {
  await testApp?.close();
  await service?.close();
});

function subscribe(person: Person, subscription: TestSubscription, categories?: string[]) {
  return testApp.client.post(
    "/api/push/subscriptions/",
    { ...subscription, id: undefined, expirationTime: null, ...(categories ? { categories } : {}) },
    { token: person.token },
  );
}

async function subscriptionsOf(person: Person) {
  const response = await testApp.client.get("/api/push/subscriptions/", { token: person.token });
  expect(response.statusCode, response.body).toBe(200);
  return PushSubscriptionsResponseSchema.parse(response.json()).subscriptions;
}

/** Sends what is due, as the job queue's worker does. */
function deliverDue() {
  return createPushService({
    db: testApp.db,
    clock: testApp.clock,
    push: pushSettingsOf(testApp.config),
  }).deliverDue();
}

async function storedSubscriptionCount(): Promise<number> {
  return (await testApp.db.select().from(pushSubscriptions)).length;
}

describe("subscribing a device", () => {
  it("answers the VAPID public key browsers subscribe with", async () => {
    const response = await testApp.client.get("/api/push/public-key/", { token: world.alice.token });
    expect(response.statusCode, response.body).toBe(200);
    expect(PushPublicKeyResponseSchema.parse(response.json()).public_key).toBe(TEST_VAPID_KEYS.publicKey);
  });

  it("subscribes a device to every category offered, changes them on a second post, and ends it", async () => {
    const phone = service.subscribe();
    const created = await subscribe(world.anton, phone);
    expect(created.statusCode, created.body).toBe(200);
    const { subscription } = PushSubscriptionResponseSchema.parse(created.json());
    expect(subscription).toMatchObject({ endpoint: phone.endpoint, categories: EMPLOYEE_CATEGORIES });
    expect(subscription.last_success_at).toBeNull();

    // A manager-only category is dropped for an employee; the same endpoint is one device.
    const changed = await subscribe(world.anton, phone, ["comments", "admin_requests"]);
    expect(changed.statusCode, changed.body).toBe(200);
    const laptop = service.subscribe();
    expect((await subscribe(world.anton, laptop)).statusCode).toBe(200);
    expect((await subscriptionsOf(world.anton)).map((row) => [row.endpoint, row.categories])).toEqual([
      [phone.endpoint, ["comments"]],
      [laptop.endpoint, EMPLOYEE_CATEGORIES],
    ]);
    expect(await subscriptionsOf(world.alice)).toEqual([]);

    const ended = await testApp.client.delete("/api/push/subscriptions/", {
      body: { endpoint: phone.endpoint },
      token: world.anton.token,
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await subscriptionsOf(world.anton)).map((row) => row.endpoint)).toEqual([laptop.endpoint]);
    const again = await testApp.client.delete("/api/push/subscriptions/", {
      body: { endpoint: phone.endpoint },
      token: world.anton.token,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: "push.subscription_not_found" });
  });

  it("never lets anyone else, in the company or outside it, end a person's subscription", async () => {
    const device = service.subscribe();
    expect((await subscribe(world.anton, device)).statusCode).toBe(200);
    for (const other of [world.outsiderAdmin, world.admin, world.betaManager]) {
      const response = await testApp.client.delete("/api/push/subscriptions/", {
        body: { endpoint: device.endpoint },
        token: other.token,
      });
      expect(response.statusCode).toBe(404);
      expect(await subscriptionsOf(other)).toEqual([]);
    }
    expect((await subscriptionsOf(world.anton)).map((row) => row.endpoint)).toContain(device.endpoint);
  });

  it("refuses malformed subscriptions with a readable message and stores nothing", async () => {
    const before = await storedSubscriptionCount();
    const valid = service.subscribe();
    const cases: Array<[unknown, string]> = [
      [{ ...valid, endpoint: "ftp://push.example.com/x" }, "The browser's push address must be a full https address."],
      [{ ...valid, endpoint: "not an address" }, "The browser's push address must be a full https address."],
      [{ ...valid, keys: { p256dh: "", auth: valid.keys.auth } }, "The browser's push keys are missing or malformed."],
      [
        { ...valid, keys: { p256dh: "a+b/c=", auth: valid.keys.auth } },
        "The browser's push keys are missing or malformed.",
      ],
      [{ endpoint: valid.endpoint }, "The browser's push keys are missing or malformed."],
      [
        { ...valid, categories: ["everything"] },
        "Choose among the kinds of notifications offered in Profile Settings.",
      ],
    ];
    for (const [body, message] of cases) {
      const response = await testApp.client.post("/api/push/subscriptions/", body, { token: world.alice.token });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(response.json())).toContain(message);
    }
    expect(await storedSubscriptionCount()).toBe(before);
  });
});

describe("the outbound rules for push services", () => {
  const strict = startedForSuite(() => buildTestApp({ env: { RATE_LIMIT_MULTIPLIER: "1000" } }));

  it("refuses a push service on the loopback, a private address or plain http unless the installation allows it", async () => {
    const strictWorld = await buildIdeasWorld(strict);
    const keys = service.subscribe().keys;
    for (const endpoint of [
      service.subscribe().endpoint,
      "https://127.0.0.1/push/1",
      "https://10.1.2.3/push/1",
      "https://[::1]/push/1",
      "https://169.254.169.254/latest",
      "http://push.example.com/push/1",
    ]) {
      const response = await strict.client.post(
        "/api/push/subscriptions/",
        { endpoint, keys },
        { token: strictWorld.alice.token },
      );
      expect(response.statusCode, endpoint).toBe(400);
    }
    const refused = await strict.client.post(
      "/api/push/subscriptions/",
      { endpoint: "https://127.0.0.1/push/1", keys },
      { token: strictWorld.alice.token },
    );
    expect(refused.json()).toMatchObject({
      code: "push.endpoint_refused",
      error: "This browser's push service cannot be used: it must be an https address on the public internet.",
    });
    expect((await strict.db.select().from(pushSubscriptions)).length).toBe(0);
  });
});

describe("sending notifications to devices", () => {
  it("pushes an approval to each of the author's devices after commit: the bell's sentence in their language, and the idea's link", async () => {
    await testApp.db.update(users).set({ language: "de" }).where(eq(users.id, world.alice.id));
    const phone = service.subscribe();
    const laptop = service.subscribe();
    expect((await subscribe(world.alice, phone)).statusCode).toBe(200);
    expect((await subscribe(world.alice, laptop)).statusCode).toBe(200);
    const start = service.received.length;

    const idea = await ideas.ideaIn(
      "approved",
      { author: world.alice, manager: world.alphaManager, admin: world.admin },
      { title: "Solar roof" },
    );
    // Written with the approval, sent only by the worker.
    expect(service.received.length).toBe(start);
    expect(await deliverDue()).toBe(2);

    const arrived = service.received.slice(start);
    expect(arrived.map((message) => message.subscriptionId).sort()).toEqual([phone.id, laptop.id].sort());
    const bell = await testApp.client.get(`/api/notifications/${world.alice.id}/`, { token: world.alice.token });
    const approval = NotificationListResponseSchema.parse(bell.json()).notifications.find(
      (notification) => notification.type === "idea_status_approved",
    );
    // The bell reads the sentence in Alice's language, German, from the shared renderer.
    expect(approval?.content).toContain("„Solar roof“");
    expect(approval?.content).not.toContain("approved");
    for (const message of arrived) {
      expect(message.payload).toEqual({
        body: approval?.content,
        url: `/app/employee-ideas?idea=${idea.id}`,
        tag: approval?.id,
      });
      expect(message.ttl).toBe(86_400);
      expect(message.urgency).toBe("normal");
    }
    const devices = await subscriptionsOf(world.alice);
    expect(devices.every((device) => device.last_success_at !== null)).toBe(true);
    expect(await testApp.db.select().from(pushDeliveries)).toEqual([]);
  });

  it("pushes only the categories a device is on for, and nothing for bell-only notifications", async () => {
    const device = service.subscribe();
    expect((await subscribe(world.anton, device, ["comments"])).statusCode).toBe(200);
    const start = service.received.length;

    await ideas.ideaIn("approved", { author: world.anton, manager: world.alphaManager, admin: world.admin });
    const idea = await ideas.createIdea(world.anton, { title: "Bike racks" });
    const comment = await testApp.client.post(
      `/api/project-ideas/${idea.id}/comments/`,
      { body: "Great idea!" },
      { token: world.alice.token },
    );
    expect(comment.statusCode, comment.body).toBe(200);
    await deliverDue();

    const arrived = service.received.slice(start).filter((message) => message.subscriptionId === device.id);
    expect(arrived.map((message) => (message.payload as { body: string }).body)).toEqual([
      'Alice Author commented on your idea "Bike racks".',
    ]);
  });

  it("removes a subscription the push service answers 410 or 404 for, and tries a busy service again later", async () => {
    const gone = service.subscribe();
    const unknown = service.subscribe();
    const busy = service.subscribe();
    for (const device of [gone, unknown, busy]) expect((await subscribe(world.bob, device)).statusCode).toBe(200);
    service.answerWith(gone.id, 410);
    service.answerWith(unknown.id, 404);
    service.answerWith(busy.id, 503);
    const start = service.received.length;

    await ideas.ideaIn("approved", { author: world.bob, manager: world.betaManager, admin: world.admin });
    expect(await deliverDue()).toBe(3);

    const endpoints = (await subscriptionsOf(world.bob)).map((row) => row.endpoint);
    expect(endpoints).not.toContain(gone.endpoint);
    expect(endpoints).not.toContain(unknown.endpoint);
    expect(endpoints).toContain(busy.endpoint);
    const [waiting] = await testApp.db.select().from(pushDeliveries);
    expect(waiting?.attempts).toBe(1);
    // Not due again until its back-off has passed.
    expect(await deliverDue()).toBe(0);

    service.answerWith(busy.id, 201);
    await testApp.db.update(pushDeliveries).set({ sendAfter: new Date(Date.now() - 1000) });
    expect(await deliverDue()).toBe(1);
    expect(service.received.slice(start).map((message) => message.subscriptionId)).toEqual([busy.id]);
    expect(await testApp.db.select().from(pushDeliveries)).toEqual([]);
  });
});

describe("the job queue", () => {
  const queued = startedForSuite(() =>
    buildTestApp({
      env: { RATE_LIMIT_MULTIPLIER: "1000", INTEGRATIONS_ALLOW_PRIVATE_NETWORKS: "true", JOB_QUEUE: "true" },
    }),
  );

  it("sends a notification's push message as soon as its transaction commits", async () => {
    expect(await queued.app.jobQueue.started).toBeDefined();
    const queuedWorld = await buildIdeasWorld(queued);
    const device = service.subscribe();
    const subscribed = await queued.client.post(
      "/api/push/subscriptions/",
      { endpoint: device.endpoint, keys: device.keys },
      { token: queuedWorld.alice.token },
    );
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    const start = service.received.length;

    await ideasApiFor(queued).ideaIn(
      "approved",
      { author: queuedWorld.alice, manager: queuedWorld.alphaManager, admin: queuedWorld.admin },
      { title: "Queued roof" },
    );

    await service.waitForMessages(start + 1);
    expect(service.received.slice(start).map((message) => [message.subscriptionId, message.payload])).toEqual([
      [device.id, expect.objectContaining({ body: 'Mona Manager approved your idea "Queued roof".' })],
    ]);
  });
});
