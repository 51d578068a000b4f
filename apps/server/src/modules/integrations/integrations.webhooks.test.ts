import {
  CreateWebhookResponseSchema,
  WEBHOOK_DELIVERY_LOG_SIZE,
  WebhookDeliveriesResponseSchema,
  WebhooksResponseSchema,
} from "@ideaport/shared";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { challenges, integrationOutbox, notifications, webhookDeliveries, webhooks } from "../../db/schema/index.ts";
import { buildCompany, buildPerson, buildTeam } from "../../test/factories.ts";
import { FIRST_RETRY_DELAY_MS, retryDelayMs } from "./integrations.service.ts";
import {
  type IntegrationsWorld,
  integrationsOf,
  integrationsWorlds,
  isValidSignature,
  submitIdea,
} from "./integrations.test-kit.ts";

const buildWorld = integrationsWorlds();

async function registerWebhook(world: IntegrationsWorld, events = ["idea.submitted"]) {
  const response = await world.app.client.post(
    "/api/webhooks/",
    { url: world.receiver.url(), events },
    { token: world.admin.token },
  );
  expect(response.statusCode, response.body).toBe(200);
  return CreateWebhookResponseSchema.parse(response.json());
}

/** An idea of Ada Byron, an employee. */
function submitAdasIdea(world: IntegrationsWorld, title = "Solar roofs") {
  return submitIdea(world, world.employeeOfAlpha, title);
}

async function deliveryLog(world: IntegrationsWorld, webhookId: string) {
  const response = await world.app.client.get(`/api/webhooks/${webhookId}/deliveries/`, { token: world.admin.token });
  expect(response.statusCode, response.body).toBe(200);
  return WebhookDeliveriesResponseSchema.parse(response.json()).deliveries;
}

