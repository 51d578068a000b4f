import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { AiAnalysisResponseSchema } from "@ideaport/shared";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { buildIdeasWorld, type IdeasWorld } from "../ideas/ideas.test-kit.ts";

/** How the fake model service answers the next calls. */
type Behaviour = "valid" | "malformed" | "wrong_shape" | "refusal" | "timeout" | "error";

const MODEL_ANSWER = {
  title: "Solar panels on the office roof to cut the power bill",
  summary: "Our electricity bill keeps rising. Panels on the roof would produce part of our own power.",
  hints: { effort: "Add what the panels and their installation would roughly cost." },
};

/** An OpenAI-compatible chat-completions service on a free port, recording what it receives. */
async function startModelService() {
  const received: Array<{ path: string; authorization: string | undefined; body: Record<string, unknown> }> = [];
  let behaviour: Behaviour = "valid";
  const read = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
  };
  const completion = (message: Record<string, unknown>, finishReason = "stop") =>
    JSON.stringify({
      id: "chatcmpl-1",
      object: "chat.completion",
      choices: [{ index: 0, message, finish_reason: finishReason }],
    });
  const server: Server = createServer(async (request, response) => {
    received.push({ path: request.url ?? "", authorization: request.headers.authorization, body: await read(request) });
    if (behaviour === "timeout") return; // Never answers; the client gives up.
    if (behaviour === "error") {
      response.writeHead(500, { "content-type": "application/json" }).end('{"error":{"message":"overloaded"}}');
      return;
    }
    const content = {
      valid: JSON.stringify(MODEL_ANSWER),
      malformed: '{"title": "Solar panels", "summary": ',
      wrong_shape: JSON.stringify({ ...MODEL_ANSWER, title: 42, extra: true }),
      refusal: null,
    }[behaviour];
    const message =
      behaviour === "refusal"
        ? { role: "assistant", content: null, refusal: "I can't help with that." }
        : { role: "assistant", content };
    response.writeHead(200, { "content-type": "application/json" }).end(completion(message));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    host: `127.0.0.1:${port}`,
    received,
    answer(next: Behaviour) {
      behaviour = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const IDEA = {
  title: "Solar panels on the office roof",
  description: "Our electricity bill is too high. Install solar panels on the roof to cut it by 30%.",
};

describe("POST /api/ai-analysis/ with a language model", () => {
  let model: Awaited<ReturnType<typeof startModelService>>;
  let testApp: TestApp;
  let world: IdeasWorld;
  let tokens: { alice: string; admin: string; outsider: string };

  beforeAll(async () => {
    model = await startModelService();
    testApp = await buildTestApp({
      env: {
        RATE_LIMIT_MULTIPLIER: "1000",
        AI_API_URL: model.url,
        AI_API_KEY: "test-key",
        AI_MODEL: "test-model",
        // Long enough for a busy machine to answer; the one case that never answers waits it out.
        AI_TIMEOUT_MS: "1500",
      },
    });
    world = await buildIdeasWorld(testApp);
    tokens = {
      alice: await testApp.tokenFor(world.alice),
      admin: await testApp.tokenFor(world.admin),
      outsider: await testApp.tokenFor(world.outsider),
    };
  });
  afterAll(async () => {
    await testApp.close();
    await model.close();
  });
  beforeEach(() => {
    model.received.length = 0;
    model.answer("valid");
  });

  const analyze = async (token: string) => {
    const response = await testApp.client.post("/api/ai-analysis/", IDEA, { token });
    expect(response.statusCode, response.body).toBe(200);
    return AiAnalysisResponseSchema.parse(response.json());
  };
  const switchTo = async (sends: boolean) => {
    const response = await testApp.client.request({
      method: "PUT",
      url: "/api/ai-analysis/settings/",
      body: { send_idea_text: sends },
      token: tokens.admin,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().settings;
  };

  it("sends nothing to the model until an admin allows it, and says where text would go", async () => {
    const settings = await testApp.client.get("/api/ai-analysis/settings/", { token: tokens.admin });
    expect(settings.json().settings).toEqual({
      send_idea_text: false,
      model_configured: true,
      provider_host: model.host,
      model: "test-model",
    });
    const analysis = await analyze(tokens.alice);
    expect(analysis.provider).toBe("builtin");
    expect(analysis.summary).toBeUndefined();
    expect(model.received).toHaveLength(0);
  });

  it("asks the model once allowed: its title, summary and hints for what is missing; only the idea's text is sent", async () => {
    await switchTo(true);
    const analysis = await analyze(tokens.alice);
    expect(analysis).toMatchObject({
      provider: "language_model",
      suggested_title: MODEL_ANSWER.title,
      summary: MODEL_ANSWER.summary,
    });
    expect(analysis.checklist.find((item) => item.key === "effort")).toEqual({
      key: "effort",
      ok: false,
      hint: MODEL_ANSWER.hints.effort,
    });
    // An answered item keeps the built-in verdict and hint.
    expect(analysis.checklist.find((item) => item.key === "problem")?.ok).toBe(true);

    expect(model.received).toHaveLength(1);
    const [call] = model.received;
    expect(call?.path).toBe("/v1/chat/completions");
    expect(call?.authorization).toBe("Bearer test-key");
    expect(call?.body).toMatchObject({ model: "test-model", response_format: { type: "json_object" } });
    const sent = JSON.stringify(call?.body);
    expect(sent).toContain(IDEA.description);
    for (const secret of [world.alice.email, world.alice.displayName, world.company.name]) {
      expect(sent).not.toContain(secret);
    }
    // Another company's switch is its own: still off.
    model.received.length = 0;
    expect((await analyze(tokens.outsider)).provider).toBe("builtin");
    expect(model.received).toHaveLength(0);
  });

  it.each<[Behaviour, string]>([
    ["malformed", "output that is not JSON"],
    ["wrong_shape", "JSON of the wrong shape"],
    ["refusal", "a refusal"],
    ["error", "a 500"],
    ["timeout", "no answer in time"],
  ])("falls back to the built-in answer on %s (%s)", async (behaviour) => {
    await switchTo(true);
    model.answer(behaviour);
    const started = Date.now();
    const analysis = await analyze(tokens.alice);
    expect(analysis.provider).toBe("builtin");
    expect(analysis.summary).toBeUndefined();
    expect(analysis.suggested_title).toBeUndefined();
    expect(analysis.checklist.length).toBeGreaterThan(0);
    expect(model.received).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("stops sending as soon as the admin turns it off again", async () => {
    await switchTo(true);
    await analyze(tokens.alice);
    await switchTo(false);
    expect((await analyze(tokens.alice)).provider).toBe("builtin");
    expect(model.received).toHaveLength(1);
  });
});
