import { type Challenge, ChallengeListResponseSchema, ChallengeResponseSchema } from "@ideaport/shared";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, challenges, notifications } from "../../db/schema/index.ts";
import { startedForSuite } from "../../test/app.ts";
import { type IdeasSuite, idsOf, type Person, startIdeasSuite } from "../ideas/ideas.test-kit.ts";

async function noticesAbout(suite: IdeasSuite, challengeId: string) {
  return suite.db.select().from(notifications).where(eq(notifications.relatedChallengeId, challengeId));
}
async function recipientsOf(suite: IdeasSuite, challengeId: string, type: string) {
  return (await noticesAbout(suite, challengeId))
    .filter((row) => row.type === type)
    .map((row) => row.userId)
    .sort();
}
async function listAs(suite: IdeasSuite, person: Person, query = "") {
  const response = await suite.client.get(`/api/challenges/${query}`, { token: person.token });
  expect(response.statusCode, response.body).toBe(200);
  return ChallengeListResponseSchema.parse(response.json());
}
const titles = (list: Challenge[]) => list.map((challenge) => challenge.title).sort();

describe("POST /api/challenges/", () => {
  const suite = startedForSuite(startIdeasSuite);

  it("lets a manager post a team challenge, active at once, and tells the team", async () => {
    const { client, world } = suite;
    const response = await client.post(
      "/api/challenges/",
      {
        title: "Cut meeting time",
        description: "How do we spend less time in meetings?",
        scope: "team",
        starts_at: "2026-11-22",
        ends_at: "2026-12-31",
        reward_points: 20,
      },
      { token: world.alphaManager.token },
    );
    expect(response.statusCode, response.body).toBe(200);
    const { challenge } = ChallengeResponseSchema.parse(response.json());
    expect(challenge).toMatchObject({
      title: "Cut meeting time",
      scope: "team",
      team_id: world.alpha.id,
      team_name: "Alpha",
      status: "active",
      starts_at: "2026-11-22T00:00:00.000Z",
      ends_at: "2026-12-31T23:59:59.999Z",
      reward_points: 20,
      created_by: world.alphaManager.id,
      created_by_name: world.alphaManager.displayName,
      idea_count: 0,
      can_edit: true,
      can_decide: false,
      is_open: true,
    });
    expect(await recipientsOf(suite, challenge.id, "new_challenge_posted")).toEqual(
      idsOf(world.alice, world.anton, world.admin),
    );
    const [notice] = await noticesAbout(suite, challenge.id);
    expect(notice).toMatchObject({
      actorName: world.alphaManager.displayName,
      challengeTitle: "Cut meeting time",
      challengeScope: "team",
    });
  });

  it("answers 403 to an employee posting a team challenge and to a manager posting for another team", async () => {
    const { client, world, db } = suite;
    const before = (await db.select().from(challenges)).length;
    const employee = await client.post(
      "/api/challenges/",
      { title: "Team thing", scope: "team" },
      { token: world.alice.token },
    );
    expect(employee.statusCode).toBe(403);
    const otherTeam = await client.post(
      "/api/challenges/",
      { title: "Team thing", scope: "team", team_id: world.beta.id },
      { token: world.alphaManager.token },
    );
    expect(otherTeam.statusCode).toBe(403);
    const foreignTeam = await client.post(
      "/api/challenges/",
      { title: "Team thing", scope: "team", team_id: world.gamma.id },
      { token: world.admin.token },
    );
    expect(foreignTeam.statusCode).toBe(404);
    expect((await db.select().from(challenges)).length).toBe(before);
  });

  it("lets an admin post a team challenge for any team of the company", async () => {
    const { client, world } = suite;
    const response = await client.post(
      "/api/challenges/",
      { title: "Beta backlog", scope: "team", team_id: world.beta.id },
      { token: world.loneAdmin.token },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().challenge).toMatchObject({ team_id: world.beta.id, status: "active" });
  });

  it("lets an admin post a company challenge and tells the whole company, nobody outside it", async () => {
    const { world, api } = suite;
    const challenge = await api.createChallenge(world.admin, { scope: "company", title: "Greener company" });
    expect(challenge).toMatchObject({ scope: "company", team_id: null, status: "active" });
    expect(await recipientsOf(suite, challenge.id, "new_challenge_posted")).toEqual(
      idsOf(world.alphaManager, world.alice, world.anton, world.betaManager, world.bob, world.loneAdmin),
    );
  });

  it("turns anyone else's company challenge into a proposal for the admins", async () => {
    const { world, api } = suite;
    const proposal = await api.createChallenge(world.alice, { scope: "company", title: "Four-day week" });
    expect(proposal).toMatchObject({ status: "proposed", can_edit: true, can_decide: false, is_open: false });
    expect(await recipientsOf(suite, proposal.id, "challenge_proposal_received")).toEqual(
      idsOf(world.admin, world.loneAdmin),
    );
    expect(await recipientsOf(suite, proposal.id, "new_challenge_posted")).toEqual([]);
    const fromManager = await api.createChallenge(world.betaManager, { scope: "company" });
    expect(fromManager.status).toBe("proposed");
  });

  it("answers 400 with clear messages for bad input", async () => {
    const { client, world } = suite;
    const cases: Array<[unknown, string, RegExp]> = [
      [{ title: "Hey", scope: "team" }, "title", /at least 5/],
      [{ title: "x".repeat(151), scope: "team" }, "title", /at most 150/],
      [{ title: "Valid title", scope: "galaxy" }, "scope", /team or company/],
      [{ title: "Valid title", scope: "team", description: "x".repeat(5001) }, "description", /at most 5000/],
      [{ title: "Valid title", scope: "team", ends_at: "31/12/2026" }, "ends_at", /date/],
      [{ title: "Valid title", scope: "team", ends_at: "2026-02-31" }, "ends_at", /date/],
      [
        { title: "Valid title", scope: "team", starts_at: "2026-12-31", ends_at: "2026-12-01" },
        "ends_at",
        /after the start/,
      ],
      [{ title: "Valid title", scope: "team", ends_at: "2020-01-01" }, "ends_at", /future/],
      [{ title: "Valid title", scope: "team", reward_points: -5 }, "reward_points", /whole number/],
      [{ title: "Valid title", scope: "team", reward_points: 1.5 }, "reward_points", /whole number/],
    ];
    for (const [body, field, message] of cases) {
      const response = await client.post("/api/challenges/", body, { token: world.alphaManager.token });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().fields?.[field], JSON.stringify(body)).toMatch(message);
    }
  });
});