describe("outgoing webhooks", () => {
  it("answers the signing secret once, keeps it sealed, and signs each delivery with it as documented", async () => {
    const world = await buildWorld();
    const { webhook, secret } = await registerWebhook(world);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(webhook).toMatchObject({ url: world.receiver.url(), events: ["idea.submitted"], enabled: true });

    const listed = await world.app.client.get("/api/webhooks/", { token: world.admin.token });
    expect(listed.body).not.toContain(secret);
    expect(WebhooksResponseSchema.parse(listed.json()).webhooks).toHaveLength(1);
    const [row] = await world.app.db.select().from(webhooks).where(eq(webhooks.id, webhook.id));
    expect(JSON.stringify(row)).not.toContain(secret.slice(6));

    const ideaId = await submitAdasIdea(world);
    // Nothing is sent inside the request: the job queue sends it after the commit.
    expect(world.receiver.requests).toHaveLength(0);
    expect(await integrationsOf(world.app).deliverDue()).toBe(1);

    const [request] = world.receiver.requests;
    expect(request!.method).toBe("POST");
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(
      isValidSignature(request!.headers["ideaport-signature"] as string, request!.rawBody, secret, world.app.clock()),
    ).toBe(true);
    expect(
      isValidSignature(
        request!.headers["ideaport-signature"] as string,
        `${request!.rawBody} `,
        secret,
        world.app.clock(),
      ),
    ).toBe(false);
    expect(
      isValidSignature(
        request!.headers["ideaport-signature"] as string,
        request!.rawBody,
        "whsec_other",
        world.app.clock(),
      ),
    ).toBe(false);
    expect(request!.headers["ideaport-signature"]).toBe(
      `t=${Math.floor(world.app.clock().getTime() / 1000)},v1=${(request!.headers["ideaport-signature"] as string).split("v1=")[1]}`,
    );
    const body = JSON.parse(request!.rawBody);
    expect(Object.keys(body).sort()).toEqual(["created_at", "data", "id", "type"]);
    expect(body).toMatchObject({
      type: "idea.submitted",
      created_at: world.app.clock().toISOString(),
      data: {
        idea: { id: ideaId, title: "Solar roofs", status: "submitted" },
        actor: { id: world.employeeOfAlpha.id, name: expect.stringContaining("Ada") },
        path: `/app/employee-ideas?idea=${ideaId}`,
      },
    });

    const [logged] = await deliveryLog(world, webhook.id);
    expect(logged).toMatchObject({
      delivery_id: request!.headers["ideaport-delivery"],
      event_type: "idea.submitted",
      attempt: 1,
      status_code: 200,
      error: null,
      excerpt: "ok",
    });
    // Delivered: nothing waits any more.
    expect(await world.app.db.select().from(integrationOutbox)).toHaveLength(0);
  });

  it("retries after a 500 and a time-out with the same delivery id, waiting longer each time", async () => {
    const world = await buildWorld();
    const { webhook, secret } = await registerWebhook(world);
    await submitAdasIdea(world);
    const service = integrationsOf(world.app, { timeoutMs: 300 });
    world.receiver.answers.push({ status: 500, body: "down for maintenance" }, "hang");

    expect(await service.deliverDue()).toBe(1);
    // Not again before its wait is over.
    world.app.clock.advance(FIRST_RETRY_DELAY_MS - 1000);
    expect(await service.deliverDue()).toBe(0);
    world.app.clock.advance(1000);
    expect(await service.deliverDue()).toBe(1);
    world.app.clock.advance(retryDelayMs(2) - 1000);
    expect(await service.deliverDue()).toBe(0);
    world.app.clock.advance(1000);
    expect(await service.deliverDue()).toBe(1);

    const ids = new Set(world.receiver.requests.map((request) => request.headers["ideaport-delivery"]));
    expect(world.receiver.requests).toHaveLength(3);
    expect(ids.size).toBe(1);
    for (const request of world.receiver.requests) {
      expect(JSON.parse(request.rawBody).type).toBe("idea.submitted");
    }
    // Every attempt is signed afresh, at its own time.
    expect(
      isValidSignature(
        world.receiver.requests[2]!.headers["ideaport-signature"] as string,
        world.receiver.requests[2]!.rawBody,
        secret,
        world.app.clock(),
      ),
    ).toBe(true);
    const log = await deliveryLog(world, webhook.id);
    expect(log.map(({ attempt, status_code, error, excerpt }) => ({ attempt, status_code, error, excerpt }))).toEqual([
      { attempt: 3, status_code: 200, error: null, excerpt: "ok" },
      { attempt: 2, status_code: null, error: "timeout", excerpt: null },
      { attempt: 1, status_code: 500, error: "status", excerpt: "down for maintenance" },
    ]);
    const [row] = await world.app.db.select().from(webhooks).where(eq(webhooks.id, webhook.id));
    expect(row!.consecutiveFailures).toBe(0);
  });

  it("gives a delivery up after a day of failures", async () => {
    const world = await buildWorld();
    await registerWebhook(world);
    await submitAdasIdea(world);
    const service = integrationsOf(world.app);
    world.receiver.answers.push(...Array.from({ length: 100 }, () => ({ status: 503 })));
    const start = world.app.clock().getTime();
    let attempts = 0;
    while ((await world.app.db.select().from(integrationOutbox)).length > 0) {
      attempts += await service.deliverDue();
      world.app.clock.advance(60_000);
      expect(world.app.clock().getTime() - start).toBeLessThan(25 * 60 * 60 * 1000);
    }
    // 30 s, 1, 2, 4 … minutes, then hourly: the last attempt falls within the 24 hours.
    expect(attempts).toBeGreaterThan(20);
    expect(attempts).toBeLessThan(40);
    const last = world.receiver.requests.length;
    world.app.clock.advance(2 * 60 * 60 * 1000);
    await service.deliverDue();
    expect(world.receiver.requests.length).toBe(last);
  });

  it("switches a webhook off at 50 failures in a row and tells the admins in the bell; switching it on starts afresh", async () => {
    const world = await buildWorld();
    const { webhook } = await registerWebhook(world);
    await world.app.db.update(webhooks).set({ consecutiveFailures: 48 }).where(eq(webhooks.id, webhook.id));
    world.receiver.answers.push({ status: 500 }, { status: 500 });
    const service = integrationsOf(world.app);
    await submitAdasIdea(world, "First");
    await service.deliverDue();
    let [row] = await world.app.db.select().from(webhooks).where(eq(webhooks.id, webhook.id));
    expect(row).toMatchObject({ consecutiveFailures: 49, enabled: true });
    const bell = async () =>
      (await world.app.db.select().from(notifications).where(eq(notifications.userId, world.admin.id))).filter(
        (notification) => notification.type === "webhook_disabled",
      );
    expect(await bell()).toHaveLength(0);

    await submitAdasIdea(world, "Second");
    await service.deliverDue();
    [row] = await world.app.db.select().from(webhooks).where(eq(webhooks.id, webhook.id));
    expect(row).toMatchObject({ consecutiveFailures: 50, enabled: false });
    expect(row!.disabledForFailuresAt).toEqual(world.app.clock());
    expect(await bell()).toHaveLength(1);
    const told = await world.app.client.get(`/api/notifications/${world.admin.id}/`, { token: world.admin.token });
    const notices = told.json().notifications as { type: string }[];
    expect(notices.find((notice) => notice.type === "webhook_disabled")).toMatchObject({
      type: "webhook_disabled",
      content:
        "A webhook failed 50 times in a row and was switched off: check its address and delivery log in Company Settings, then switch it on again.",
    });
    // Switched off: neither the waiting retry nor a new event is sent.
    const sent = world.receiver.requests.length;
    await submitAdasIdea(world, "Third");
    world.app.clock.advance(60 * 60 * 1000);
    await service.deliverDue();
    expect(world.receiver.requests.length).toBe(sent);
    // An hour on, the people sign in again.
    world.admin.token = await world.app.tokenFor(world.admin);
    world.employeeOfAlpha.token = await world.app.tokenFor(world.employeeOfAlpha);

    const switchedOn = await world.app.client.patch(
      `/api/webhooks/${webhook.id}/`,
      { enabled: true },
      { token: world.admin.token },
    );
    expect(switchedOn.statusCode, switchedOn.body).toBe(200);
    expect(switchedOn.json().webhook).toMatchObject({
      enabled: true,
      consecutive_failures: 0,
      disabled_for_failures_at: null,
    });
    await submitAdasIdea(world, "Fourth");
    await service.deliverDue();
    expect(JSON.parse(world.receiver.requests.at(-1)!.rawBody).data.idea.title).toBe("Fourth");
  });

  it("keeps the last 100 attempts per webhook and resends one with its delivery id", async () => {
    const world = await buildWorld();
    const { webhook } = await registerWebhook(world);
    const service = integrationsOf(world.app);
    for (let index = 0; index < WEBHOOK_DELIVERY_LOG_SIZE + 5; index++) {
      await world.app.db.insert(integrationOutbox).values({
        companyId: world.admin.companyId!,
        webhookId: webhook.id,
        deliveryId: crypto.randomUUID(),
        eventType: "idea.submitted",
        payload: { id: crypto.randomUUID(), type: "idea.submitted", created_at: "x", data: { n: index } },
        nextAttemptAt: world.app.clock(),
        expiresAt: new Date(world.app.clock().getTime() + 1000),
      });
    }
    await service.deliverDue();
    const log = await deliveryLog(world, webhook.id);
    expect(log).toHaveLength(WEBHOOK_DELIVERY_LOG_SIZE);
    expect(await world.app.db.select().from(webhookDeliveries)).toHaveLength(WEBHOOK_DELIVERY_LOG_SIZE);

    const chosen = log[3]!;
    const original = world.receiver.requests.find(
      (request) => request.headers["ideaport-delivery"] === chosen.delivery_id,
    )!;
    const resent = await world.app.client.post(
      `/api/webhooks/${webhook.id}/deliveries/${chosen.delivery_id}/resend/`,
      {},
      { token: world.admin.token },
    );
    expect(resent.statusCode, resent.body).toBe(200);
    world.app.clock.advance(1000);
    await service.deliverDue();
    const again = world.receiver.requests.at(-1)!;
    expect(again.headers["ideaport-delivery"]).toBe(chosen.delivery_id);
    expect(again.rawBody).toBe(original.rawBody);
    expect((await deliveryLog(world, webhook.id))[0]).toMatchObject({ delivery_id: chosen.delivery_id, attempt: 2 });

    const unknown = await world.app.client.post(
      `/api/webhooks/${webhook.id}/deliveries/${crypto.randomUUID()}/resend/`,
      {},
      { token: world.admin.token },
    );
    expect(unknown.statusCode).toBe(404);
  });

  it("sends a signed test delivery now and logs it", async () => {
    const world = await buildWorld();
    const { webhook, secret } = await registerWebhook(world);
    world.receiver.answers.push({ status: 418, body: "I'm a teapot" });
    const tested = await world.app.client.post(`/api/webhooks/${webhook.id}/test/`, {}, { token: world.admin.token });
    expect(tested.json()).toEqual({ success: true, delivered: false, status_code: 418, error: "status" });
    const [request] = world.receiver.requests;
    expect(JSON.parse(request!.rawBody)).toMatchObject({ type: "webhook.test", data: { webhook_id: webhook.id } });
    expect(
      isValidSignature(request!.headers["ideaport-signature"] as string, request!.rawBody, secret, world.app.clock()),
    ).toBe(true);
    expect((await deliveryLog(world, webhook.id))[0]).toMatchObject({
      event_type: "webhook.test",
      status_code: 418,
      excerpt: "I'm a teapot",
    });
  });

  it("checks the address again at every send: a saved webhook whose host is private now is refused", async () => {
    const world = await buildWorld();
    const { webhook } = await registerWebhook(world);
    await submitAdasIdea(world);
    // The same delivery, sent by an installation that keeps the address rule.
    await integrationsOf(world.app, { allowPrivateNetworks: false }).deliverDue();
    expect(world.receiver.requests).toHaveLength(0);
    expect((await deliveryLog(world, webhook.id))[0]).toMatchObject({ status_code: null, error: "protocol_refused" });
  });

  it("hears only the events it chose, and nothing of another company", async () => {
    const world = await buildWorld();
    await registerWebhook(world, ["news.published"]);
    await submitAdasIdea(world);
    const other = await buildCompany(world.app.db);
    const otherTeam = await buildTeam(world.app.db, { companyId: other.id });
    const stranger = await buildPerson(world.app, { teamId: otherTeam.id });
    await world.app.client.post(
      "/api/project-ideas/",
      { title: "Elsewhere", description: "An idea of another company, which this webhook must not hear." },
      { token: stranger.token },
    );
    expect(await integrationsOf(world.app).deliverDue()).toBe(0);
  });
});

