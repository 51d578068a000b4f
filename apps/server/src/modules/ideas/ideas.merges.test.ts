import type { IdeaDetail, PossibleDuplicate } from "@ideaport/shared";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, ideas, votes } from "../../db/schema/index.ts";
import { startedForSuite } from "../../test/app.ts";
import { type Person, startIdeasSuite } from "./ideas.test-kit.ts";

const suite = startedForSuite(startIdeasSuite);

function merge(as: Person, ideaId: string, into: string) {
  return suite.client.post(`/api/project-ideas/${ideaId}/merge/`, { into }, { token: as.token });
}

async function getIdea(as: Person, ideaId: string): Promise<IdeaDetail> {
  const response = await suite.client.get(`/api/project-ideas/${ideaId}/`, { token: as.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().idea;
}

async function vote(as: Person, ideaId: string) {
  const response = await suite.client.post(`/api/project-ideas/${ideaId}/vote/`, undefined, { token: as.token });
  expect(response.statusCode, response.body).toBe(200);
}

async function votersOf(ideaId: string): Promise<string[]> {
  const rows = await suite.db.select({ userId: votes.userId }).from(votes).where(eq(votes.ideaId, ideaId));
  return rows.map((row) => row.userId).sort();
}

async function statusOf(ideaId: string) {
  const [row] = await suite.db
    .select({ status: ideas.status, mergedIntoId: ideas.mergedIntoId, voteCount: ideas.voteCount })
    .from(ideas)
    .where(eq(ideas.id, ideaId));
  return row!;
}

describe("POST /api/project-ideas/:id/merge/", () => {
  it("merges B into A: B is merged with a link to A, votes move once, comments stay readable, B's author is a contributor and told", async () => {
    const { world, api } = suite;
    const a = await api.createIdea(world.anton, { title: "Solar panels on the roof" });
    const b = await api.createIdea(world.alice, { title: "Roof solar power" });
    // Ada voted for both, and counts once on A; Anton (A's author) voted for B, and nobody votes for their own idea.
    await vote(world.admin, a.id);
    await vote(world.admin, b.id);
    await vote(world.loneAdmin, b.id);
    await vote(world.anton, b.id);
    const comment = await suite.client.post(
      `/api/project-ideas/${b.id}/comments/`,
      { body: "We tried this in 2019." },
      { token: world.admin.token },
    );
    expect(comment.statusCode).toBe(200);

    const response = await merge(world.alphaManager, b.id, a.id);
    expect(response.statusCode, response.body).toBe(200);
    const merged = response.json().idea as IdeaDetail;
    expect(merged.status).toBe("merged");
    expect(merged.merged_into).toEqual({ id: a.id, title: "Solar panels on the roof" });
    expect(merged.allowed_transitions).toEqual([]);
    expect(merged.can_merge).toBe(false);
    expect(merged.votes).toBe(0);
    expect(merged.history.at(-1)).toMatchObject({ from_status: "submitted", to_status: "merged" });

    expect(await votersOf(a.id)).toEqual([world.admin.id, world.loneAdmin.id].sort());
    expect(await votersOf(b.id)).toEqual([]);
    const lateVote = await suite.client.post(`/api/project-ideas/${b.id}/vote/`, undefined, {
      token: world.loneAdmin.token,
    });
    expect(lateVote.statusCode).toBe(409);
    expect(lateVote.json().error).toBe("This idea was merged into another idea: vote for that one instead.");
    expect((await statusOf(a.id)).voteCount).toBe(2);

    const target = await getIdea(world.alice, a.id);
    expect(target.votes).toBe(2);
    expect(target.contributors).toEqual([{ id: world.alice.id, display_name: "Alice Author" }]);
    expect(target.comments.map((c) => [c.body, c.merged_from])).toEqual([
      ["We tried this in 2019.", { id: b.id, title: "Roof solar power" }],
    ]);

    // B's author hears in the bell (and by e-mail, under the decisions category), with the idea it joined.
    const notices = await api.noticesAbout(a.id);
    expect(notices.filter((n) => n.type === "idea_merged").map((n) => n.userId)).toEqual([world.alice.id]);
    const bell = await suite.client.get(`/api/notifications/${world.alice.id}/`, { token: world.alice.token });
    expect(bell.statusCode, bell.body).toBe(200);
    expect(
      (bell.json().notifications as Array<{ type: string; content: string }>).find((n) => n.type === "idea_merged")
        ?.content,
    ).toBe('Mona Manager merged your idea into "Solar panels on the roof", where you are named as a contributor.');

    const [audit] = await suite.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "idea.merged"), eq(auditLog.targetId, b.id)));
    expect(audit).toBeDefined();
  });

  it("pays B's author the contributor's share when A is approved, and A's author the whole rule", async () => {
    const { world, api } = suite;
    const a = await api.createIdea(world.anton);
    const b = await api.createIdea(world.alice);
    const aliceBefore = await api.pointsOf(world.alice.id);
    expect((await merge(world.alphaManager, b.id, a.id)).statusCode).toBe(200);
    await api.step(world.alphaManager, a.id, "under_review");
    await api.step(world.alphaManager, a.id, "approved");
    const aliceAfter = await api.pointsOf(world.alice.id);
    const added = [...aliceAfter];
    for (const row of aliceBefore) added.splice(added.indexOf(row), 1);
    expect(added).toEqual(["merged_contributor:25"]);
    expect((await api.pointsOf(world.anton.id)).filter((row) => row.startsWith("approved"))).toContain("approved:50");
  });

  it("refuses a merge into itself, into a merged or decided idea, and of a decided idea, changing nothing", async () => {
    const { world, api } = suite;
    const a = await api.createIdea(world.anton);
    const b = await api.createIdea(world.alice);
    const self = await merge(world.alphaManager, a.id, a.id);
    expect(self.statusCode).toBe(409);
    expect(self.json().error).toBe("An idea cannot be merged into itself.");

    const rejected = await api.ideaIn("rejected", {
      author: world.anton,
      manager: world.alphaManager,
      admin: world.admin,
    });
    const intoDecided = await merge(world.alphaManager, b.id, rejected.id);
    expect(intoDecided.statusCode).toBe(409);
    expect(intoDecided.json().code).toBe("idea.merge_not_allowed");
    expect(await statusOf(b.id)).toMatchObject({ status: "submitted", mergedIntoId: null });

    const ofDecided = await merge(world.alphaManager, rejected.id, a.id);
    expect(ofDecided.statusCode).toBe(409);

    expect((await merge(world.alphaManager, b.id, a.id)).statusCode).toBe(200);
    const c = await api.createIdea(world.anton);
    const intoMerged = await merge(world.alphaManager, c.id, b.id);
    expect(intoMerged.statusCode).toBe(409);
    const draft = await api.createIdea(world.anton, { draft: true });
    // A draft is its author's alone: the reviewer does not see it.
    expect((await merge(world.alphaManager, c.id, draft.id)).statusCode).toBe(404);
    expect(await statusOf(c.id)).toMatchObject({ status: "submitted", mergedIntoId: null });
  });

  it("refuses a merge by someone who cannot see both, across companies, by a teammate, and by either author", async () => {
    const { world, api } = suite;
    const a = await api.createIdea(world.anton);
    const b = await api.createIdea(world.alice);
    const betaIdea = await api.createIdea(world.bob);
    // Alpha's manager does not see Beta's idea: 404, as for any idea they do not see.
    expect((await merge(world.alphaManager, b.id, betaIdea.id)).statusCode).toBe(404);
    expect((await merge(world.betaManager, b.id, betaIdea.id)).statusCode).toBe(404);
    expect((await merge(world.outsiderAdmin, b.id, a.id)).statusCode).toBe(404);
    const outsiderIdea = await api.createIdea(world.outsider);
    expect((await merge(world.admin, b.id, outsiderIdea.id)).statusCode).toBe(404);
    // A teammate (here A's author) sees both but decides neither.
    const teammate = await merge(world.anton, b.id, a.id);
    expect(teammate.statusCode).toBe(403);
    expect(teammate.json().error).toBe("Only a reviewer who would decide this idea may merge it.");
    expect((await merge(world.alice, b.id, a.id)).statusCode).toBe(403);
    // A reviewer may not merge into their own idea: a merge decides on both.
    const managersOwn = await api.createIdea(world.alphaManager);
    expect((await merge(world.alphaManager, b.id, managersOwn.id)).json().code).toBe("idea.own_decision");
    expect(await statusOf(b.id)).toMatchObject({ status: "submitted", mergedIntoId: null });
    // An admin sees and reviews both teams' ideas.
    expect((await merge(world.admin, b.id, betaIdea.id)).statusCode).toBe(200);
  });

  it("lets exactly one of two concurrent merges win, the other answering 409 with nothing half done", async () => {
    const { world, api } = suite;
    const a = await api.createIdea(world.anton);
    const b = await api.createIdea(world.alice);
    await vote(world.loneAdmin, b.id);
    await vote(world.loneAdmin, a.id);
    const [first, second] = await Promise.all([merge(world.alphaManager, b.id, a.id), merge(world.admin, a.id, b.id)]);
    const codes = [first.statusCode, second.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const [winner, loser] = first.statusCode === 200 ? [b.id, a.id] : [a.id, b.id];
    expect(await statusOf(winner)).toMatchObject({ status: "merged", mergedIntoId: loser, voteCount: 0 });
    expect(await statusOf(loser)).toMatchObject({ status: "submitted", mergedIntoId: null, voteCount: 1 });
    expect(await votersOf(loser)).toEqual([world.loneAdmin.id]);
  });

  it("lets exactly one of a merge and a decision win", async () => {
    const { world, api } = suite;
    const a = await api.createIdea(world.anton);
    const b = await api.ideaIn("under_review", {
      author: world.alice,
      manager: world.alphaManager,
      admin: world.admin,
    });
    const [merged, decided] = await Promise.all([
      merge(world.admin, b.id, a.id),
      api.transition(world.alphaManager, b.id, "approved"),
    ]);
    expect([merged.statusCode, decided.statusCode].sort()).toEqual([200, 409]);
    const row = await statusOf(b.id);
    if (merged.statusCode === 200) expect(row).toMatchObject({ status: "merged", mergedIntoId: a.id });
    else expect(row).toMatchObject({ status: "approved", mergedIntoId: null });
  });

  it("shows merges in lists: the merged idea's link, the target's contributors", async () => {
    const { world, api } = suite;
    const a = await api.createIdea(world.anton, { title: "Bike racks downstairs" });
    const b = await api.createIdea(world.alice, { title: "More bike parking" });
    expect((await merge(world.alphaManager, b.id, a.id)).statusCode).toBe(200);
    const response = await suite.client.get("/api/project-ideas/?status=merged,submitted", {
      token: world.alice.token,
    });
    const listed = (response.json().ideas as IdeaDetail[]).filter((idea) => idea.id === a.id || idea.id === b.id);
    expect(
      listed.map((idea) => [
        idea.title,
        idea.status,
        idea.merged_into?.title ?? null,
        idea.contributors.map((c) => c.display_name),
      ]),
    ).toEqual([
      ["More bike parking", "merged", "Bike racks downstairs", []],
      ["Bike racks downstairs", "submitted", null, ["Alice Author"]],
    ]);
  });
});

