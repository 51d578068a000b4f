import { ChannelResponseSchema, ChannelsResponseSchema } from "@ideaport/shared";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, companies, integrationChannels } from "../../db/schema/index.ts";
import type { Person } from "../../test/factories.ts";
import { createNewsService } from "../news/news.service.ts";
import {
  adaptiveCardErrors,
  type IntegrationsWorld,
  integrationsOf,
  integrationsWorlds,
  SlackMessageSchema,
  submitIdea,
  TeamsWorkflowMessageSchema,
} from "./integrations.test-kit.ts";

const buildWorld = integrationsWorlds();

async function connect(world: IntegrationsWorld, by: Person, body: Record<string, unknown>) {
  const response = await world.app.client.post("/api/integrations/channels/", body, { token: by.token });
  expect(response.statusCode, response.body).toBe(200);
  return ChannelResponseSchema.parse(response.json()).channel;
}

/** What each path of the receiver got, parsed. */
function receivedAt(world: IntegrationsWorld, pathname: string): unknown[] {
  return world.receiver.requests.filter((request) => request.path === pathname).map((r) => JSON.parse(r.rawBody));
}

describe("chat channels", () => {
  it("tells a team's idea only to that team's channel, as valid Block Kit and Adaptive Card messages", async () => {
    const world = await buildWorld();
    const all = ["idea.submitted", "news.published"];
    await connect(world, world.admin, {
      kind: "slack",
      name: "#general",
      url: world.receiver.url("/company"),
      events: all,
    });
    await connect(world, world.managerOfAlpha, {
      kind: "slack",
      name: "#alpha",
      url: world.receiver.url("/alpha"),
      events: all,
      team_id: world.alphaId,
    });
    await connect(world, world.admin, {
      kind: "teams",
      name: "Beta in Teams",
      url: world.receiver.url("/beta"),
      events: all,
      team_id: world.betaId,
    });

    const ideaId = await submitIdea(world, world.employeeOfAlpha, "Solar roofs");
    await integrationsOf(world.app).deliverDue();
    expect(receivedAt(world, "/company")).toEqual([]);
    expect(receivedAt(world, "/beta")).toEqual([]);
    const [slack] = receivedAt(world, "/alpha");
    const message = SlackMessageSchema.parse(slack);
    expect(message.text).toBe('Ada Byron submitted the new idea "Solar roofs".');
    expect(message.blocks[1]).toEqual({
      type: "actions",
      elements: [
        {
          type: "button",
          text: { type: "plain_text", text: "Open in Ideaport", emoji: false },
          url: `${world.app.config.appUrl}/app/employee-ideas?idea=${ideaId}`,
        },
      ],
    });

    await submitIdea(world, world.employeeOfBeta, "Night shifts");
    await integrationsOf(world.app).deliverDue();
    const [teams] = receivedAt(world, "/beta");
    const card = TeamsWorkflowMessageSchema.parse(teams).attachments[0]!.content;
    expect(adaptiveCardErrors(card)).toEqual([]);
    // The schema refuses what Teams would not render: a TextBlock without text, an unknown element.
    expect(adaptiveCardErrors({ ...card, body: [{ type: "TextBlock", wrap: true }] })).not.toEqual([]);
    expect(adaptiveCardErrors({ ...card, body: [{ type: "Paragraph", text: "x" }] })).not.toEqual([]);
    expect(card).toMatchObject({
      type: "AdaptiveCard",
      body: [{ type: "TextBlock", text: 'Bob Beta submitted the new idea "Night shifts".', wrap: true }],
      actions: [{ type: "Action.OpenUrl", title: "Open in Ideaport" }],
    });
    expect(receivedAt(world, "/alpha")).toHaveLength(1);
  });

  it("tells the team's channel that its idea was approved and its action is done", async () => {
    const world = await buildWorld();
    await connect(world, world.managerOfAlpha, {
      kind: "slack",
      name: "#alpha",
      url: world.receiver.url("/alpha"),
      events: ["idea.approved", "action.done"],
      team_id: world.alphaId,
    });
    const ideaId = await submitIdea(world, world.employeeOfAlpha, "Bike racks");
    const step = async (to: string) => {
      const response = await world.app.client.post(
        `/api/project-ideas/${ideaId}/transition/`,
        { to },
        { token: world.managerOfAlpha.token },
      );
      expect(response.statusCode, response.body).toBe(200);
    };
    await step("under_review");
    await step("approved");
    await integrationsOf(world.app).deliverDue();
    const manager = `${world.managerOfAlpha.firstName} ${world.managerOfAlpha.lastName}`;
    expect(receivedAt(world, "/alpha").map((message) => SlackMessageSchema.parse(message).text)).toEqual([
      `${manager} approved the idea "Bike racks".`,
    ]);

    const actions = await world.app.client.get("/api/actions/", { token: world.managerOfAlpha.token });
    const actionId = actions.json().actions[0].id as string;
    const done = await world.app.client.patch(
      `/api/actions/${actionId}/`,
      { status: "done" },
      { token: world.managerOfAlpha.token },
    );
    expect(done.statusCode, done.body).toBe(200);
    // Done again changes nothing: it is told once.
    await world.app.client.patch(
      `/api/actions/${actionId}/`,
      { status: "done" },
      { token: world.managerOfAlpha.token },
    );
    await integrationsOf(world.app).deliverDue();
    expect(receivedAt(world, "/alpha").map((message) => SlackMessageSchema.parse(message).text)).toEqual([
      `${manager} approved the idea "Bike racks".`,
      `${manager} completed the action for "Bike racks".`,
    ]);
  });

  it("tells the company's news to every channel that chose it, in the company's language", async () => {
    const world = await buildWorld();
    await world.app.db.update(companies).set({ defaultLanguage: "de" }).where(eq(companies.id, world.companyId));
    await connect(world, world.admin, {
      kind: "teams",
      name: "Alle",
      url: world.receiver.url("/company"),
      events: ["news.published"],
    });
    await connect(world, world.managerOfAlpha, {
      kind: "slack",
      name: "#alpha",
      url: world.receiver.url("/alpha"),
      events: ["idea.submitted"],
      team_id: world.alphaId,
    });
    const category = await world.app.client.post(
      "/api/news/categories/",
      { name: "Allgemein" },
      { token: world.admin.token },
    );
    const posted = await world.app.client.post(
      "/api/news/",
      { title: "Neue Kantine", category_id: category.json().category.id },
      { token: world.admin.token },
    );
    expect(posted.statusCode, posted.body).toBe(200);
    await integrationsOf(world.app).deliverDue();
    expect(receivedAt(world, "/alpha")).toEqual([]);
    const card = TeamsWorkflowMessageSchema.parse(receivedAt(world, "/company")[0]).attachments[0]!.content;
    expect(adaptiveCardErrors(card)).toEqual([]);
    expect(card).toMatchObject({
      body: [{ type: "TextBlock", text: "Ann Admin hat den News-Beitrag „Neue Kantine“ veröffentlicht." }],
      actions: [
        { type: "Action.OpenUrl", title: "In Ideaport öffnen", url: `${world.app.config.appUrl}/app/employee-company` },
      ],
    });
  });

  it("tells a scheduled post once, when its time comes, and never an edit of a post already told", async () => {
    const world = await buildWorld();
    await connect(world, world.admin, {
      kind: "slack",
      name: "#all",
      url: world.receiver.url("/company"),
      events: ["news.published"],
    });
    const category = await world.app.client.post(
      "/api/news/categories/",
      { name: "General" },
      { token: world.admin.token },
    );
    const inFiveMinutes = new Date(world.app.clock().getTime() + 300_000).toISOString();
    const posted = await world.app.client.post(
      "/api/news/",
      { title: "Canteen opens", category_id: category.json().category.id, published_at: inFiveMinutes },
      { token: world.admin.token },
    );
    expect(posted.statusCode, posted.body).toBe(200);
    const news = createNewsService({ db: world.app.db, clock: world.app.clock });
    const integrations = integrationsOf(world.app);

    expect(await news.announceScheduled()).toBe(0);
    await integrations.deliverDue();
    expect(receivedAt(world, "/company")).toEqual([]);

    world.app.clock.advance(300_000);
    expect(await news.announceScheduled()).toBe(1);
    expect(await news.announceScheduled()).toBe(0);
    const edited = await world.app.client.patch(
      `/api/news/${posted.json().news.id}/`,
      { title: "The canteen opens" },
      { token: world.admin.token },
    );
    expect(edited.statusCode, edited.body).toBe(200);
    await integrations.deliverDue();
    const messages = receivedAt(world, "/company").map((message) => SlackMessageSchema.parse(message).text);
    expect(messages).toEqual(['Ann Admin published the news "Canteen opens".']);
  });

  it("keeps the address write-only, shows its host, sends a test message, and audits the changes", async () => {
    const world = await buildWorld();
    const secretPath = "/services/T000/B000/XXXXXXXXXXXXXXXXXXXXXXXX";
    const channel = await connect(world, world.admin, {
      kind: "slack",
      name: "#general",
      url: world.receiver.url(secretPath),
      events: ["challenge.posted"],
    });
    expect(channel).toMatchObject({ url_host: new URL(world.receiver.url()).host, team_id: null });
    const listed = await world.app.client.get("/api/integrations/channels/", { token: world.admin.token });
    expect(listed.body).not.toContain("XXXXXXXX");
    expect(ChannelsResponseSchema.parse(listed.json()).channels).toHaveLength(1);
    const [row] = await world.app.db.select().from(integrationChannels);
    expect(JSON.stringify(row)).not.toContain("XXXXXXXX");

    const tested = await world.app.client.post(
      `/api/integrations/channels/${channel.id}/test/`,
      {},
      { token: world.admin.token },
    );
    expect(tested.json()).toEqual({ success: true, delivered: true, status_code: 200, error: null });
    const [request] = world.receiver.requests;
    expect(request!.path).toBe(secretPath);
    expect(SlackMessageSchema.parse(JSON.parse(request!.rawBody)).text).toBe(
      "Test message from Ideaport: this channel is connected.",
    );

    const renamed = await world.app.client.patch(
      `/api/integrations/channels/${channel.id}/`,
      { name: "#ideas" },
      { token: world.admin.token },
    );
    expect(renamed.json().channel).toMatchObject({ name: "#ideas", url_host: channel.url_host });
    const removed = await world.app.client.delete(`/api/integrations/channels/${channel.id}/`, {
      token: world.admin.token,
    });
    expect(removed.statusCode).toBe(200);
    const audited = await world.app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.companyId, world.companyId));
    expect(audited.map((entry) => entry.action).sort()).toEqual([
      "integration.channel_changed",
      "integration.channel_created",
      "integration.channel_deleted",
    ]);
  });

  it("lets a manager keep their own team's channel only; employees none; other companies see nothing", async () => {
    const world = await buildWorld();
    const base = { kind: "slack", name: "#x", url: world.receiver.url(), events: ["idea.submitted"] };
    const company = await connect(world, world.admin, base);
    const beta = await connect(world, world.admin, { ...base, team_id: world.betaId });
    const post = (by: Person, body: unknown) =>
      world.app.client.post("/api/integrations/channels/", body, { token: by.token });

    expect((await post(world.managerOfAlpha, base)).statusCode).toBe(403);
    expect((await post(world.managerOfAlpha, { ...base, team_id: world.betaId })).statusCode).toBe(403);
    expect((await post(world.employeeOfAlpha, { ...base, team_id: world.alphaId })).statusCode).toBe(403);
    const rewards = await post(world.managerOfAlpha, { ...base, team_id: world.alphaId, events: ["reward.redeemed"] });
    expect(rewards.statusCode).toBe(400);
    expect(rewards.json().code).toBe("integration_channel.event_not_allowed");
    const alpha = await connect(world, world.managerOfAlpha, { ...base, team_id: world.alphaId });

    const listedByManager = await world.app.client.get("/api/integrations/channels/", {
      token: world.managerOfAlpha.token,
    });
    expect(listedByManager.json().channels.map((c: { id: string }) => c.id)).toEqual([alpha.id]);
    expect(
      (await world.app.client.get("/api/integrations/channels/", { token: world.employeeOfAlpha.token })).statusCode,
    ).toBe(403);
    for (const id of [company.id, beta.id]) {
      const change = await world.app.client.patch(
        `/api/integrations/channels/${id}/`,
        { name: "mine" },
        { token: world.managerOfAlpha.token },
      );
      expect(change.statusCode).toBe(403);
    }

    // Another company's admin: not found, whatever they try, and nothing changes.
    const outsider = world.otherAdmin.token;
    expect((await world.app.client.get("/api/integrations/channels/", { token: outsider })).json().channels).toEqual(
      [],
    );
    for (const id of [company.id, alpha.id]) {
      expect(
        (await world.app.client.patch(`/api/integrations/channels/${id}/`, { name: "x" }, { token: outsider }))
          .statusCode,
      ).toBe(404);
      expect(
        (await world.app.client.post(`/api/integrations/channels/${id}/test/`, {}, { token: outsider })).statusCode,
      ).toBe(404);
      expect((await world.app.client.delete(`/api/integrations/channels/${id}/`, { token: outsider })).statusCode).toBe(
        404,
      );
    }
    expect((await post(world.otherAdmin, { ...base, team_id: world.alphaId })).statusCode).toBe(404);
    expect(await world.app.db.select().from(integrationChannels)).toHaveLength(3);
    expect(world.receiver.requests).toHaveLength(0);
  });

  it("walls webhooks off from other companies", async () => {
    const world = await buildWorld();
    const created = await world.app.client.post(
      "/api/webhooks/",
      { url: world.receiver.url(), events: ["idea.approved"] },
      { token: world.admin.token },
    );
    const id = created.json().webhook.id as string;
    const outsider = world.otherAdmin.token;
    expect((await world.app.client.get("/api/webhooks/", { token: outsider })).json().webhooks).toEqual([]);
    expect(
      (await world.app.client.patch(`/api/webhooks/${id}/`, { enabled: false }, { token: outsider })).statusCode,
    ).toBe(404);
    expect((await world.app.client.get(`/api/webhooks/${id}/deliveries/`, { token: outsider })).statusCode).toBe(404);
    expect((await world.app.client.post(`/api/webhooks/${id}/test/`, {}, { token: outsider })).statusCode).toBe(404);
    expect((await world.app.client.delete(`/api/webhooks/${id}/`, { token: outsider })).statusCode).toBe(404);
    expect((await world.app.client.get("/api/webhooks/", { token: world.managerOfAlpha.token })).statusCode).toBe(403);
    expect(world.receiver.requests).toHaveLength(0);
  });
});
