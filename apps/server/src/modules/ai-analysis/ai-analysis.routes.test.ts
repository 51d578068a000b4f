import { AiAnalysisResponseSchema } from "@ideaport/shared";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ideas, tags } from "../../db/schema/index.ts";
import { buildTestApp, startedForSuite } from "../../test/app.ts";
import { buildIdeasWorld, type IdeasSuite, type Person, startIdeasSuite } from "../ideas/ideas.test-kit.ts";

const SOLAR = {
  title: "Solar panels on the office roof",
  description:
    "Our electricity bill is too high. Install solar panels on the roof to produce our own power and cut the bill by 30%.",
};

/** A seeded corpus: known near-duplicates of SOLAR, ideas sharing a word or two with it, and hidden ones. */
async function seedCorpus(suite: IdeasSuite) {
  const { db, world } = suite;
  const insert = async (
    author: Person,
    title: string,
    description: string,
    options: { status?: "draft" | "submitted"; teamId?: string | null; companyId?: string } = {},
  ) => {
    const [row] = await db
      .insert(ideas)
      .values({
        companyId: options.companyId ?? world.company.id,
        authorId: author.id,
        teamId: options.teamId === undefined ? world.alpha.id : options.teamId,
        title,
        description,
        status: options.status ?? "submitted",
        submittedAt: options.status === "draft" ? null : new Date(),
      })
      .returning({ id: ideas.id });
    return row!.id;
  };
  const { anton, bob, outsider, alice } = world;
  return {
    nearSame: await insert(
      anton,
      "Install solar panels on our roof",
      "Electricity bills keep rising; solar panels on the flat roof would cut them.",
    ),
    rephrased: await insert(
      anton,
      "Produce our own electricity on the roof",
      "Photovoltaic solar panels on the roof produce power and lower our electricity bill.",
    ),
    coffee: await insert(anton, "Better coffee in the kitchen", "The coffee machine is slow and the beans are stale."),
    roofRepair: await insert(
      anton,
      "Repair the roof before winter",
      "The roof leaks over the storage room; fix the gutter.",
    ),
    plants: await insert(anton, "Plants on every office floor", "Green plants make the office a nicer place to work."),
    parking: await insert(anton, "Bike parking at the entrance", "Cyclists need a covered place for their bikes."),
    antonsDraft: await insert(anton, SOLAR.title, SOLAR.description, { status: "draft" }),
    betaTeams: await insert(bob, SOLAR.title, SOLAR.description, { teamId: world.beta.id }),
    otherCompany: await insert(outsider, SOLAR.title, SOLAR.description, {
      companyId: world.otherCompany.id,
      teamId: world.gamma.id,
    }),
    alicesOwn: await insert(alice, "Solar panels on the office roof, please", SOLAR.description),
  };
}