describe("GET /api/project-ideas/:id/duplicates/", () => {
  it("offers a reviewer the open ideas with similar text and those the authors said are the same, with why", async () => {
    const { world, api } = suite;
    const idea = await api.createIdea(world.alice, {
      title: "Rainwater tanks for the garden",
      description: "Collect rainwater in tanks to water the garden.",
    });
    const similar = await api.createIdea(world.anton, {
      title: "Garden rainwater collection",
      description: "Use rainwater tanks for watering.",
    });
    const sameSaid = await api.createIdea(world.anton, {
      title: "Quiet room for calls",
      description: "A room without noise.",
    });
    // Alice, writing hers, said Anton's quiet room is the same as hers.
    await vote(world.alice, sameSaid.id);

    const response = await suite.client.get(`/api/project-ideas/${idea.id}/duplicates/`, {
      token: world.alphaManager.token,
    });
    expect(response.statusCode, response.body).toBe(200);
    const duplicates = response.json().duplicates as PossibleDuplicate[];
    expect(duplicates.find((d) => d.idea.id === sameSaid.id)).toMatchObject({ similar_text: false, same_votes: 1 });
    expect(duplicates.find((d) => d.idea.id === similar.id)).toMatchObject({
      idea: { title: "Garden rainwater collection", status: "submitted", author: { display_name: "Anton Teammate" } },
      similar_text: true,
      same_votes: 0,
    });
    expect(duplicates[0]!.idea.id).toBe(sameSaid.id);
    expect(duplicates.some((d) => d.idea.id === idea.id)).toBe(false);

    // Its author does not review it; another company does not see it.
    expect(
      (await suite.client.get(`/api/project-ideas/${idea.id}/duplicates/`, { token: world.alice.token })).statusCode,
    ).toBe(403);
    expect(
      (await suite.client.get(`/api/project-ideas/${idea.id}/duplicates/`, { token: world.outsiderAdmin.token }))
        .statusCode,
    ).toBe(404);

    // Once merged, an idea is no longer offered.
    expect((await merge(world.alphaManager, similar.id, idea.id)).statusCode).toBe(200);
    const after = await suite.client.get(`/api/project-ideas/${idea.id}/duplicates/`, {
      token: world.alphaManager.token,
    });
    expect((after.json().duplicates as PossibleDuplicate[]).some((d) => d.idea.id === similar.id)).toBe(false);
  });
});