describe("challenges closing in two days", () => {
  it("are announced once by the daily job: a deadline more than one and at most two days away", async () => {
    const world = await buildWorld();
    await registerWebhook(world, ["challenge.closing"]);
    const now = world.app.clock().getTime();
    const hours = (count: number) => new Date(now + count * 60 * 60 * 1000);
    const challenge = (title: string, endsAt: Date, status: "active" | "closed" = "active") => ({
      companyId: world.admin.companyId!,
      scope: "company" as const,
      title,
      status,
      endsAt,
      createdBy: world.admin.id,
    });
    await world.app.db
      .insert(challenges)
      .values([
        challenge("Closes in 36 hours", hours(36)),
        challenge("Closes tomorrow", hours(20)),
        challenge("Closes in three days", hours(72)),
        challenge("Already closed", hours(30), "closed"),
      ]);
    const service = integrationsOf(world.app);
    expect(await service.announceClosingChallenges()).toBe(1);
    await service.deliverDue();
    expect(world.receiver.requests.map((request) => JSON.parse(request.rawBody))).toEqual([
      expect.objectContaining({
        type: "challenge.closing",
        data: expect.objectContaining({
          challenge: expect.objectContaining({
            title: "Closes in 36 hours",
            scope: "company",
            ends_at: hours(36).toISOString(),
          }),
        }),
      }),
    ]);
    // The next day's run finds the next challenge, never the same one again.
    world.app.clock.advance(24 * 60 * 60 * 1000);
    expect(await service.announceClosingChallenges()).toBe(1);
    await service.deliverDue();
    expect(JSON.parse(world.receiver.requests.at(-1)!.rawBody).data.challenge.title).toBe("Closes in three days");
  });
});