describe("GET /api/challenges/", () => {
  const suite = startedForSuite(startIdeasSuite);
  let ids: Record<string, string>;
  beforeAll(async () => {
    const { world, api } = suite;
    ids = {
      alphaTeam: (await api.createChallenge(world.alphaManager, { title: "Alpha team challenge" })).id,
      betaTeam: (await api.createChallenge(world.betaManager, { title: "Beta team challenge" })).id,
      company: (await api.createChallenge(world.admin, { scope: "company", title: "Company challenge" })).id,
      proposal: (await api.createChallenge(world.alice, { scope: "company", title: "Alice proposal" })).id,
      outsider: (await api.createChallenge(world.outsiderAdmin, { scope: "company", title: "Outsider challenge" })).id,
    };
  });

  it.each([
    [
      "the proposer: the team's, the company's and their own proposal",
      "alice",
      ["Alpha team challenge", "Company challenge", "Alice proposal"],
    ],
    ["a teammate: no proposal", "anton", ["Alpha team challenge", "Company challenge"]],
    ["another team's manager", "betaManager", ["Beta team challenge", "Company challenge"]],
    [
      "an admin: everything of the company",
      "loneAdmin",
      ["Alpha team challenge", "Beta team challenge", "Company challenge", "Alice proposal"],
    ],
    ["another company's admin", "outsiderAdmin", ["Outsider challenge"]],
  ] as const)("shows %s", async (_label, who, expected) => {
    expect(titles((await listAs(suite, suite.world[who])).challenges)).toEqual([...expected].sort());
  });

  it("filters by scope, status and team", async () => {
    const { world } = suite;
    expect(titles((await listAs(suite, world.admin, "?scope=team")).challenges)).toEqual([
      "Alpha team challenge",
      "Beta team challenge",
    ]);
    expect(titles((await listAs(suite, world.admin, "?scope=company&status=proposed")).challenges)).toEqual([
      "Alice proposal",
    ]);
    expect(titles((await listAs(suite, world.admin, `?team=${world.beta.id}`)).challenges)).toEqual([
      "Beta team challenge",
    ]);
    const bad = await suite.client.get("/api/challenges/?status=open", { token: world.admin.token });
    expect(bad.statusCode).toBe(400);
  });

  it("counts the ideas answering a challenge, drafts left out", async () => {
    const { world, api, client } = suite;
    await api.createIdea(world.alice, { challenge_id: ids.alphaTeam });
    await api.createIdea(world.anton, { challenge_id: ids.alphaTeam });
    await api.createIdea(world.anton, { challenge_id: ids.alphaTeam, draft: true });
    const response = await client.get(`/api/challenges/${ids.alphaTeam}/`, { token: world.alice.token });
    expect(response.json().challenge.idea_count).toBe(2);
  });

  it("answers 404 for challenges the caller does not see", async () => {
    const { client, world } = suite;
    const cases: Array<[Person, string]> = [
      [world.bob, ids.alphaTeam!],
      [world.anton, ids.proposal!],
      [world.outsiderAdmin, ids.company!],
      [world.alice, ids.outsider!],
    ];
    for (const [person, id] of cases) {
      const response = await client.get(`/api/challenges/${id}/`, { token: person.token });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe("challenge.not_found");
    }
    expect((await client.get("/api/challenges/nope/", { token: world.admin.token })).statusCode).toBe(404);
  });

  it("pages newest first with next_cursor", async () => {
    const { world, api } = suite;
    for (let index = 0; index < 5; index += 1)
      await api.createChallenge(world.betaManager, { title: `Paged ${index}` });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?scope=team&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const page = await listAs(suite, world.betaManager, query);
      seen.push(...page.challenges.map((challenge) => challenge.title));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(["Paged 4", "Paged 3", "Paged 2", "Paged 1", "Paged 0", "Beta team challenge"]);
  });
});