describe("POST /api/ai-analysis/ (built in)", () => {
  const suite = startedForSuite(startIdeasSuite);
  let corpus: Awaited<ReturnType<typeof seedCorpus>>;
  beforeAll(async () => {
    corpus = await seedCorpus(suite);
  });

  async function analyze(person: Person, body: Record<string, unknown>) {
    const response = await suite.client.post("/api/ai-analysis/", body, { token: person.token });
    expect(response.statusCode, response.body).toBe(200);
    return AiAnalysisResponseSchema.parse(response.json());
  }

  it("lists exactly the near-duplicates the author may see, closest first, and no unrelated idea", async () => {
    const { world } = suite;
    const analysis = await analyze(world.alice, { ...SOLAR, idea_id: corpus.alicesOwn });
    expect(analysis.provider).toBe("builtin");
    expect(analysis.similar.map((idea) => idea.id)).toEqual([corpus.nearSame, corpus.rephrased]);
    expect(analysis.similar[0]).toMatchObject({
      title: "Install solar panels on our roof",
      status: "submitted",
      can_vote: true,
      has_voted: false,
    });
    for (const idea of analysis.similar) expect(idea.similarity).toBeGreaterThanOrEqual(0.3);
  });

  it("shows the author's own idea unless it is the one being edited, which they may not vote for", async () => {
    const analysis = await analyze(suite.world.alice, SOLAR);
    const own = analysis.similar.find((idea) => idea.id === corpus.alicesOwn);
    expect(own).toMatchObject({ can_vote: false });
  });

  it("never shows another team's idea, a colleague's draft or another company's idea", async () => {
    const { world } = suite;
    const seen = (await analyze(world.alice, SOLAR)).similar.map((idea) => idea.id);
    expect(seen).not.toContain(corpus.betaTeams);
    expect(seen).not.toContain(corpus.antonsDraft);
    expect(seen).not.toContain(corpus.otherCompany);
    // The other company's people see none of company A's ideas, only their own.
    const outsiders = (await analyze(world.outsider, SOLAR)).similar.map((idea) => idea.id);
    expect(outsiders).toEqual([corpus.otherCompany]);
    // Beta's people see Beta's idea; an admin sees the whole company's submitted ideas.
    expect((await analyze(world.bob, SOLAR)).similar.map((idea) => idea.id)).toContain(corpus.betaTeams);
    const adminSees = (await analyze(world.loneAdmin, SOLAR)).similar.map((idea) => idea.id);
    expect(adminSees).toContain(corpus.betaTeams);
    expect(adminSees).not.toContain(corpus.antonsDraft);
    expect(adminSees).not.toContain(corpus.otherCompany);
  });

  it("says the idea is voted for once the author voted for it", async () => {
    const { client, world } = suite;
    const voted = await client.post(`/api/project-ideas/${corpus.rephrased}/vote/`, undefined, {
      token: world.anton.token,
    });
    // Anton wrote it: he may not vote; Alice may.
    expect(voted.statusCode).toBe(409);
    expect(
      (await client.post(`/api/project-ideas/${corpus.rephrased}/vote/`, {}, { token: world.alice.token })).statusCode,
    ).toBe(200);
    const analysis = await analyze(world.alice, SOLAR);
    expect(analysis.similar.find((idea) => idea.id === corpus.rephrased)).toMatchObject({ has_voted: true });
  });

  it("shows nothing for an unrelated idea", async () => {
    const analysis = await analyze(suite.world.alice, {
      title: "Quarterly chess tournament",
      description: "A chess tournament each quarter would bring departments together.",
    });
    expect(analysis.similar).toEqual([]);
  });

  it("answers the reviewer's checklist with a hint per question", async () => {
    const analysis = await analyze(suite.world.alice, SOLAR);
    expect(analysis.checklist.map((item) => [item.key, item.ok])).toEqual([
      ["problem", true],
      ["change", true],
      ["beneficiaries", false],
      ["effort", false],
      ["outcome", true],
    ]);
    expect(analysis.checklist.find((item) => item.key === "effort")?.hint).toMatch(/rough cost or effort/i);
  });

  it("asks whether the idea answers the chosen challenge, and 404s a challenge the author may not see", async () => {
    const { world, api } = suite;
    const challenge = await api.createChallenge(world.alphaManager, {
      title: "How can we lower our energy use?",
      description: "Electricity and heating cost us more every year.",
    });
    const answering = await analyze(world.alice, { ...SOLAR, challenge_id: challenge.id });
    expect(answering.checklist.at(-1)).toMatchObject({ key: "challenge", ok: true });
    const offTopic = await analyze(world.alice, {
      title: "Quarterly chess tournament",
      description: "Chess brings departments together.",
      challenge_id: challenge.id,
    });
    expect(offTopic.checklist.at(-1)).toMatchObject({ key: "challenge", ok: false });
    const hidden = await suite.client.post(
      "/api/ai-analysis/",
      { ...SOLAR, challenge_id: challenge.id },
      { token: world.outsider.token },
    );
    expect(hidden.statusCode).toBe(404);
  });

  it("suggests the company's tags the text uses, as its vocabulary writes them, then its key terms", async () => {
    const { db, world } = suite;
    await db.insert(tags).values([
      { companyId: world.company.id, name: "Solar panels" },
      { companyId: world.company.id, name: "Coffee" },
      { companyId: world.otherCompany.id, name: "Electricity bill" },
    ]);
    const analysis = await analyze(world.alice, SOLAR);
    expect(analysis.suggested_tags[0]).toBe("Solar panels");
    // The words of a suggested tag are not suggested again; another company's tags never are.
    expect(analysis.suggested_tags).not.toContain("solar");
    expect(analysis.suggested_tags).not.toContain("Coffee");
    expect(analysis.suggested_tags.map((tag) => tag.toLowerCase())).not.toContain("electricity bill");
    expect(analysis.suggested_tags).toContain("roof");
    expect(analysis.suggested_tags.length).toBeLessThanOrEqual(5);
    expect(new Set(analysis.suggested_tags).size).toBe(analysis.suggested_tags.length);
  });

  it("suggests a clearer title for a brain-dump line, and none for a clear title", async () => {
    const dump = await analyze(suite.world.alice, {
      title: "we should put solar panels on the roof because power is expensive",
    });
    expect(dump.suggested_title).toBe("Put solar panels on the roof");
    expect((await analyze(suite.world.alice, SOLAR)).suggested_title).toBeUndefined();
  });

  it("answers 400 with readable field errors for bad input", async () => {
    const { client, world } = suite;
    const cases: Array<[unknown, string]> = [
      [{ title: "  " }, "title"],
      [{ description: "No title" }, "title"],
      [{ title: "x".repeat(151) }, "title"],
      [{ title: "Fine title", description: "x".repeat(5001) }, "description"],
      [{ title: "Fine title", challenge_id: "not-a-uuid" }, "challenge_id"],
      [{ title: "Fine title", idea_id: 12 }, "idea_id"],
    ];
    for (const [body, field] of cases) {
      const response = await client.post("/api/ai-analysis/", body, { token: world.alice.token });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().fields?.[field], JSON.stringify(response.json())).toBeTruthy();
    }
    expect((await client.post("/api/ai-analysis/", SOLAR)).statusCode).toBe(401);
  });
});

