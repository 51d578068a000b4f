import {
  IDEA_STATUSES,
  type Idea,
  IdeaDetailResponseSchema,
  IdeaListResponseSchema,
  IdeaResponseSchema,
  PAID_SUBMISSIONS_PER_DAY,
} from "@ideaport/shared";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companies, ideaRevisions, ideas, notifications, votes } from "../../db/schema/index.ts";
import { startedForSuite } from "../../test/app.ts";
import { type IdeasSuite, idsOf, type Person, startIdeasSuite } from "./ideas.test-kit.ts";

async function listAs(suite: IdeasSuite, person: Person, query = "") {
  const response = await suite.client.get(`/api/project-ideas/${query}`, { token: person.token });
  expect(response.statusCode, response.body).toBe(200);
  return IdeaListResponseSchema.parse(response.json());
}
const titles = (list: Idea[]) => list.map((idea) => idea.title);

describe("POST /api/project-ideas/", () => {
  const suite = startedForSuite(startIdeasSuite);

  /** Posts a draft answering `challengeId` as Alice, or as whoever holds `token`. */
  function postDraftAnswering(challengeId: string, token = suite.world.alice.token) {
    return suite.client.post(
      "/api/project-ideas/",
      { title: "Valid title", draft: true, challenge_id: challengeId },
      { token },
    );
  }

  it("submits an idea at once: confirmation to the author, news to the team's managers, points", async () => {
    const { client, world, api } = suite;
    const response = await client.post(
      "/api/project-ideas/",
      { title: "Solar panels on the roof", description: "They pay for themselves in six years." },
      { token: world.alice.token },
    );
    expect(response.statusCode).toBe(200);
    const { idea } = IdeaResponseSchema.parse(response.json());
    expect(idea).toMatchObject({
      title: "Solar panels on the roof",
      status: "submitted",
      author: { id: world.alice.id, display_name: world.alice.displayName },
      team_id: world.alpha.id,
      team_name: "Alpha",
      challenge: null,
      votes: 0,
      comment_count: 0,
      has_voted: false,
      // The author may withdraw it while nobody reviews it.
      allowed_transitions: ["draft"],
      can_edit: false,
    });
    expect(idea.submitted_at).toBe(suite.clock().toISOString());
    expect(await api.recipientsOf(idea.id, "idea_submitted")).toEqual([]);
    expect(await api.recipientsOf(idea.id, "new_team_submission")).toEqual([world.alphaManager.id]);
    expect(await api.pointsOf(world.alice.id)).toEqual(["submit:10"]);
  });

  it("saves a draft quietly: no notifications, no points, short description allowed", async () => {
    const { world, api } = suite;
    const idea = await api.createIdea(world.anton, { title: "Half an idea", description: "", draft: true });
    expect(idea).toMatchObject({
      status: "draft",
      submitted_at: null,
      can_edit: true,
      allowed_transitions: ["submitted"],
    });
    expect(await api.noticesAbout(idea.id)).toHaveLength(0);
    expect(await api.pointsOf(world.anton.id)).toEqual([]);
  });

  it("answers 400 with clear field messages for bad input and stores nothing", async () => {
    const { client, world, db } = suite;
    const before = (await db.select().from(ideas)).length;
    const cases: Array<[unknown, string, RegExp]> = [
      [{ title: "Hey", description: "Long enough description" }, "title", /at least 5/],
      [{ title: "x".repeat(151), description: "Long enough description" }, "title", /at most 150/],
      [{ title: "     ", draft: true }, "title", /title/],
      [{ description: "Long enough description" }, "title", /title/],
      [{ title: "Valid title", description: "too short" }, "description", /at least 10/],
      [{ title: "Valid title", description: "x".repeat(5001), draft: true }, "description", /at most 5000/],
      [{ title: "Valid title", draft: "yes" }, "draft", /true or false/],
      [{ title: "Valid title", draft: true, challenge_id: "nope" }, "challenge_id", /Invalid challenge id/],
    ];
    for (const [body, field, message] of cases) {
      const response = await client.post("/api/project-ideas/", body, { token: world.alice.token });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().fields[field], JSON.stringify(body)).toMatch(message);
    }
    expect((await db.select().from(ideas)).length).toBe(before);
  });

  it("stores text exactly as written, markup included", async () => {
    const { world, api } = suite;
    const title = `<script>alert("x")</script> & "quotes"`;
    const description = "<img src=x onerror=alert(1)>\nSecond line   with spaces ";
    const idea = await api.createIdea(world.alice, { title, description });
    expect(idea.title).toBe(title);
    expect(idea.description).toBe(description);
  });

  it("answers 401 without a token and 403 for a user without a company", async () => {
    const { client, db, tokenFor } = suite;
    expect((await client.post("/api/project-ideas/", { title: "Valid title", draft: true })).statusCode).toBe(401);
    const { buildUser } = await import("../../test/factories.ts");
    const homeless = await buildUser(db);
    const response = await client.post(
      "/api/project-ideas/",
      { title: "Valid title", draft: true },
      { token: await tokenFor(homeless) },
    );
    expect(response.statusCode).toBe(403);
  });

  it("answers a challenge: the idea joins the challenge's team and earns the challenge points too", async () => {
    const { world, api } = suite;
    const challenge = await api.createChallenge(world.betaManager, { title: "Faster deploys" });
    const idea = await api.createIdea(world.bob, { challenge_id: challenge.id });
    expect(idea.challenge).toEqual({ id: challenge.id, title: "Faster deploys", scope: "team" });
    expect(idea.team_id).toBe(world.beta.id);
    expect(await api.pointsOf(world.bob.id)).toEqual(["challenge_answer:5", "submit:10"]);
    const notices = await api.noticesAbout(idea.id);
    expect(notices.every((notice) => notice.row.challengeTitle === "Faster deploys")).toBe(true);
    expect(notices.every((notice) => notice.row.challengeScope === "team")).toBe(true);
  });

  it("refuses challenges the author cannot see (404) or that are not open (409)", async () => {
    const { client, world, api } = suite;
    const betaChallenge = await api.createChallenge(world.betaManager);
    const hidden = await postDraftAnswering(betaChallenge.id);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().code).toBe("challenge.not_found");

    const closed = await api.createChallenge(world.alphaManager);
    await client.post(`/api/challenges/${closed.id}/close/`, undefined, { token: world.alphaManager.token });
    const late = await postDraftAnswering(closed.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe("challenge.not_open");

    const proposal = await api.createChallenge(world.alice, { scope: "company" });
    const unapproved = await postDraftAnswering(proposal.id);
    expect(unapproved.statusCode).toBe(409);

    const outsiderChallenge = await api.createChallenge(world.outsiderAdmin, { scope: "company" });
    const foreign = await postDraftAnswering(outsiderChallenge.id);
    expect(foreign.statusCode).toBe(404);
  });

  it("refuses ideas for a challenge whose deadline has passed", async () => {
    const { world, api, clock } = suite;
    const deadline = new Date(clock().getTime() + 60 * 60 * 1000).toISOString();
    const challenge = await api.createChallenge(world.alphaManager, { ends_at: deadline });
    expect(challenge.is_open).toBe(true);
    clock.advance(2 * 60 * 60 * 1000);
    const response = await postDraftAnswering(challenge.id, await suite.tokenFor(world.alice));
    expect(response.statusCode).toBe(409);
  });
});

