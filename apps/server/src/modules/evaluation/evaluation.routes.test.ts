import {
  ChallengeEvaluatorsResponseSchema,
  CriteriaResponseSchema,
  EvaluatorCandidatesResponseSchema,
  IdeaDetailResponseSchema,
  IdeaListResponseSchema,
  IdeaScoresResponseSchema,
} from "@ideaport/shared";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/index.ts";
import { startedForSuite } from "../../test/app.ts";
import { buildPerson } from "../../test/factories.ts";
import { type IdeasSuite, type Person, startIdeasSuite } from "../ideas/ideas.test-kit.ts";

type Criteria = Array<{ id: string; name: string; description: string; weight: number }>;

async function criteriaOf(suite: IdeasSuite, as: Person, query = "") {
  const response = await suite.client.get(`/api/evaluation/criteria/${query}`, { token: as.token });
  expect(response.statusCode, response.body).toBe(200);
  return CriteriaResponseSchema.parse(response.json());
}

function putScores(suite: IdeasSuite, as: Person, ideaId: string, scores: Record<string, number>, note?: string) {
  return suite.client.put(`/api/project-ideas/${ideaId}/scores/`, { scores, note }, { token: as.token });
}

/** Scores every criterion of `criteria` with `values` in order, and expects it accepted. */
async function score(
  suite: IdeasSuite,
  as: Person,
  ideaId: string,
  criteria: Criteria,
  values: number[],
  note?: string,
) {
  const scores = Object.fromEntries(criteria.map((criterion, index) => [criterion.id, values[index]!]));
  const response = await putScores(suite, as, ideaId, scores, note);
  expect(response.statusCode, response.body).toBe(200);
  return IdeaScoresResponseSchema.parse(response.json());
}

async function scoresAs(suite: IdeasSuite, as: Person, ideaId: string) {
  const response = await suite.client.get(`/api/project-ideas/${ideaId}/scores/`, { token: as.token });
  return { status: response.statusCode, body: response.json() };
}

async function ideaAs(suite: IdeasSuite, as: Person, ideaId: string) {
  const response = await suite.client.get(`/api/project-ideas/${ideaId}/`, { token: as.token });
  expect(response.statusCode, response.body).toBe(200);
  return IdeaDetailResponseSchema.parse(response.json()).idea;
}

async function listAs(suite: IdeasSuite, as: Person, query: string) {
  const response = await suite.client.get(`/api/project-ideas/${query}`, { token: as.token });
  expect(response.statusCode, response.body).toBe(200);
  return IdeaListResponseSchema.parse(response.json());
}