describe("the address rule when saving", () => {
  it("refuses every private form and a name that resolves to one, and stores nothing", async () => {
    const { app, admin } = await buildWorld({ allowPrivateNetworks: false });
    for (const url of [
      "http://hooks.example.com/plain-http",
      "https://127.0.0.1/hook",
      "https://10.1.2.3/hook",
      "https://172.16.0.1/hook",
      "https://192.168.1.1/hook",
      "https://100.64.0.1/hook",
      "https://169.254.169.254/latest/meta-data/",
      "https://0.0.0.0/hook",
      "https://[::1]/hook",
      "https://[fe80::1]/hook",
      "https://[fd12:3456::1]/hook",
      "https://[::ffff:127.0.0.1]/hook",
      "https://[::ffff:a9fe:a9fe]/hook",
      "https://0x7f.1/hook",
      "https://localhost/hook",
    ]) {
      const hook = await app.client.post("/api/webhooks/", { url, events: ["idea.submitted"] }, { token: admin.token });
      expect(hook.statusCode, url).toBe(400);
      expect(hook.json().code, url).toBe("integration.url_refused");
      const channel = await app.client.post(
        "/api/integrations/channels/",
        { kind: "slack", name: "General", url, events: ["news.published"] },
        { token: admin.token },
      );
      expect(channel.statusCode, url).toBe(400);
    }
    expect(await app.db.select().from(webhooks)).toHaveLength(0);
  });
});