describe("GET /api/project-ideas/: who sees what", () => {
  const suite = startedForSuite(startIdeasSuite);
  let ids: Record<string, string>;
  beforeAll(async () => {
    const { world, api } = suite;
    const companyChallenge = await api.createChallenge(world.admin, { scope: "company", title: "Company-wide" });
    ids = {
      aliceDraft: (await api.createIdea(world.alice, { title: "Alice draft", draft: true })).id,
      aliceSubmitted: (await api.createIdea(world.alice, { title: "Alice submitted" })).id,
      bobSubmitted: (await api.createIdea(world.bob, { title: "Bob submitted" })).id,
      bobCompany: (await api.createIdea(world.bob, { title: "Bob company answer", challenge_id: companyChallenge.id }))
        .id,
      outsider: (await api.createIdea(world.outsider, { title: "Outsider idea" })).id,
    };
  });

  it.each([
    [
      "the author: own drafts and ideas, the team's, company-challenge answers",
      "alice",
      ["Alice submitted", "Alice draft", "Bob company answer"],
    ],
    ["a teammate: the team's submitted ideas, not drafts", "anton", ["Alice submitted", "Bob company answer"]],
    ["the team's manager", "alphaManager", ["Alice submitted", "Bob company answer"]],
    ["another team's employee", "bob", ["Bob company answer", "Bob submitted"]],
    ["another team's manager", "betaManager", ["Bob company answer", "Bob submitted"]],
    [
      "an admin: every submitted idea of the company",
      "admin",
      ["Bob company answer", "Bob submitted", "Alice submitted"],
    ],
    ["another company's admin: none of them", "outsiderAdmin", ["Outsider idea"]],
  ] as const)("shows %s", async (_label, who, expected) => {
    const list = await listAs(suite, suite.world[who]);
    expect(titles(list.ideas).sort()).toEqual([...expected].sort());
  });

  it("answers 404 for ideas the caller does not see", async () => {
    const { client, world } = suite;
    const cases: Array<[Person, string]> = [
      [world.anton, ids.aliceDraft!],
      [world.alphaManager, ids.aliceDraft!],
      [world.admin, ids.aliceDraft!],
      [world.bob, ids.aliceSubmitted!],
      [world.betaManager, ids.aliceSubmitted!],
      [world.outsiderAdmin, ids.aliceSubmitted!],
      [world.outsiderAdmin, ids.bobCompany!],
      [world.alice, ids.outsider!],
    ];
    for (const [person, id] of cases) {
      const response = await client.get(`/api/project-ideas/${id}/`, { token: person.token });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, error: "That idea does not exist.", code: "idea.not_found" });
    }
    expect((await client.get("/api/project-ideas/123/", { token: world.alice.token })).statusCode).toBe(404);
  });

  it("filters by mine, team, challenge, status and text", async () => {
    const { world } = suite;
    expect(titles((await listAs(suite, world.alice, "?mine=true")).ideas).sort()).toEqual([
      "Alice draft",
      "Alice submitted",
    ]);
    expect(titles((await listAs(suite, world.admin, `?team=${world.beta.id}`)).ideas).sort()).toEqual([
      "Bob company answer",
      "Bob submitted",
    ]);
    const companyAnswer = (await listAs(suite, world.alice, "?q=company")).ideas[0]!;
    expect(titles((await listAs(suite, world.alice, `?challenge=${companyAnswer.challenge!.id}`)).ideas)).toEqual([
      "Bob company answer",
    ]);
    expect(titles((await listAs(suite, world.alice, "?status=draft")).ideas)).toEqual(["Alice draft"]);
    expect(titles((await listAs(suite, world.alice, "?status=draft,submitted")).ideas)).toHaveLength(3);
    expect(titles((await listAs(suite, world.admin, "?q=bob answer")).ideas)).toEqual(["Bob company answer"]);
  });

  it("answers 400 for bad filters and cursors", async () => {
    const { client, world } = suite;
    for (const query of [
      "?status=finished",
      "?team=abc",
      "?mine=perhaps",
      "?limit=0",
      "?limit=101",
      "?cursor=garbage",
    ]) {
      const response = await client.get(`/api/project-ideas/${query}`, { token: world.alice.token });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().success).toBe(false);
    }
  });

  it("survives odd search text", async () => {
    const { world } = suite;
    for (const q of ["'", "&|!():*", "-", '"unterminated', "<->", "the a an", "🙂"]) {
      await listAs(suite, world.alice, `?q=${encodeURIComponent(q)}`);
    }
  });
});