describe("GET/PUT /api/evaluation/criteria/", () => {
  const suite = startedForSuite(startIdeasSuite);

  it("starts every company with Impact, Confidence and Ease, equally weighted, in the reader's language", async () => {
    const answer = await criteriaOf(suite, suite.world.admin);
    expect(answer.criteria.map(({ name, weight }) => ({ name, weight }))).toEqual([
      { name: "Impact", weight: 1 },
      { name: "Confidence", weight: 1 },
      { name: "Ease", weight: 1 },
    ]);
    expect(answer).toMatchObject({ challenge_id: null, own_set: true });
    // The same set, made once.
    expect((await criteriaOf(suite, suite.world.loneAdmin)).criteria.map((c) => c.id)).toEqual(
      answer.criteria.map((c) => c.id),
    );
  });

  it("is the admins': managers, employees get 403; another company's challenge is 404", async () => {
    const { client, world, api } = suite;
    for (const person of [world.alphaManager, world.alice]) {
      expect((await client.get("/api/evaluation/criteria/", { token: person.token })).statusCode).toBe(403);
      const put = await client.put(
        "/api/evaluation/criteria/",
        { criteria: [{ name: "Cost", weight: 1 }] },
        { token: person.token },
      );
      expect(put.statusCode).toBe(403);
    }
    const foreign = await api.createChallenge(world.outsiderAdmin, { scope: "company" });
    const response = await client.get(`/api/evaluation/criteria/?challenge=${foreign.id}`, {
      token: world.admin.token,
    });
    expect(response.statusCode).toBe(404);
  });

  it("refuses an empty company set, a weight out of 1–10, repeated names and a criterion of another set", async () => {
    const { client, world } = suite;
    const put = (body: unknown) => client.put("/api/evaluation/criteria/", body, { token: world.admin.token });
    const empty = await put({ criteria: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe("The company's set needs at least one criterion.");
    const heavy = await put({ criteria: [{ name: "Cost", weight: 11 }] });
    expect(heavy.statusCode).toBe(400);
    expect(heavy.json().error).toContain("The weight must be a whole number from 1 to 10.");
    expect(
      (
        await put({
          criteria: [
            { name: "Cost", weight: 1 },
            { name: "cost", weight: 2 },
          ],
        })
      ).statusCode,
    ).toBe(400);
    const unknown = await put({ criteria: [{ id: crypto.randomUUID(), name: "Cost", weight: 1 }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe("evaluation.criterion_unknown");
  });

  it("gives a challenge its own set, and its empty set falls back to the company's", async () => {
    const { client, world, api } = suite;
    const challenge = await api.createChallenge(world.admin, { scope: "company" });
    const before = await criteriaOf(suite, world.admin, `?challenge=${challenge.id}`);
    expect(before).toMatchObject({ challenge_id: challenge.id, own_set: false });
    const own = await client.put(
      `/api/evaluation/criteria/?challenge=${challenge.id}`,
      { criteria: [{ name: "Reach", description: "How many customers notice.", weight: 3 }] },
      { token: world.admin.token },
    );
    expect(own.statusCode, own.body).toBe(200);
    expect(CriteriaResponseSchema.parse(own.json())).toMatchObject({
      own_set: true,
      criteria: [{ name: "Reach", description: "How many customers notice.", weight: 3 }],
    });
    const back = await client.put(
      `/api/evaluation/criteria/?challenge=${challenge.id}`,
      { criteria: [] },
      { token: world.admin.token },
    );
    expect(CriteriaResponseSchema.parse(back.json()).own_set).toBe(false);
  });
});

describe("PUT/GET /api/project-ideas/{id}/scores/: who scores, who reads", () => {
  const suite = startedForSuite(startIdeasSuite);
  let criteria: Criteria;
  let ideaId: string;
  let invited: Person;

  beforeAll(async () => {
    const { world, api, client } = suite;
    criteria = (await criteriaOf(suite, world.admin)).criteria;
    // An answer to Alpha's team challenge: Bob of Beta does not see it unless invited.
    const challenge = await api.createChallenge(world.alphaManager, { scope: "team" });
    const idea = await api.createIdea(world.alice, { challenge_id: challenge.id });
    await api.step(world.alphaManager, idea.id, "under_review");
    ideaId = idea.id;
    invited = world.bob;
    const invitation = await client.post(
      `/api/challenges/${challenge.id}/evaluators/`,
      { user_id: invited.id },
      { token: world.alphaManager.token },
    );
    expect(invitation.statusCode, invitation.body).toBe(200);
    expect(ChallengeEvaluatorsResponseSchema.parse(invitation.json()).evaluators).toEqual([
      { id: invited.id, display_name: invited.displayName },
    ]);
  });

  it("lets the reviewer, an admin and the invited evaluator score; refuses the author, a colleague, outsiders", async () => {
    const { world } = suite;
    const all = (value: number) => Object.fromEntries(criteria.map((criterion) => [criterion.id, value]));
    const refusals = [
      [world.alice, 403, "evaluation.own_idea"],
      [world.anton, 403, "evaluation.not_evaluator"],
      [world.betaManager, 404, "idea.not_found"],
      [world.outsiderAdmin, 404, "idea.not_found"],
    ] as const;
    for (const [person, status, code] of refusals) {
      const response = await putScores(suite, person, ideaId, all(3));
      expect({ status: response.statusCode, code: response.json().code }).toEqual({ status, code });
    }
    await score(suite, world.alphaManager, ideaId, criteria, [5, 4, 3], "Strong case.");
    await score(suite, world.admin, ideaId, criteria, [4, 4, 4]);
    const invitedAnswer = await score(suite, invited, ideaId, criteria, [3, 2, 1]);
    // (5+4+3)/3 = 4, (4+4+2)/3 = 3.33, (3+4+1)/3 = 2.67: weighted equally, 3.3; Confidence 2 apart, Ease 3.
    expect(invitedAnswer.score).toEqual({
      value: 3.3,
      count: 3,
      disagreement: true,
      scored_by_me: true,
      can_score: true,
    });
    expect(invitedAnswer.criteria.map(({ name, average, disagreement }) => ({ name, average, disagreement }))).toEqual([
      { name: "Impact", average: 4, disagreement: true },
      { name: "Confidence", average: 3.3, disagreement: true },
      { name: "Ease", average: 2.7, disagreement: true },
    ]);
    expect(invitedAnswer.evaluations.map((evaluation) => [evaluation.evaluator.id, evaluation.note])).toEqual([
      [world.alphaManager.id, "Strong case."],
      [world.admin.id, null],
      [invited.id, null],
    ]);
  });

  it("shows an evaluator the others' scores only after they gave their own", async () => {
    const { world } = suite;
    const idea = await suite.api.ideaIn("under_review", {
      author: world.anton,
      manager: world.alphaManager,
      admin: world.admin,
    });
    await score(suite, world.alphaManager, idea.id, criteria, [5, 5, 5]);
    const before = await scoresAs(suite, world.admin, idea.id);
    expect(before.status).toBe(200);
    const unscored = IdeaScoresResponseSchema.parse(before.body);
    expect(unscored.score).toEqual({
      value: null,
      count: 1,
      disagreement: false,
      scored_by_me: false,
      can_score: true,
    });
    expect(unscored.evaluations).toEqual([]);
    expect(unscored.criteria.every((criterion) => criterion.average === null)).toBe(true);
    expect((await ideaAs(suite, world.admin, idea.id)).score).toEqual(unscored.score);
    // A colleague who sees the idea reads nothing of it.
    expect((await ideaAs(suite, world.alice, idea.id)).score).toBeNull();
    expect((await scoresAs(suite, world.alice, idea.id)).status).toBe(403);
    const after = await score(suite, world.admin, idea.id, criteria, [3, 3, 3]);
    expect(after.score.value).toBe(4);
    expect(after.evaluations).toHaveLength(2);
  });

  it("shows the author the final score once the idea is decided, not before, and not who gave what", async () => {
    const { world, api } = suite;
    expect((await ideaAs(suite, world.alice, ideaId)).score).toBeNull();
    expect((await scoresAs(suite, world.alice, ideaId)).status).toBe(403);
    await api.step(world.alphaManager, ideaId, "approved");
    const seen = await ideaAs(suite, world.alice, ideaId);
    expect(seen.score).toEqual({ value: 3.3, count: 3, disagreement: true, scored_by_me: false, can_score: false });
    const scores = IdeaScoresResponseSchema.parse((await scoresAs(suite, world.alice, ideaId)).body);
    expect(scores.evaluations).toEqual([]);
    expect(scores.criteria.map((criterion) => criterion.average)).toEqual([4, 3.3, 2.7]);
    // Decided, it is no longer scored; the invited evaluator no longer reads it.
    const late = await putScores(suite, world.admin, ideaId, Object.fromEntries(criteria.map((c) => [c.id, 1])));
    expect(late.statusCode).toBe(409);
    expect((await suite.client.get(`/api/project-ideas/${ideaId}/`, { token: invited.token })).statusCode).toBe(404);
  });

  it("refuses an idea not under review, a missing criterion and a score out of 1–5", async () => {
    const { world, api } = suite;
    const submitted = await api.createIdea(world.alice);
    const all = Object.fromEntries(criteria.map((criterion) => [criterion.id, 3]));
    const early = await putScores(suite, world.alphaManager, submitted.id, all);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe("An idea is scored while it is under review.");
    const reviewed = await api.ideaIn("under_review", {
      author: world.alice,
      manager: world.alphaManager,
      admin: world.admin,
    });
    const missing = await putScores(suite, world.alphaManager, reviewed.id, { [criteria[0]!.id]: 3 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe("Score every criterion of this idea from 1 to 5.");
    const tooHigh = await putScores(suite, world.alphaManager, reviewed.id, { ...all, [criteria[0]!.id]: 6 });
    expect(tooHigh.statusCode).toBe(400);
  });
});

describe("invited evaluators", () => {
  const suite = startedForSuite(startIdeasSuite);

  it("are invited and taken off by an admin or the challenge's creator; others are refused", async () => {
    const { client, world, api } = suite;
    const challenge = await api.createChallenge(world.alphaManager, { scope: "team" });
    const path = `/api/challenges/${challenge.id}/evaluators/`;
    expect((await client.post(path, { user_id: world.bob.id }, { token: world.anton.token })).statusCode).toBe(403);
    expect((await client.post(path, { user_id: world.outsider.id }, { token: world.admin.token })).statusCode).toBe(
      404,
    );
    expect((await client.post(path, { user_id: world.bob.id }, { token: world.outsiderAdmin.token })).statusCode).toBe(
      404,
    );
    expect((await client.post(path, { user_id: world.bob.id }, { token: world.admin.token })).statusCode).toBe(200);
    const listed = await client.get(path, { token: world.alphaManager.token });
    expect(ChallengeEvaluatorsResponseSchema.parse(listed.json()).evaluators.map((e) => e.id)).toEqual([world.bob.id]);
    const removed = await client.delete(`${path}${world.bob.id}/`, { token: world.alphaManager.token });
    expect(ChallengeEvaluatorsResponseSchema.parse(removed.json()).evaluators).toEqual([]);
    expect((await client.delete(`${path}${world.bob.id}/`, { token: world.admin.token })).statusCode).toBe(404);
  });

  it("are picked by a search over the company's active colleagues, 20 a page, by the admin or the creator only", async () => {
    const { client, world, api, testApp } = suite;
    const challenge = await api.createChallenge(world.alphaManager, { scope: "team" });
    const path = `/api/challenges/${challenge.id}/evaluators/`;
    const search = async (as: Person, query: string) => {
      const response = await client.get(`${path}candidates/${query}`, { token: as.token });
      expect(response.statusCode, response.body).toBe(200);
      return EvaluatorCandidatesResponseSchema.parse(response.json());
    };
    // The creator (a manager, not an admin) finds colleagues of every team, by name or e-mail.
    expect((await search(world.alphaManager, "?q=Beta")).users.map((u) => u.display_name)).toEqual(["Bob Beta"]);
    expect((await search(world.alphaManager, "?q=bob%20BET")).users.map((u) => u.id)).toEqual([world.bob.id]);
    const [bobRow] = await testApp.db.select({ email: users.email }).from(users).where(eq(users.id, world.bob.id));
    expect((await search(world.admin, `?q=${encodeURIComponent(bobRow!.email)}`)).users).toEqual([
      { id: world.bob.id, display_name: "Bob Beta" },
    ]);
    // Invited people and deactivated ones are not offered; nor is anyone of another company.
    await client.post(path, { user_id: world.bob.id }, { token: world.alphaManager.token });
    expect((await search(world.alphaManager, "?q=Beta")).users).toEqual([]);
    const gone = await buildPerson(testApp, { teamId: world.alpha.id, firstName: "Gina", lastName: "Gonequist" });
    expect((await search(world.admin, "?q=Gonequist")).users.map((u) => u.id)).toEqual([gone.id]);
    await testApp.db.update(users).set({ isActive: false }).where(eq(users.id, gone.id));
    expect((await search(world.admin, "?q=Gonequist")).users).toEqual([]);
    expect((await search(world.admin, "?q=Outsider")).users).toEqual([]);
    // Pages of 20 by name, whatever the company's size.
    for (let index = 0; index < 23; index += 1) {
      await buildPerson(testApp, {
        companyId: world.company.id,
        firstName: "Pia",
        lastName: `Pagequist ${String(index).padStart(2, "0")}`,
      });
    }
    const first = await search(world.admin, "?q=Pagequist");
    expect(first.users.map((u) => u.display_name)).toEqual(
      Array.from({ length: 20 }, (_, index) => `Pia Pagequist ${String(index).padStart(2, "0")}`),
    );
    expect(first.next_cursor).not.toBeNull();
    const second = await search(world.admin, `?q=Pagequist&cursor=${encodeURIComponent(first.next_cursor!)}`);
    expect(second.users.map((u) => u.display_name)).toEqual([
      "Pia Pagequist 20",
      "Pia Pagequist 21",
      "Pia Pagequist 22",
    ]);
    expect(second.next_cursor).toBeNull();
    // Nobody else searches: a colleague 403, another company 404 (its challenge is not theirs to see).
    expect((await client.get(`${path}candidates/?q=a`, { token: world.anton.token })).statusCode).toBe(403);
    expect((await client.get(`${path}candidates/?q=a`, { token: world.outsiderAdmin.token })).statusCode).toBe(404);
    const foreign = await api.createChallenge(world.outsiderAdmin, { scope: "company" });
    expect(
      (await client.get(`/api/challenges/${foreign.id}/evaluators/candidates/`, { token: world.admin.token }))
        .statusCode,
    ).toBe(404);
    const long = await client.get(`${path}candidates/?q=${"x".repeat(101)}`, { token: world.admin.token });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toContain("Search with at most 100 characters.");
  });

  it("see only the challenge's ideas under review, through the detail and the list of what they evaluate", async () => {
    const { client, world, api } = suite;
    const challenge = await api.createChallenge(world.alphaManager, { scope: "team" });
    await client.post(
      `/api/challenges/${challenge.id}/evaluators/`,
      { user_id: world.bob.id },
      { token: world.alphaManager.token },
    );
    const underReview = await api.createIdea(world.alice, { challenge_id: challenge.id, title: "Reviewed answer" });
    await api.step(world.alphaManager, underReview.id, "under_review");
    const waiting = await api.createIdea(world.alice, { challenge_id: challenge.id, title: "Waiting answer" });
    const other = await api.ideaIn("under_review", {
      author: world.alice,
      manager: world.alphaManager,
      admin: world.admin,
    });
    expect((await ideaAs(suite, world.bob, underReview.id)).score?.can_score).toBe(true);
    for (const hidden of [waiting.id, other.id]) {
      expect((await client.get(`/api/project-ideas/${hidden}/`, { token: world.bob.token })).statusCode).toBe(404);
    }
    const everything = await listAs(suite, world.bob, "");
    expect(everything.ideas.map((idea) => idea.id)).not.toContain(underReview.id);
    const evaluating = await listAs(suite, world.bob, "?evaluating=true");
    expect(evaluating.ideas.map((idea) => idea.title)).toEqual(["Reviewed answer"]);
  });
});

describe("GET /api/project-ideas/?sort=score and not_scored_by_me", () => {
  const suite = startedForSuite(startIdeasSuite);

  it("lists the best score first, unscored ideas last, page by page, and what the caller has yet to score", async () => {
    const { world, api, client } = suite;
    const criteria = (await criteriaOf(suite, world.admin)).criteria;
    const people = { author: world.alice, manager: world.alphaManager, admin: world.admin };
    const low = await api.ideaIn("under_review", people, { title: "Low scorer" });
    const unscored = await api.ideaIn("under_review", people, { title: "Not scored" });
    const high = await api.ideaIn("under_review", people, { title: "High scorer" });
    const middle = await api.ideaIn("under_review", people, { title: "Middle scorer" });
    await score(suite, world.alphaManager, low.id, criteria, [1, 2, 1]);
    await score(suite, world.alphaManager, high.id, criteria, [5, 5, 4]);
    await score(suite, world.alphaManager, middle.id, criteria, [3, 3, 3]);
    await score(suite, world.admin, middle.id, criteria, [4, 3, 3]);

    const titles: string[] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const page = await listAs(
        suite,
        world.alphaManager,
        `?sort=score&team=${world.alpha.id}&limit=1${cursor ? `&cursor=${cursor}` : ""}`,
      );
      titles.push(...page.ideas.map((idea) => idea.title));
      cursor = page.next_cursor;
    }
    expect(titles).toEqual(["High scorer", "Middle scorer", "Low scorer", "Not scored"]);

    const notScored = await listAs(suite, world.alphaManager, "?not_scored_by_me=true");
    expect(notScored.ideas.map((idea) => idea.id)).toEqual([unscored.id]);
    const notScoredByAdmin = await listAs(suite, world.admin, "?not_scored_by_me=true&sort=score");
    expect(notScoredByAdmin.ideas.map((idea) => idea.title)).toEqual(["High scorer", "Low scorer", "Not scored"]);
    // The author scores nothing of theirs.
    expect((await listAs(suite, world.alice, "?not_scored_by_me=true")).ideas).toEqual([]);

    // A heavier Impact moves the stored scores at once.
    await client.put(
      "/api/evaluation/criteria/",
      { criteria: criteria.map((criterion, index) => ({ ...criterion, weight: index === 0 ? 4 : 1 })) },
      { token: world.admin.token },
    );
    // Middle: Impact 3.5 ×4, Confidence 3, Ease 3 → 20/6 = 3.3.
    expect((await ideaAs(suite, world.alphaManager, middle.id)).score?.value).toBe(3.3);
    const invalid = await client.get(`/api/project-ideas/?sort=score&team=${world.alpha.id}&cursor=WyJ4IiwieSJd`, {
      token: world.alphaManager.token,
    });
    expect(invalid.statusCode).toBe(400);
  });

  it("sorts by score only the lists of ideas the caller reviews", async () => {
    const { world, api, client } = suite;
    const challenge = await api.createChallenge(world.alphaManager, { scope: "team" });
    await client.post(
      `/api/challenges/${challenge.id}/evaluators/`,
      { user_id: world.bob.id },
      { token: world.alphaManager.token },
    );
    const allowed: Array<[Person, string]> = [
      [world.alphaManager, `?sort=score&team=${world.alpha.id}`],
      [world.alphaManager, "?sort=score&evaluating=true"],
      [world.admin, "?sort=score"],
      [world.admin, `?sort=score&team=${world.alpha.id}&status=under_review`],
      // An invited evaluator, on the ideas of the challenge they evaluate.
      [world.bob, `?sort=score&evaluating=true&challenge=${challenge.id}`],
      [world.bob, "?sort=score&not_scored_by_me=true"],
    ];
    for (const [person, query] of allowed) {
      const response = await client.get(`/api/project-ideas/${query}`, { token: person.token });
      expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
    }
    const refused: Array<[Person, string]> = [
      // An author's own ideas, whoever they are.
      [world.alice, "?sort=score&mine=true"],
      [world.alphaManager, "?sort=score&mine=true"],
      [world.admin, "?sort=score&mine=true"],
      // An employee's lists, their own team's included.
      [world.alice, "?sort=score"],
      [world.alice, `?sort=score&team=${world.alpha.id}`],
      [world.bob, `?sort=score&challenge=${challenge.id}`],
      // A manager's list beyond the teams they manage.
      [world.alphaManager, "?sort=score"],
    ];
    for (const [person, query] of refused) {
      const response = await client.get(`/api/project-ideas/${query}`, { token: person.token });
      expect(response.statusCode, query).toBe(403);
      expect(response.json()).toMatchObject({
        code: "evaluation.score_sort_forbidden",
        error: "Only the reviewers of these ideas can sort them by score.",
      });
    }
    // Every other order stays everyone's.
    expect(
      (await client.get("/api/project-ideas/?sort=most_voted&mine=true", { token: world.alice.token })).statusCode,
    ).toBe(200);
  });
});