describe("deciding, editing and closing challenges", () => {
  const suite = startedForSuite(startIdeasSuite);

  const decide = (person: Person, id: string, body: unknown) =>
    suite.client.post(`/api/challenges/${id}/decision/`, body, { token: person.token });

  it("lets an admin approve a proposal: active, the company hears of it, the proposer is told, audited", async () => {
    const { world, api, db } = suite;
    const proposal = await api.createChallenge(world.alice, { scope: "company", title: "Hackathon" });
    expect((await decide(world.alice, proposal.id, { approved: true })).statusCode).toBe(403);
    expect((await decide(world.anton, proposal.id, { approved: true })).statusCode).toBe(404);
    expect((await decide(world.outsiderAdmin, proposal.id, { approved: true })).statusCode).toBe(404);
    expect((await decide(world.admin, proposal.id, { approved: "yes" })).statusCode).toBe(400);

    const response = await decide(world.admin, proposal.id, { approved: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().challenge).toMatchObject({ status: "active", can_decide: false, is_open: true });
    const posted = await recipientsOf(suite, proposal.id, "new_challenge_posted");
    expect(posted).toEqual(
      idsOf(world.alphaManager, world.alice, world.anton, world.betaManager, world.bob, world.loneAdmin),
    );
    const toProposer = (await noticesAbout(suite, proposal.id)).find(
      (row) => row.userId === world.alice.id && row.type === "new_challenge_posted",
    );
    expect(toProposer?.content).toBe('Ada Admin approved your challenge proposal "Hackathon".');
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, proposal.id), eq(auditLog.action, "challenge.approved")));
    expect(audit).toMatchObject({ actorId: world.admin.id, targetType: "challenge" });

    const again = await decide(world.loneAdmin, proposal.id, { approved: false });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("challenge.already_decided");
    expect((await listAs(suite, world.bob, "?scope=company")).challenges.map((item) => item.id)).toContain(proposal.id);
  });

  it("lets an admin reject a proposal: the proposer is told, nobody else sees it", async () => {
    const { world, api } = suite;
    const proposal = await api.createChallenge(world.bob, { scope: "company", title: "Free lunch" });
    const response = await decide(world.loneAdmin, proposal.id, { approved: false, note: "Budget is closed." });
    expect(response.json().challenge.status).toBe("rejected");
    const told = (await noticesAbout(suite, proposal.id)).filter((row) => row.userId === world.bob.id);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ type: "challenge_proposal_received", actorName: world.loneAdmin.displayName });
    expect(told[0]!.content).toBe(
      'Lena Admin did not approve your challenge proposal "Free lunch": "Budget is closed."',
    );
    expect((await suite.client.get(`/api/challenges/${proposal.id}/`, { token: world.anton.token })).statusCode).toBe(
      404,
    );
    expect(
      (await decide(world.admin, (await api.createChallenge(world.alphaManager)).id, { approved: true })).statusCode,
    ).toBe(409);
  });

  it("lists a proposer's proposals with what became of them, the reason for the proposer and the admins only", async () => {
    const { world, api } = suite;
    const waiting = await api.createChallenge(world.anton, { scope: "company", title: "Plant more trees" });
    const denied = await api.createChallenge(world.anton, { scope: "company", title: "Four-day week" });
    const approved = await api.createChallenge(world.anton, { scope: "company", title: "Walking meetings" });
    await api.createChallenge(world.bob, { scope: "company", title: "Someone else's proposal" });
    expect((await decide(world.admin, denied.id, { approved: false, note: "  Not this year.  " })).statusCode).toBe(
      200,
    );
    expect((await decide(world.admin, approved.id, { approved: true })).statusCode).toBe(200);

    const mine = (await listAs(suite, world.anton, "?mine=true&scope=company")).challenges;
    expect(
      mine.map((item) => [item.title, item.status, item.decision_note, item.decided_at === null ? "open" : "decided"]),
    ).toEqual([
      ["Walking meetings", "active", null, "decided"],
      ["Four-day week", "rejected", "Not this year.", "decided"],
      ["Plant more trees", "proposed", null, "open"],
    ]);
    expect(mine.find((item) => item.id === waiting.id)?.decided_at).toBeNull();
    // The admins read the reason too; a colleague who sees the approved challenge reads no reason.
    const asAdmin = await suite.client.get(`/api/challenges/${denied.id}/`, { token: world.loneAdmin.token });
    expect(asAdmin.json().challenge.decision_note).toBe("Not this year.");
    const withNote = await api.createChallenge(world.anton, { scope: "company", title: "Standing desks for all" });
    await decide(world.admin, withNote.id, { approved: true, note: "Good timing." });
    const asColleague = await suite.client.get(`/api/challenges/${withNote.id}/`, { token: world.alice.token });
    expect(asColleague.json().challenge).toMatchObject({ status: "active", decision_note: null });
    const asProposer = await suite.client.get(`/api/challenges/${withNote.id}/`, { token: world.anton.token });
    expect(asProposer.json().challenge.decision_note).toBe("Good timing.");
    // `mine` lists nobody else's proposals, and another company's admin sees none of these.
    expect(titles((await listAs(suite, world.bob, "?mine=true")).challenges)).toContain("Someone else's proposal");
    expect(
      (await listAs(suite, world.bob, "?mine=true")).challenges.every((item) => item.created_by === world.bob.id),
    ).toBe(true);
    expect((await listAs(suite, world.outsiderAdmin, "?mine=true")).challenges).toEqual([]);
    const bad = await suite.client.get("/api/challenges/?mine=maybe", { token: world.anton.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe("mine must be true or false.");
  });

  it("lets the creator or an admin edit; others get 403 or 404", async () => {
    const { client, world, api } = suite;
    const challenge = await api.createChallenge(world.alphaManager, { title: "Original" });
    const edit = (person: Person, body: unknown) =>
      client.patch(`/api/challenges/${challenge.id}/`, body, { token: person.token });
    const byCreator = await edit(world.alphaManager, { title: "Edited", reward_points: 10, ends_at: "2027-01-31" });
    expect(byCreator.statusCode, byCreator.body).toBe(200);
    expect(byCreator.json().challenge).toMatchObject({
      title: "Edited",
      reward_points: 10,
      ends_at: "2027-01-31T23:59:59.999Z",
    });
    expect((await edit(world.admin, { description: "By the admin" })).json().challenge.description).toBe(
      "By the admin",
    );
    expect((await edit(world.alice, { title: "Hijacked" })).statusCode).toBe(403);
    expect((await edit(world.bob, { title: "Hijacked" })).statusCode).toBe(404);
    expect((await edit(world.outsiderAdmin, { title: "Hijacked" })).statusCode).toBe(404);
    expect((await edit(world.alphaManager, {})).statusCode).toBe(400);
    const backwards = await edit(world.alphaManager, { starts_at: "2027-06-01" });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fields.ends_at).toMatch(/after the start/);
    const cleared = await edit(world.alphaManager, { ends_at: null, reward_points: null });
    expect(cleared.json().challenge).toMatchObject({ ends_at: null, reward_points: null });
  });

  it("lets a proposer edit their pending proposal, and only admins edit or close it once approved", async () => {
    const { client, world, api, db } = suite;
    for (const proposer of [world.alice, world.alphaManager]) {
      const proposal = await api.createChallenge(proposer, { scope: "company", title: "Proposed", reward_points: 5 });
      const edit = (person: Person, body: unknown) =>
        client.patch(`/api/challenges/${proposal.id}/`, body, { token: person.token });
      const close = (person: Person) =>
        client.post(`/api/challenges/${proposal.id}/close/`, undefined, { token: person.token });
      expect(proposal.can_edit).toBe(true);
      const pending = await edit(proposer, { title: "Proposed, sharper" });
      expect(pending.statusCode, pending.body).toBe(200);

      await decide(world.admin, proposal.id, { approved: true });
      const asProposer = await client.get(`/api/challenges/${proposal.id}/`, { token: proposer.token });
      expect(asProposer.json().challenge).toMatchObject({ status: "active", can_edit: false });
      const rewrite = await edit(proposer, { title: "Mine now", reward_points: 100_000 });
      expect(rewrite.statusCode).toBe(403);
      expect(rewrite.json()).toMatchObject({
        code: "challenge.decided_admins_only",
        error: expect.stringMatching(/only administrators/),
      });
      expect((await close(proposer)).json().code).toBe("challenge.decided_admins_only");
      const [stored] = await db.select().from(challenges).where(eq(challenges.id, proposal.id));
      expect(stored).toMatchObject({ title: "Proposed, sharper", rewardPoints: 5, status: "active" });

      const byAdmin = await edit(world.loneAdmin, { reward_points: 20 });
      expect(byAdmin.json().challenge).toMatchObject({ reward_points: 20, can_edit: true });
      expect((await close(world.admin)).json().challenge.status).toBe("closed");
    }
  });

  it("refuses a proposer's edit of a rejected proposal with 403", async () => {
    const { client, world, api } = suite;
    const proposal = await api.createChallenge(world.anton, { scope: "company", title: "Rejected one" });
    await decide(world.admin, proposal.id, { approved: false });
    const edit = await client.patch(
      `/api/challenges/${proposal.id}/`,
      { title: "Retry" },
      { token: world.anton.token },
    );
    expect(edit.statusCode).toBe(403);
    expect(edit.json().code).toBe("challenge.decided_admins_only");
  });

  it("closes an active challenge once, by its creator or an admin, and then refuses edits", async () => {
    const { client, world, api, db } = suite;
    const challenge = await api.createChallenge(world.betaManager);
    const close = (person: Person) =>
      client.post(`/api/challenges/${challenge.id}/close/`, undefined, { token: person.token });
    expect((await close(world.bob)).statusCode).toBe(403);
    expect((await close(world.alice)).statusCode).toBe(404);
    const closed = await close(world.betaManager);
    expect(closed.statusCode).toBe(200);
    expect(closed.json().challenge).toMatchObject({ status: "closed", can_edit: false, is_open: false });
    expect((await close(world.admin)).statusCode).toBe(409);
    const edit = await client.patch(
      `/api/challenges/${challenge.id}/`,
      { title: "Too late" },
      { token: world.admin.token },
    );
    expect(edit.statusCode).toBe(409);
    const audits = await db.select().from(auditLog).where(eq(auditLog.targetId, challenge.id));
    expect(audits.map((row) => row.action)).toEqual(["challenge.closed"]);
  });
});