describe("GET /api/project-ideas/: keyset pagination", () => {
  const suite = startedForSuite(startIdeasSuite);

  it("pages 45 ideas newest first with next_cursor, without duplicates or gaps", async () => {
    const { world, api } = suite;
    const created: string[] = [];
    for (let index = 0; index < 45; index += 1) {
      created.push((await api.createIdea(world.alice, { title: `Paged idea ${index}`, draft: index % 2 === 0 })).id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `?limit=20${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const page = await listAs(suite, world.alice, query);
      seen.push(...page.ideas.map((idea) => idea.id));
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...created].reverse());
  });

  it("keeps the order of ideas written in the same instant", async () => {
    const { world, api, db } = suite;
    const sameInstant = new Date("2026-01-01T00:00:00.123456Z");
    const batch = await Promise.all(
      Array.from({ length: 7 }, (_, index) => api.createIdea(world.bob, { title: `Same instant ${index}` })),
    );
    for (const idea of batch) await db.update(ideas).set({ createdAt: sameInstant }).where(eq(ideas.id, idea.id));
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?mine=true&limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const page = await listAs(suite, world.bob, query);
      seen.push(...page.ideas.map((idea) => idea.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    expect([...seen].sort().reverse()).toEqual(seen);
  });
});

describe("GET /api/project-ideas/: sorted by votes, comments and trending, with counts per status", () => {
  const suite = startedForSuite(startIdeasSuite);

  /** Every page of a sorted list, as the titles in order; also checks no idea comes twice. */
  async function allPages(person: Person, query: string, limit: number): Promise<string[]> {
    const seen: Idea[] = [];
    let cursor: string | null = null;
    do {
      const page = await listAs(
        suite,
        person,
        `${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      );
      seen.push(...page.ideas);
      cursor = page.next_cursor;
    } while (cursor);
    expect(new Set(seen.map((idea) => idea.id)).size).toBe(seen.length);
    return seen.map((idea) => idea.title);
  }

  it("orders by votes, by comments, and by trending (recent activity first), paging without gaps", async () => {
    const { world, api, client, db, clock } = suite;
    const voters = [world.anton, world.alphaManager, world.admin, world.loneAdmin];
    const titled = async (title: string, ageDays: number, voteCount: number, commentCount: number) => {
      const idea = await api.createIdea(world.alice, { title });
      for (const voter of voters.slice(0, voteCount)) {
        await client.post(`/api/project-ideas/${idea.id}/vote/`, undefined, { token: voter.token });
      }
      for (let index = 0; index < commentCount; index += 1) {
        await client.post(
          `/api/project-ideas/${idea.id}/comments/`,
          { body: `Comment ${index}` },
          {
            token: world.anton.token,
          },
        );
      }
      const at = new Date(clock().getTime() - ageDays * 24 * 3600 * 1000);
      await db.update(ideas).set({ createdAt: at, submittedAt: at }).where(eq(ideas.id, idea.id));
    };
    await titled("Old and loved", 60, 4, 3);
    await titled("Fresh and liked", 1, 2, 1);
    await titled("Fresh and quiet", 0.5, 0, 0);
    await titled("Talked about", 10, 1, 5);
    await titled("Middling", 5, 1, 1);

    // Ties (one vote each) go newest first.
    expect(await allPages(world.alice, "?mine=true&sort=most_voted", 2)).toEqual([
      "Old and loved",
      "Fresh and liked",
      "Middling",
      "Talked about",
      "Fresh and quiet",
    ]);
    expect(await allPages(world.alice, "?mine=true&sort=most_discussed", 2)).toEqual([
      "Talked about",
      "Old and loved",
      "Fresh and liked",
      "Middling",
      "Fresh and quiet",
    ]);
    // (votes + comments) / (hours + 2)^1.5: three of yesterday's outweigh seven from two months ago.
    expect(await allPages(world.alice, "?mine=true&sort=trending", 2)).toEqual([
      "Fresh and liked",
      "Talked about",
      "Middling",
      "Old and loved",
      "Fresh and quiet",
    ]);
    expect(await allPages(world.alice, "?mine=true&sort=newest", 2)).toEqual([
      "Fresh and quiet",
      "Fresh and liked",
      "Middling",
      "Talked about",
      "Old and loved",
    ]);
  });

  it("refuses an unknown sort and a cursor of another sort with 400", async () => {
    const { world } = suite;
    const bad = await suite.client.get("/api/project-ideas/?sort=best", { token: world.alice.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe("sort must be newest, most_voted, most_discussed, trending or score.");
    const page = await listAs(suite, world.alice, "?mine=true&limit=1");
    expect(page.next_cursor).not.toBeNull();
    const mixed = await suite.client.get(
      `/api/project-ideas/?sort=most_voted&cursor=${encodeURIComponent(page.next_cursor!)}`,
      { token: world.alice.token },
    );
    expect(mixed.statusCode).toBe(400);
  });

  it("counts the ideas the caller sees in each status, under the same filters", async () => {
    const { world, api, client } = suite;
    const count = async (person: Person, query = "") => {
      const response = await client.get(`/api/project-ideas/counts/${query}`, { token: person.token });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().counts as Record<string, number>;
    };
    const before = await count(world.bob, "?mine=true");
    await api.createIdea(world.bob, { draft: true, title: "Bob's draft" });
    await api.createIdea(world.bob, { title: "Bob's counted idea" });
    const underReview = await api.ideaIn("under_review", {
      author: world.bob,
      manager: world.betaManager,
      admin: world.admin,
    });
    const after = await count(world.bob, "?mine=true");
    expect(Object.keys(after).sort()).toEqual([...IDEA_STATUSES].sort());
    expect(after.draft).toBe(before.draft! + 1);
    expect(after.submitted).toBe(before.submitted! + 1);
    expect(after.under_review).toBe(before.under_review! + 1);
    // The counts match the list's own pages.
    const listed = await listAs(suite, world.bob, "?mine=true&status=under_review&limit=100");
    expect(listed.ideas).toHaveLength(after.under_review!);
    expect((await count(world.bob, `?mine=true&q=${encodeURIComponent("counted")}`)).submitted).toBe(1);
    // Someone of another team sees none of Bob's drafts, and another company sees nothing.
    expect((await count(world.anton, `?team=${world.beta.id}`)).draft).toBe(0);
    const outside = await count(world.outsiderAdmin, `?team=${world.beta.id}`);
    expect(Object.values(outside).reduce((sum, value) => sum + value, 0)).toBe(0);
    expect(underReview.status).toBe("under_review");
    const bad = await client.get("/api/project-ideas/counts/?mine=perhaps", { token: world.bob.token });
    expect(bad.statusCode).toBe(400);
  });
});

describe("GET /api/project-ideas/:id/ and PATCH", () => {
  const suite = startedForSuite(startIdeasSuite);

  it("shows the history with actors and notes, the revisions before and after, and the comments", async () => {
    const { client, world, api } = suite;
    const idea = await api.createIdea(world.alice, { title: "Bike sheds", description: "We need covered bike racks." });
    await api.step(world.alphaManager, idea.id, "under_review");
    await api.step(world.alphaManager, idea.id, "needs_revision", "How many racks?");
    const edited = await client.patch(
      `/api/project-ideas/${idea.id}/`,
      { description: "We need 40 covered bike racks." },
      { token: world.alice.token },
    );
    expect(edited.statusCode, edited.body).toBe(200);
    await client.patch(`/api/project-ideas/${idea.id}/`, { title: "Covered bike racks" }, { token: world.alice.token });
    await api.step(world.alice, idea.id, "revision_submitted");
    await client.post(`/api/project-ideas/${idea.id}/comments/`, { body: "Love it" }, { token: world.anton.token });

    const response = await client.get(`/api/project-ideas/${idea.id}/`, { token: world.anton.token });
    expect(response.statusCode).toBe(200);
    const detail = IdeaDetailResponseSchema.parse(response.json()).idea;
    expect(detail.title).toBe("Covered bike racks");
    expect(
      detail.history.map((event) => [event.from_status, event.to_status, event.actor?.display_name, event.note]),
    ).toEqual([
      [null, "submitted", world.alice.displayName, null],
      ["submitted", "under_review", world.alphaManager.displayName, null],
      ["under_review", "needs_revision", world.alphaManager.displayName, "How many racks?"],
      ["needs_revision", "revision_submitted", world.alice.displayName, null],
    ]);
    expect(detail.revisions.map((revision) => [revision.before, revision.after])).toEqual([
      [
        { title: "Bike sheds", description: "We need covered bike racks." },
        { title: "Bike sheds", description: "We need 40 covered bike racks." },
      ],
      [
        { title: "Bike sheds", description: "We need 40 covered bike racks." },
        { title: "Covered bike racks", description: "We need 40 covered bike racks." },
      ],
    ]);
    expect(detail.revisions[0]!.revised_by).toEqual({ id: world.alice.id, display_name: world.alice.displayName });
    expect(detail.comments).toMatchObject([{ body: "Love it", author: { id: world.anton.id } }]);
    expect(detail.comment_count).toBe(1);
  });

  it("keeps with each submission and resubmission the checklist Analyze gives for the text sent", async () => {
    const { client, world, api } = suite;
    // Only the challenge's description shares a word with the idea ("drive"), as Analyze reads it.
    const challenge = await api.createChallenge(world.alphaManager, {
      title: "Greener commute",
      description: "How could fewer people drive alone to work?",
    });
    const first = { title: "Carpool board", description: "Colleagues who drive alone could share rides." };
    const revised = {
      title: "Carpool board",
      description:
        "Today the car park is full by nine. Colleagues who drive alone could share rides. A board costs about €200 and would cut parking demand by 20%.",
    };
    const analyze = async (text: { title: string; description: string }) => {
      const response = await client.post(
        "/api/ai-analysis/",
        { ...text, challenge_id: challenge.id },
        { token: world.alice.token },
      );
      expect(response.statusCode, response.body).toBe(200);
      return response.json().checklist;
    };
    const atSubmission = await analyze(first);
    const atResubmission = await analyze(revised);
    expect(atSubmission).toContainEqual(expect.objectContaining({ key: "challenge", ok: true }));
    expect(atResubmission).not.toEqual(atSubmission);

    const idea = await api.createIdea(world.alice, { ...first, challenge_id: challenge.id });
    await api.step(world.alphaManager, idea.id, "under_review");
    await api.step(world.alphaManager, idea.id, "needs_revision", "What would it cost?");
    const edited = await client.patch(`/api/project-ideas/${idea.id}/`, revised, { token: world.alice.token });
    expect(edited.statusCode, edited.body).toBe(200);
    await api.step(world.alice, idea.id, "revision_submitted");

    const response = await client.get(`/api/project-ideas/${idea.id}/`, { token: world.alphaManager.token });
    const detail = IdeaDetailResponseSchema.parse(response.json()).idea;
    expect(detail.history.map((entry) => [entry.to_status, entry.checklist])).toEqual([
      ["submitted", atSubmission],
      ["under_review", null],
      ["needs_revision", null],
      ["revision_submitted", atResubmission],
    ]);

    // A draft's creation sends nothing for review; its submission does.
    const draft = await api.createIdea(world.alice, { ...first, draft: true });
    await api.step(world.alice, draft.id, "submitted");
    const drafted = (await client.get(`/api/project-ideas/${draft.id}/`, { token: world.alice.token })).json().idea;
    expect(drafted.history.map((entry: { to_status: string }) => entry.to_status)).toEqual(["draft", "submitted"]);
    expect(drafted.history[0].checklist).toBeNull();
    expect(drafted.history[1].checklist).toEqual(
      (await analyze(first)).filter((item: { key: string }) => item.key !== "challenge"),
    );
  });

  it("edits drafts without keeping revisions, and can attach a draft to a challenge", async () => {
    const { client, world, api, db } = suite;
    const challenge = await api.createChallenge(world.alphaManager, { title: "Draft target" });
    const draft = await api.createIdea(world.alice, { title: "Rough draft", draft: true, description: "" });
    const response = await client.patch(
      `/api/project-ideas/${draft.id}/`,
      { title: "Polished draft", description: "Now with a real description.", challenge_id: challenge.id },
      { token: world.alice.token },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().idea).toMatchObject({
      title: "Polished draft",
      challenge: { id: challenge.id },
      revisions: [],
    });
    expect(await db.select().from(ideaRevisions).where(eq(ideaRevisions.ideaId, draft.id))).toHaveLength(0);
    const detached = await client.patch(
      `/api/project-ideas/${draft.id}/`,
      { challenge_id: null },
      { token: world.alice.token },
    );
    expect(detached.json().idea.challenge).toBeNull();
  });

  it("lets only the author edit, only while draft or needs revision", async () => {
    const { client, world, api } = suite;
    const submitted = await api.createIdea(world.alice);
    const locked = await client.patch(
      `/api/project-ideas/${submitted.id}/`,
      { title: "New title" },
      { token: world.alice.token },
    );
    expect(locked.statusCode).toBe(409);
    expect(locked.json().code).toBe("idea.not_editable");
    for (const person of [world.anton, world.alphaManager, world.admin]) {
      const response = await client.patch(
        `/api/project-ideas/${submitted.id}/`,
        { title: "New title" },
        { token: person.token },
      );
      expect(response.statusCode).toBe(403);
    }
    for (const person of [world.bob, world.outsiderAdmin]) {
      const response = await client.patch(
        `/api/project-ideas/${submitted.id}/`,
        { title: "New title" },
        { token: person.token },
      );
      expect(response.statusCode).toBe(404);
    }
    const needsRevision = await api.ideaIn("needs_revision", {
      author: world.alice,
      manager: world.alphaManager,
      admin: world.admin,
    });
    const challenge = await api.createChallenge(world.alphaManager);
    const moved = await client.patch(
      `/api/project-ideas/${needsRevision.id}/`,
      { challenge_id: challenge.id },
      { token: world.alice.token },
    );
    expect(moved.statusCode).toBe(409);
    const empty = await client.patch(`/api/project-ideas/${needsRevision.id}/`, {}, { token: world.alice.token });
    expect(empty.statusCode).toBe(400);
    const short = await client.patch(
      `/api/project-ideas/${needsRevision.id}/`,
      { title: "abc" },
      { token: world.alice.token },
    );
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.title).toMatch(/at least 5/);
  });
});

describe("comments and votes", () => {
  const suite = startedForSuite(startIdeasSuite);

  it("notifies the author and the team's managers, never the commenter", async () => {
    const { client, world, api, db } = suite;
    const idea = await api.createIdea(world.alice);
    const comment = async (person: Person, body: string) => {
      const response = await client.post(`/api/project-ideas/${idea.id}/comments/`, { body }, { token: person.token });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().comment;
    };
    const first = await comment(world.anton, "Great idea");
    expect(first).toMatchObject({
      body: "Great idea",
      author: { id: world.anton.id, display_name: world.anton.displayName },
    });
    expect(await api.recipientsOf(idea.id, "new_comment")).toEqual([world.alice.id]);
    expect(await api.recipientsOf(idea.id, "new_team_comment")).toEqual([world.alphaManager.id]);

    await comment(world.alphaManager, "Noted");
    expect(await api.recipientsOf(idea.id, "new_comment")).toEqual(idsOf(world.alice, world.alice));
    expect(await api.recipientsOf(idea.id, "new_team_comment")).toEqual([world.alphaManager.id]);

    await comment(world.alice, "Thanks!");
    const all = await db.select().from(notifications).where(eq(notifications.relatedIdeaId, idea.id));
    const commentNotices = all.filter((row) => row.type === "new_comment" || row.type === "new_team_comment");
    expect(commentNotices).toHaveLength(4);
    expect(commentNotices.at(-1)).toMatchObject({ userId: world.alphaManager.id, actorName: world.alice.displayName });

    const detail = (await client.get(`/api/project-ideas/${idea.id}/`, { token: world.alice.token })).json().idea;
    expect(detail.comments.map((entry: { body: string }) => entry.body)).toEqual(["Great idea", "Noted", "Thanks!"]);
    expect(detail.comment_count).toBe(3);
  });

  it("tells the admins about comments on ideas awaiting their decision", async () => {
    const { client, world, api } = suite;
    const challenge = await api.createChallenge(world.admin, { scope: "company" });
    const idea = await api.ideaIn(
      "pending_review",
      { author: world.alice, manager: world.alphaManager, admin: world.admin },
      { companyChallengeId: challenge.id },
    );
    await client.post(`/api/project-ideas/${idea.id}/comments/`, { body: "Admins, look" }, { token: world.bob.token });
    expect(await api.recipientsOf(idea.id, "new_team_comment")).toEqual(
      idsOf(world.alphaManager, world.admin, world.loneAdmin),
    );
  });

  it("pays comment points once per idea and never for one's own idea", async () => {
    const { client, world, api } = suite;
    const bobBefore = await api.pointsOf(world.bob.id);
    const idea = await api.createIdea(world.bob);
    const other = await api.createIdea(world.bob);
    for (const body of ["one", "two", "three"]) {
      await client.post(`/api/project-ideas/${idea.id}/comments/`, { body }, { token: world.betaManager.token });
    }
    await client.post(`/api/project-ideas/${other.id}/comments/`, { body: "four" }, { token: world.betaManager.token });
    await client.post(`/api/project-ideas/${idea.id}/comments/`, { body: "mine" }, { token: world.bob.token });
    expect(await api.pointsOf(world.betaManager.id)).toEqual(["comment:2", "comment:2"]);
    expect(await api.pointsOf(world.bob.id)).toEqual([...bobBefore, "submit:10", "submit:10"].sort());
  });

  it("refuses empty, blank and long comments, comments on drafts and on hidden ideas", async () => {
    const { client, world, api } = suite;
    const idea = await api.createIdea(world.alice);
    for (const body of [{}, { body: "" }, { body: "   \n " }, { body: "x".repeat(2001) }, { body: 42 }]) {
      const response = await client.post(`/api/project-ideas/${idea.id}/comments/`, body, { token: world.anton.token });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().fields.body).toBeTruthy();
    }
    const draft = await api.createIdea(world.alice, { draft: true });
    const onDraft = await client.post(
      `/api/project-ideas/${draft.id}/comments/`,
      { body: "hi" },
      { token: world.alice.token },
    );
    expect(onDraft.statusCode).toBe(409);
    for (const person of [world.bob, world.outsiderAdmin]) {
      const hidden = await client.post(
        `/api/project-ideas/${idea.id}/comments/`,
        { body: "hi" },
        { token: person.token },
      );
      expect(hidden.statusCode).toBe(404);
    }
  });

  it("leaves the idea's updated_at as it was, to the microsecond: a vote or a comment is not an edit", async () => {
    const { client, world, api, db } = suite;
    const idea = await api.createIdea(world.alice);
    const storedUpdatedAt = async () => {
      const [row] = await db
        .select({ value: sql<string>`${ideas.updatedAt}::text` })
        .from(ideas)
        .where(eq(ideas.id, idea.id));
      return row!.value;
    };
    const before = await storedUpdatedAt();
    const token = { token: world.anton.token };
    expect((await client.post(`/api/project-ideas/${idea.id}/vote/`, undefined, token)).statusCode).toBe(200);
    expect((await client.delete(`/api/project-ideas/${idea.id}/vote/`, token)).statusCode).toBe(200);
    expect((await client.post(`/api/project-ideas/${idea.id}/comments/`, { body: "Nice" }, token)).statusCode).toBe(
      200,
    );
    expect(await storedUpdatedAt()).toBe(before);
    const detail = (await client.get(`/api/project-ideas/${idea.id}/`, token)).json().idea;
    expect(detail).toMatchObject({ updated_at: idea.updated_at, votes: 0, comment_count: 1 });
  });

  it("counts one vote per person however often they vote, and takes it back idempotently", async () => {
    const { client, world, api, db } = suite;
    const idea = await api.createIdea(world.alice);
    const vote = (person: Person) =>
      client.post(`/api/project-ideas/${idea.id}/vote/`, undefined, { token: person.token });
    const unvote = (person: Person) => client.delete(`/api/project-ideas/${idea.id}/vote/`, { token: person.token });
    expect((await vote(world.anton)).json()).toEqual({ success: true, votes: 1, has_voted: true });
    expect((await vote(world.anton)).json()).toEqual({ success: true, votes: 1, has_voted: true });
    expect((await vote(world.alphaManager)).json()).toEqual({ success: true, votes: 2, has_voted: true });
    const detail = (await client.get(`/api/project-ideas/${idea.id}/`, { token: world.anton.token })).json().idea;
    expect(detail).toMatchObject({ votes: 2, has_voted: true });
    expect((await unvote(world.anton)).json()).toEqual({ success: true, votes: 1, has_voted: false });
    expect((await unvote(world.anton)).json()).toEqual({ success: true, votes: 1, has_voted: false });
    expect(await db.select().from(votes).where(eq(votes.ideaId, idea.id))).toHaveLength(1);
    const list = await listAs(suite, world.anton, "");
    expect(list.ideas.find((entry) => entry.id === idea.id)).toMatchObject({ votes: 1, has_voted: false });
    // The author cannot vote for their own idea.
    const own = await vote(world.alice);
    expect(own.statusCode).toBe(409);
    expect(own.json()).toMatchObject({ code: "idea.own_vote", error: "You cannot vote for your own idea." });
    expect((await vote(world.bob)).statusCode).toBe(404);
    expect((await unvote(world.outsider)).statusCode).toBe(404);
    const draft = await api.createIdea(world.alice, { draft: true });
    expect(
      (await client.post(`/api/project-ideas/${draft.id}/vote/`, undefined, { token: world.alice.token })).statusCode,
    ).toBe(409);
  });
});

describe("points", () => {
  const suite = startedForSuite(startIdeasSuite);

  it("follows the company's rules and never pays the same event twice", async () => {
    const { world, api, db } = suite;
    await db
      .update(companies)
      .set({ settings: { points: { submit: 3, approved: 30, comment: 1, challenge_answer: 0 } } })
      .where(eq(companies.id, world.company.id));
    const challenge = await api.createChallenge(world.alphaManager, { reward_points: 25 });
    const idea = await api.createIdea(world.alice, { challenge_id: challenge.id });
    await api.step(world.alphaManager, idea.id, "under_review");
    await api.step(world.alphaManager, idea.id, "needs_revision", "Again");
    await api.step(world.alice, idea.id, "revision_submitted");
    await api.step(world.alphaManager, idea.id, "approved");
    // challenge_answer is worth 0 here, so no row; the challenge's reward comes with the approval.
    expect(await api.pointsOf(world.alice.id)).toEqual(["approved:25", "approved:30", "submit:3"]);
    expect(await api.pointsOf(world.alphaManager.id)).toEqual([]);
  });
});

describe("points for submitting", () => {
  const suite = startedForSuite(startIdeasSuite);

  it(`pays for at most ${PAID_SUBMISSIONS_PER_DAY} submissions a day, however many are sent at once`, async () => {
    const { api, world, client, clock } = suite;
    const challenge = await api.createChallenge(world.alphaManager, { title: "Quick wins" });
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        client.post(
          "/api/project-ideas/",
          { title: `Quick win ${index}`, description: "Ten chars.", challenge_id: challenge.id },
          { token: world.alice.token },
        ),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(40).fill(200));
    // 5 × (10 + 5) points, not 40 × 15.
    expect(await api.pointsOf(world.alice.id)).toEqual(
      [
        ...Array(PAID_SUBMISSIONS_PER_DAY).fill("submit:10"),
        ...Array(PAID_SUBMISSIONS_PER_DAY).fill("challenge_answer:5"),
      ].sort(),
    );

    // A draft submitted later the same day is past the cap too; the next day pays again.
    const draft = await api.createIdea(world.alice, { draft: true });
    await api.step(world.alice, draft.id, "submitted");
    const sameDay = await api.pointsOf(world.alice.id);
    expect(sameDay).toHaveLength(2 * PAID_SUBMISSIONS_PER_DAY);
    clock.advance(24 * 60 * 60 * 1000);
    await api.createIdea({ ...world.alice, token: await suite.tokenFor(world.alice) });
    expect(await api.pointsOf(world.alice.id)).toEqual([...sameDay, "submit:10"].sort());
  });

  it("still pays for outcomes: an approved idea beyond the daily cap earns its approval points", async () => {
    const { api, world, tokenFor } = suite;
    // Fresh sign-ins: the clock may have moved past the tokens' lifetime.
    const bob = { ...world.bob, token: await tokenFor(world.bob) };
    const betaManager = { ...world.betaManager, token: await tokenFor(world.betaManager) };
    const ideasOfTheDay = [];
    for (let index = 0; index <= PAID_SUBMISSIONS_PER_DAY; index += 1) ideasOfTheDay.push(await api.createIdea(bob));
    const unpaid = ideasOfTheDay.at(-1)!;
    expect(await api.pointsOf(world.bob.id)).toEqual(Array(PAID_SUBMISSIONS_PER_DAY).fill("submit:10"));
    await api.step(betaManager, unpaid.id, "under_review");
    await api.step(betaManager, unpaid.id, "approved");
    expect(await api.pointsOf(world.bob.id)).toEqual(
      ["approved:50", ...Array(PAID_SUBMISSIONS_PER_DAY).fill("submit:10")].sort(),
    );
  });
});

describe("GET /api/project-ideas/similar/", () => {
  const suite = startedForSuite(startIdeasSuite);
  beforeAll(async () => {
    const { world, api } = suite;
    const seeded: Array<[Person, string, string, { draft: true }?]> = [
      [world.anton, "Office coffee machine", "A better espresso machine for the kitchen."],
      [
        world.anton,
        "Reduce paper waste",
        "Print double-sided by default on every office printer to reduce paper waste.",
      ],
      [world.alice, "Paperless onboarding", "Send the onboarding forms digitally."],
      [world.anton, "Secret paper draft", "Paper waste draft idea.", { draft: true }],
      // Another company's idea of the same title.
      [world.outsider, "Reduce paper waste", "Reduce paper waste everywhere."],
    ];
    for (const [author, title, description, draft] of seeded)
      await api.createIdea(author, { title, description, ...draft });
  });

  const similar = async (person: Person, q: string, extra = "") => {
    const response = await suite.client.get(`/api/project-ideas/similar/?q=${encodeURIComponent(q)}${extra}`, {
      token: person.token,
    });
    expect(response.statusCode, response.body).toBe(200);
    return titles(response.json().ideas);
  };

  it("ranks the closest idea first, even when it lacks some of the words typed", async () => {
    const found = await similar(suite.world.alice, "less paper waste at the printer");
    expect(found[0]).toBe("Reduce paper waste");
    expect(found).not.toContain("Office coffee machine");
    expect(found).not.toContain("Secret paper draft");
    expect(found.filter((title) => title === "Reduce paper waste")).toHaveLength(1);
  });

  it("includes the caller's own drafts but nobody else's", async () => {
    expect(await similar(suite.world.anton, "paper waste draft")).toContain("Secret paper draft");
    expect(await similar(suite.world.admin, "paper waste draft")).not.toContain("Secret paper draft");
  });

  it("leaves out an excluded idea, answers nothing for short text, and at most five ideas", async () => {
    const { world, api } = suite;
    const list = await listAs(suite, world.alice, "?q=espresso");
    const coffee = list.ideas[0]!;
    expect(await similar(world.alice, "coffee espresso", `&exclude=${coffee.id}`)).toEqual([]);
    expect(await similar(world.alice, "co")).toEqual([]);
    for (let index = 0; index < 6; index += 1) await api.createIdea(world.alice, { title: `Kitchen plan ${index}` });
    expect(await similar(world.alice, "kitchen")).toHaveLength(5);
  });

  it("never fails on odd text", async () => {
    for (const q of [
      "'''",
      "a & b | !c",
      "-paper",
      '"paper waste',
      "<-> :*",
      "the of and",
      "🙂🙂🙂",
      "x".repeat(200),
    ]) {
      await similar(suite.world.alice, q);
    }
    const tooLong = await suite.client.get(`/api/project-ideas/similar/?q=${"x".repeat(201)}`, {
      token: suite.world.alice.token,
    });
    expect(tooLong.statusCode).toBe(400);
    const missing = await suite.client.get("/api/project-ideas/similar/", { token: suite.world.alice.token });
    expect(missing.statusCode).toBe(400);
  });
});
