import { MyPointsResponseSchema, PointsRulesResponseSchema } from "@ideaport/shared";
import { describe, expect, it } from "vitest";
import { startedForSuite } from "../../test/app.ts";
import { type Person, startIdeasSuite } from "../ideas/ideas.test-kit.ts";

describe("points: balance, history, rules, and never paying twice", () => {
  const suite = startedForSuite(startIdeasSuite);

  async function pointsOf(person: Person, query = "") {
    const response = await suite.client.get(`/api/points/me/${query}`, { token: person.token });
    expect(response.statusCode, response.body).toBe(200);
    return MyPointsResponseSchema.parse(response.json());
  }

  it("starts at zero, then shows what a submission and an approval paid, newest first", async () => {
    const { world, api } = suite;
    expect(await pointsOf(world.anton)).toEqual({ success: true, balance: 0, history: [], next_cursor: null });
    const idea = await api.createIdea(world.anton);
    suite.clock.advance(1000);
    await api.step(world.alphaManager, idea.id, "under_review");
    await api.step(world.alphaManager, idea.id, "approved");
    const mine = await pointsOf(world.anton);
    expect(mine.balance).toBe(60);
    expect(mine.history).toEqual([
      { delta: 50, reason: "approved", created_at: expect.any(String), idea_id: idea.id },
      { delta: 10, reason: "submit", created_at: expect.any(String), idea_id: idea.id },
    ]);
  });

  it("pays a challenge's reward points once an answer is approved, and names the challenge", async () => {
    const { world, api } = suite;
    const challenge = await api.createChallenge(world.alphaManager, { scope: "team", reward_points: 20 });
    const idea = await api.createIdea(world.alice, { challenge_id: challenge.id });
    expect(await api.pointsOf(world.alice.id)).toEqual(["challenge_answer:5", "submit:10"]);
    await api.step(world.alphaManager, idea.id, "under_review");
    await api.step(world.alphaManager, idea.id, "approved");
    expect(await api.pointsOf(world.alice.id)).toEqual([
      "approved:20",
      "approved:50",
      "challenge_answer:5",
      "submit:10",
    ]);
    const mine = await pointsOf(world.alice);
    expect(mine.balance).toBe(85);
    expect(mine.history).toContainEqual({
      delta: 20,
      reason: "challenge_reward",
      created_at: expect.any(String),
      idea_id: idea.id,
      challenge_id: challenge.id,
    });
    expect(mine.history).toContainEqual({
      delta: 5,
      reason: "challenge_answer",
      created_at: expect.any(String),
      idea_id: idea.id,
      challenge_id: challenge.id,
    });
  });

  it("never pays twice: a revision loop, a repeated approval, a retried request, a second comment", async () => {
    const { world, api, client } = suite;
    const author = world.bob;
    const before = await api.pointsOf(author.id);
    const idea = await api.createIdea(author);
    await api.step(world.betaManager, idea.id, "under_review");
    await api.step(world.betaManager, idea.id, "needs_revision", "More numbers.");
    await api.step(author, idea.id, "revision_submitted");
    await api.step(world.betaManager, idea.id, "needs_revision", "Still more.");
    await api.step(author, idea.id, "revision_submitted");
    await api.step(world.betaManager, idea.id, "approved");
    const paid = await api.pointsOf(author.id);
    expect(paid.length - before.length).toBe(2);
    // Approving again, or retrying the approval request, is refused and pays nothing.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect((await api.transition(world.betaManager, idea.id, "approved")).statusCode).toBe(409);
      expect((await api.transition(world.admin, idea.id, "approved")).statusCode).toBe(409);
    }
    expect(await api.pointsOf(author.id)).toEqual(paid);
    // Commenting twice on one idea pays once.
    const commenterBefore = await api.pointsOf(world.admin.id);
    for (const body of ["First thought.", "Second thought."]) {
      const response = await client.post(
        `/api/project-ideas/${idea.id}/comments/`,
        { body },
        { token: world.admin.token },
      );
      expect(response.statusCode, response.body).toBe(200);
    }
    expect(await api.pointsOf(world.admin.id)).toEqual([...commenterBefore, "comment:2"].sort());
  });

  it("pages the history with a cursor", async () => {
    const { world } = suite;
    const first = await pointsOf(world.alice, "?limit=2");
    expect(first.history).toHaveLength(2);
    expect(first.next_cursor).not.toBeNull();
    const second = await pointsOf(world.alice, `?limit=2&cursor=${encodeURIComponent(first.next_cursor!)}`);
    expect(second.history).toHaveLength(2);
    expect(second.next_cursor).toBeNull();
    expect([...first.history, ...second.history].reduce((sum, entry) => sum + entry.delta, 0)).toBe(85);
    const bad = await suite.client.get("/api/points/me/?cursor=nonsense", { token: world.alice.token });
    expect(bad.statusCode).toBe(400);
  });

  it("lets admins read and change the rules; a change applies to new events only", async () => {
    const { world, api, client } = suite;
    const read = await client.get("/api/company/points-rules/", { token: world.admin.token });
    expect(PointsRulesResponseSchema.parse(read.json()).rules).toEqual({
      submit: 10,
      approved: 50,
      comment: 2,
      challenge_answer: 5,
    });
    const author = world.anton;
    const before = await api.pointsOf(author.id);
    const changed = await client.patch("/api/company/points-rules/", { submit: 25 }, { token: world.admin.token });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().rules).toEqual({ submit: 25, approved: 50, comment: 2, challenge_answer: 5 });
    expect(await api.pointsOf(author.id)).toEqual(before);
    await api.createIdea(author);
    expect(await api.pointsOf(author.id)).toEqual([...before, "submit:25"].sort());
    // Another company keeps its own rules.
    const other = await client.get("/api/company/points-rules/", { token: world.outsiderAdmin.token });
    expect(other.json().rules.submit).toBe(10);
    await client.patch("/api/company/points-rules/", { submit: 10 }, { token: world.admin.token });
  });

  it("shows the rules to every member, lets only admins change them, and refuses bad values", async () => {
    const { world, client } = suite;
    for (const person of [world.alice, world.alphaManager]) {
      const read = await client.get("/api/company/points-rules/", { token: person.token });
      expect(read.statusCode).toBe(200);
      expect(PointsRulesResponseSchema.parse(read.json()).rules).toEqual({
        submit: 10,
        approved: 50,
        comment: 2,
        challenge_answer: 5,
      });
      const patch = await client.patch("/api/company/points-rules/", { submit: 1 }, { token: person.token });
      expect(patch.statusCode).toBe(403);
    }
    for (const body of [{}, { submit: -1 }, { approved: 1.5 }, { comment: 1001 }, { submit: "5" }]) {
      const response = await client.patch("/api/company/points-rules/", body, { token: world.admin.token });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await client.get("/api/points/me/")).statusCode).toBe(401);
  });
});