describe("POST /api/ai-analysis/ rate limit", () => {
  it("answers 429 with Retry-After after 10 analyses a minute per person; others are not held back", async () => {
    const testApp = await buildTestApp();
    try {
      const world = await buildIdeasWorld(testApp);
      const send = (person: { token: string }) =>
        testApp.client.post("/api/ai-analysis/", { title: "Solar panels" }, { token: person.token });
      const alice = { token: await testApp.tokenFor(world.alice) };
      for (let call = 1; call <= 10; call++) expect((await send(alice)).statusCode).toBe(200);
      const limited = await send(alice);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      expect((await send({ token: await testApp.tokenFor(world.anton) })).statusCode).toBe(200);
    } finally {
      await testApp.close();
    }
  });
});

describe("AI analysis settings", () => {
  it("lets admins alone read and switch sending idea text, which is off by default", async () => {
    const suite = await startIdeasSuite();
    try {
      const { client, world, db } = suite;
      const read = await client.get("/api/ai-analysis/settings/", { token: world.admin.token });
      expect(read.statusCode).toBe(200);
      expect(read.json().settings).toEqual({
        send_idea_text: false,
        model_configured: false,
        provider_host: null,
        model: null,
      });
      expect((await client.get("/api/ai-analysis/settings/", { token: world.alice.token })).statusCode).toBe(403);
      const put = (token: string, body: unknown) =>
        client.request({ method: "PUT", url: "/api/ai-analysis/settings/", body, token });
      expect((await put(world.alphaManager.token, { send_idea_text: true })).statusCode).toBe(403);
      expect((await put(world.admin.token, { send_idea_text: "yes" })).statusCode).toBe(400);
      const switched = await put(world.admin.token, { send_idea_text: true });
      expect(switched.statusCode).toBe(200);
      expect(switched.json().settings.send_idea_text).toBe(true);
      // Only this company's setting changed, and its points rules stayed.
      const other = await client.get("/api/ai-analysis/settings/", { token: world.outsiderAdmin.token });
      expect(other.json().settings.send_idea_text).toBe(false);
      const { companies } = await import("../../db/schema/index.ts");
      const [company] = await db.select().from(companies).where(eq(companies.id, world.company.id));
      expect(company?.settings.points.submit).toBe(10);
      expect(company?.settings.ai).toEqual({ send_idea_text: true });
    } finally {
      await suite.close();
    }
  });
});
