import * as shared from "@ideaport/shared";
import { IDEA_TRANSITIONS, type IdeaStatus } from "@ideaport/shared";
import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../db/schema/index.ts";
import { actions, auditLog, ideaEvents, ideas, notifications } from "../../db/schema/index.ts";
import { startedForSuite } from "../../test/app.ts";
import { type IdeasSuite, idsOf, type Person, startIdeasSuite } from "./ideas.test-kit.ts";

const suite = startedForSuite(startIdeasSuite);
let companyChallengeId: string;

beforeAll(async () => {
  const challenge = await suite.api.createChallenge(suite.world.admin, { scope: "company", title: "Greener offices" });
  companyChallengeId = challenge.id;
});

type Role = "author" | "manager" | "admin";
function personFor(role: Role): Person {
  const { alice, alphaManager, admin } = suite.world;
  return { author: alice, manager: alphaManager, admin }[role];
}
function people() {
  const { alice, alphaManager, admin } = suite.world;
  return { author: alice, manager: alphaManager, admin };
}

/** An idea's history, oldest first (as the API lists it; without an order rows come in heap order). */
async function historyOf(ideaId: string) {
  return suite.db
    .select()
    .from(ideaEvents)
    .where(eq(ideaEvents.ideaId, ideaId))
    .orderBy(asc(ideaEvents.createdAt), asc(ideaEvents.id));
}

async function notificationCount(ideaId: string) {
  return (await suite.db.select().from(notifications).where(eq(notifications.relatedIdeaId, ideaId))).length;
}

/** Notifications a step sends: their type, and who gets them in the ideas world. */
type Notices = Array<[string, (world: IdeasSuite["world"]) => Person[]]>;

/** An endorsement for an administrator's decision tells the author, and asks every admin. */
const ENDORSEMENT_NOTICES: Notices = [
  ["idea_status_pending_review", (w) => [w.alice]],
  ["project_pending_review", (w) => [w.admin, w.loneAdmin]],
];

describe("POST /api/project-ideas/:id/transition/: every row of the lifecycle table", () => {
  // from, to, who acts, answers a company challenge, note, the notifications the step sends
  const rows: Array<{
    from: IdeaStatus;
    to: IdeaStatus;
    actor: Role;
    companyChallenge: boolean;
    note?: string;
    notices: Notices;
    /** The step starts the review on the way: recorded as two steps. */
    startsReview?: true;
  }> = [
    {
      from: "draft",
      to: "submitted",
      actor: "author",
      companyChallenge: false,
      notices: [["new_team_submission", (w) => [w.alphaManager]]],
    },
    { from: "submitted", to: "draft", actor: "author", companyChallenge: false, notices: [] },
    {
      from: "submitted",
      to: "under_review",
      actor: "manager",
      companyChallenge: false,
      notices: [["idea_status_under_review", (w) => [w.alice]]],
    },
    {
      from: "under_review",
      to: "needs_revision",
      actor: "manager",
      companyChallenge: false,
      note: "Please add the expected savings.",
      notices: [["idea_status_needs_revision", (w) => [w.alice]]],
    },
    {
      from: "needs_revision",
      to: "revision_submitted",
      actor: "author",
      companyChallenge: false,
      notices: [["revision_received", (w) => [w.alphaManager]]],
    },
    {
      from: "revision_submitted",
      to: "needs_revision",
      actor: "manager",
      companyChallenge: false,
      note: "Still missing the costs.",
      notices: [["idea_status_needs_revision", (w) => [w.alice]]],
      startsReview: true,
    },
    {
      from: "revision_submitted",
      to: "approved",
      actor: "manager",
      companyChallenge: false,
      notices: [["idea_status_approved", (w) => [w.alice]]],
      startsReview: true,
    },
    {
      from: "revision_submitted",
      to: "rejected",
      actor: "admin",
      companyChallenge: false,
      note: "Not this year.",
      notices: [["idea_status_rejected", (w) => [w.alice]]],
      startsReview: true,
    },
    {
      from: "revision_submitted",
      to: "pending_review",
      actor: "manager",
      companyChallenge: true,
      notices: ENDORSEMENT_NOTICES,
      startsReview: true,
    },
    {
      from: "under_review",
      to: "approved",
      actor: "manager",
      companyChallenge: false,
      notices: [["idea_status_approved", (w) => [w.alice]]],
    },
    {
      from: "under_review",
      to: "rejected",
      actor: "manager",
      companyChallenge: false,
      note: "We tried this last year.",
      notices: [["idea_status_rejected", (w) => [w.alice]]],
    },
    {
      from: "under_review",
      to: "pending_review",
      actor: "manager",
      companyChallenge: true,
      notices: ENDORSEMENT_NOTICES,
    },
    {
      from: "pending_review",
      to: "approved",
      actor: "admin",
      companyChallenge: true,
      notices: [
        ["idea_status_approved", (w) => [w.alice]],
        ["project_approved", (w) => [w.alphaManager]],
      ],
    },
    {
      from: "pending_review",
      to: "rejected",
      actor: "admin",
      companyChallenge: true,
      note: "The budget went elsewhere.",
      notices: [
        ["idea_status_rejected", (w) => [w.alice]],
        ["project_rejected", (w) => [w.alphaManager]],
      ],
    },
  ];

  it("covers every row of the shared table", () => {
    expect(rows.map((row) => `${row.from}>${row.to}`).sort()).toEqual(
      IDEA_TRANSITIONS.map((row) => `${row.from}>${row.to}`).sort(),
    );
  });

  it.each(rows)("moves $from → $to by the $actor, records it and notifies", async (row) => {
    const { world, api } = suite;
    const idea = await api.ideaIn(row.from, people(), row.companyChallenge ? { companyChallengeId } : {});
    const before = await api.noticesAbout(idea.id);
    const actor = personFor(row.actor);

    const response = await api.transition(actor, idea.id, row.to, row.note);
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json().idea;
    expect(detail.status).toBe(row.to);
    const by = { id: actor.id, display_name: actor.displayName };
    expect(detail.history.at(-1)).toMatchObject({
      from_status: row.startsReview ? "under_review" : row.from,
      to_status: row.to,
      actor: by,
      note: row.note ?? null,
    });
    if (row.startsReview) {
      expect(detail.history.at(-2)).toMatchObject({
        from_status: row.from,
        to_status: "under_review",
        actor: by,
        note: null,
      });
    }

    const after = await api.noticesAbout(idea.id);
    const added = after.filter((notice) => !before.some((old) => old.row.id === notice.row.id));
    for (const [type, recipients] of row.notices) {
      const got = added.filter((notice) => notice.type === type).map((notice) => notice.userId);
      expect(got.sort(), type).toEqual(idsOf(...recipients(world)));
    }
    expect(added.map((notice) => notice.type).sort()).toEqual(
      row.notices.flatMap(([type, recipients]) => recipients(world).map(() => type)).sort(),
    );
    // Nobody hears about their own step.
    expect(added.filter((notice) => notice.userId === actor.id)).toEqual([]);
    // The bell's fields.
    for (const notice of added) {
      expect(notice.row).toMatchObject({
        actorName: actor.displayName,
        projectIdeaTitle: idea.title,
        relatedIdeaId: idea.id,
        challengeScope: row.companyChallenge ? "company" : null,
      });
      expect(notice.row.content.length).toBeGreaterThan(0);
    }
  });

  // from, to, who asks, company challenge
  it.each([
    ["draft", "approved", "author", false],
    ["draft", "under_review", "author", false],
    ["submitted", "approved", "manager", false],
    ["submitted", "needs_revision", "manager", false],
    ["submitted", "rejected", "admin", false],
    ["under_review", "submitted", "author", false],
    ["under_review", "pending_review", "manager", false],
    ["under_review", "approved", "manager", true],
    ["under_review", "rejected", "admin", true],
    ["needs_revision", "under_review", "manager", false],
    ["needs_revision", "approved", "admin", false],
    ["revision_submitted", "approved", "manager", true],
    ["revision_submitted", "draft", "author", false],
    ["revision_submitted", "under_review", "manager", false],
    ["under_review", "draft", "author", false],
    ["pending_review", "under_review", "admin", true],
    ["approved", "rejected", "admin", false],
    ["approved", "under_review", "manager", false],
    ["rejected", "approved", "admin", false],
    ["rejected", "submitted", "author", false],
  ] as Array<[IdeaStatus, IdeaStatus, Role, boolean]>)(
    "refuses %s → %s by the %s with 409 and changes nothing (company challenge: %s)",
    async (from, to, role, companyChallenge) => {
      const { api, db } = suite;
      const idea = await api.ideaIn(from, people(), companyChallenge ? { companyChallengeId } : {});
      const historyBefore = await historyOf(idea.id);
      const noticesBefore = await notificationCount(idea.id);

      const response = await api.transition(personFor(role), idea.id, to, "A note");
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ success: false, code: "idea.transition_not_allowed" });
      expect(response.json().error).toMatch(/\./);

      const [stored] = await db.select({ status: ideas.status }).from(ideas).where(eq(ideas.id, idea.id));
      expect(stored!.status).toBe(from);
      expect(await historyOf(idea.id)).toHaveLength(historyBefore.length);
      expect(await notificationCount(idea.id)).toBe(noticesBefore);
    },
  );

  it("explains that a company-challenge idea goes to the admins", async () => {
    const idea = await suite.api.ideaIn("under_review", people(), { companyChallengeId });
    const response = await suite.api.transition(suite.world.alphaManager, idea.id, "approved");
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatch(/administrator/);
  });

  it.each([
    ["a revision is requested", "needs_revision", "Please tell the author what should change."],
    ["an idea is rejected", "rejected", "Please tell the author why the idea is rejected."],
  ] as const)("answers 400 when %s without a note, and changes nothing", async (_case, to, message) => {
    const idea = await suite.api.ideaIn("under_review", people());
    const noticesBefore = await notificationCount(idea.id);
    for (const note of [undefined, "   "]) {
      const response = await suite.api.transition(suite.world.alphaManager, idea.id, to, note);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: "idea.note_required", error: message, fields: { note: message } });
    }
    expect(await historyOf(idea.id)).toHaveLength(2);
    expect(await notificationCount(idea.id)).toBe(noticesBefore);
  });

  it("answers 400 for an unknown status and a note that is too long", async () => {
    const idea = await suite.api.ideaIn("submitted", people());
    const unknown = await suite.api.transition(suite.world.alphaManager, idea.id, "finished" as IdeaStatus);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields.to).toBe("That is not a status an idea can have.");
    const long = await suite.api.transition(suite.world.alphaManager, idea.id, "under_review", "x".repeat(2001));
    expect(long.statusCode).toBe(400);
    expect(long.json().fields.note).toMatch(/at most 2000/);
  });

  it("refuses to submit a draft whose description is too short", async () => {
    const idea = await suite.api.createIdea(suite.world.alice, { draft: true, description: "short" });
    const response = await suite.api.transition(suite.world.alice, idea.id, "submitted");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "idea.description_required",
      fields: { description: expect.any(String) },
    });
  });
});

describe("submitting a draft that answers a challenge", () => {
  it("answers 409 once the challenge is closed, and changes nothing", async () => {
    const { api, world, client } = suite;
    const challenge = await api.createChallenge(world.alphaManager);
    const draft = await api.createIdea(world.alice, { draft: true, challenge_id: challenge.id });
    await client.post(`/api/challenges/${challenge.id}/close/`, undefined, { token: world.alphaManager.token });
    const response = await api.transition(world.alice, draft.id, "submitted");
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe("challenge.not_open");
    expect(await historyOf(draft.id)).toHaveLength(1);
  });
});

describe("who may take a step", () => {
  it("answers 403 to people who see the idea but may not take the step", async () => {
    const { api, world } = suite;
    const idea = await api.ideaIn("submitted", people());
    for (const person of [world.alice, world.anton]) {
      const response = await api.transition(person, idea.id, "under_review");
      expect(response.statusCode).toBe(403);
    }
    const companyIdea = await api.ideaIn("under_review", people(), { companyChallengeId });
    // The manager of another team sees a company-challenge idea but does not review it.
    expect((await api.transition(world.betaManager, companyIdea.id, "pending_review")).statusCode).toBe(403);
    // Team managers endorse; only admins decide.
    await api.step(world.alphaManager, companyIdea.id, "pending_review");
    expect((await api.transition(world.alphaManager, companyIdea.id, "approved")).statusCode).toBe(403);
    expect((await api.transition(world.alice, companyIdea.id, "approved")).statusCode).toBe(403);
    expect((await historyOf(companyIdea.id)).at(-1)?.toStatus).toBe("pending_review");
  });

  it("answers 404 to people who do not see the idea, in this company or another", async () => {
    const { api, world } = suite;
    const idea = await api.ideaIn("submitted", people());
    for (const person of [world.betaManager, world.bob, world.outsiderAdmin, world.outsider]) {
      const response = await api.transition(person, idea.id, "under_review");
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe("idea.not_found");
    }
    const draft = await api.ideaIn("draft", people());
    for (const person of [world.alphaManager, world.admin, world.anton]) {
      expect((await api.transition(person, draft.id, "submitted")).statusCode).toBe(404);
    }
    expect((await api.transition(world.admin, "not-a-uuid", "submitted")).statusCode).toBe(404);
  });

  it("lets an admin act as any team's manager, also without a team", async () => {
    const { api, world } = suite;
    const idea = await api.ideaIn("submitted", { author: world.bob, manager: world.betaManager, admin: world.admin });
    await api.step(world.loneAdmin, idea.id, "under_review");
    const approved = await api.step(world.admin, idea.id, "approved");
    expect(approved.status).toBe("approved");
  });

  it("does not let a manager review their own idea; another manager or an admin does", async () => {
    const { api, world } = suite;
    const idea = await api.createIdea(world.alphaManager);
    expect(idea.allowed_transitions).toEqual(["draft"]);
    expect((await api.transition(world.alphaManager, idea.id, "under_review")).statusCode).toBe(403);
    await api.step(world.admin, idea.id, "under_review");
  });

  it("does not let an admin approve and reward her own answer to her own company challenge", async () => {
    const { api, world, client } = suite;
    const challenge = await api.createChallenge(world.admin, {
      scope: "company",
      title: "A very rewarding challenge",
      reward_points: 100_000,
    });
    const idea = await api.createIdea(world.admin, { challenge_id: challenge.id });
    expect(idea).toMatchObject({ allowed_transitions: ["draft"], own_idea_reviewer: "another_reviewer" });
    // Not a single reviewing step: open, endorse, approve.
    const open = await api.transition(world.admin, idea.id, "under_review");
    expect(open.statusCode).toBe(403);
    expect(open.json()).toMatchObject({ code: "idea.own_decision", error: expect.stringMatching(/own idea/) });
    await api.step(world.alphaManager, idea.id, "under_review");
    expect((await api.transition(world.admin, idea.id, "needs_revision", "Mine")).json().code).toBe(
      "idea.own_decision",
    );
    await api.step(world.alphaManager, idea.id, "pending_review");
    const approve = await api.transition(world.admin, idea.id, "approved");
    expect(approve.statusCode).toBe(403);
    expect(approve.json().code).toBe("idea.own_decision");
    expect((await historyOf(idea.id)).at(-1)?.toStatus).toBe("pending_review");
    expect(await api.pointsOf(world.admin.id)).toEqual(["challenge_answer:5", "submit:10"]);
    // She is not asked to decide; the other admin is, and decides.
    expect(await api.recipientsOf(idea.id, "project_pending_review")).toEqual([world.loneAdmin.id]);
    const view = (await client.get(`/api/project-ideas/${idea.id}/`, { token: world.admin.token })).json().idea;
    expect(view).toMatchObject({ allowed_transitions: [], own_idea_reviewer: "another_administrator" });
    await api.step(world.loneAdmin, idea.id, "approved");
  });

  it("keeps the only admin's own company-challenge answer waiting for another administrator", async () => {
    const { db, tokenFor, client } = suite;
    const { buildCompany, buildTeam, buildUser } = await import("../../test/factories.ts");
    const company = await buildCompany(db);
    const team = await buildTeam(db, { companyId: company.id, name: "Solo" });
    const personIn = async (options: Parameters<typeof buildUser>[1]): Promise<Person> => {
      const user = await buildUser(db, options);
      return { ...user, token: await tokenFor(user) };
    };
    const onlyAdmin = await personIn({ teamId: team.id, isAdmin: true });
    const manager = await personIn({ teamId: team.id, role: "manager" });
    const challenge = await suite.api.createChallenge(onlyAdmin, { scope: "company", reward_points: 1000 });
    const idea = await suite.api.createIdea(onlyAdmin, { challenge_id: challenge.id });
    await suite.api.step(manager, idea.id, "under_review");
    await suite.api.step(manager, idea.id, "pending_review");

    expect(await suite.api.recipientsOf(idea.id, "project_pending_review")).toEqual([]);
    for (const to of ["approved", "rejected"] as const) {
      const response = await suite.api.transition(onlyAdmin, idea.id, to);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe("idea.own_decision");
    }
    const view = (await client.get(`/api/project-ideas/${idea.id}/`, { token: onlyAdmin.token })).json().idea;
    expect(view).toMatchObject({
      status: "pending_review",
      allowed_transitions: [],
      own_idea_reviewer: "another_administrator",
    });
    expect(await suite.api.pointsOf(onlyAdmin.id)).toEqual(["challenge_answer:5", "submit:10"]);
  });

  it("sends the only manager's own idea to the admins, never back to the manager", async () => {
    const { api, world } = suite;
    const idea = await api.createIdea(world.alphaManager);
    expect(idea.own_idea_reviewer).toBe("another_reviewer");
    expect(await api.recipientsOf(idea.id, "new_team_submission")).toEqual(idsOf(world.admin, world.loneAdmin));
    const refused = await api.transition(world.alphaManager, idea.id, "under_review");
    expect(refused.json()).toMatchObject({ code: "idea.own_decision" });
    await api.step(world.loneAdmin, idea.id, "under_review");
    await api.step(world.loneAdmin, idea.id, "needs_revision", "Numbers, please.");
    await api.step(world.alphaManager, idea.id, "revision_submitted");
    expect(await api.recipientsOf(idea.id, "revision_received")).toEqual([world.loneAdmin.id]);
  });

  it("tells each caller which steps they may take", async () => {
    const { api, world, client } = suite;
    const idea = await api.ideaIn("under_review", people());
    const as = async (person: Person) =>
      (await client.get(`/api/project-ideas/${idea.id}/`, { token: person.token })).json().idea.allowed_transitions;
    expect(await as(world.alphaManager)).toEqual(["needs_revision", "approved", "rejected"]);
    expect(await as(world.admin)).toEqual(["needs_revision", "approved", "rejected"]);
    expect(await as(world.alice)).toEqual([]);
    expect(await as(world.anton)).toEqual([]);
  });

  it("offers the reviewer of a resubmitted revision its decisions at once, without Start review", async () => {
    const { api, world, client } = suite;
    const as = async (ideaId: string, person: Person) =>
      (await client.get(`/api/project-ideas/${ideaId}/`, { token: person.token })).json().idea.allowed_transitions;
    const revised = await api.ideaIn("revision_submitted", people());
    expect(await as(revised.id, world.alphaManager)).toEqual(["needs_revision", "approved", "rejected"]);
    expect(await as(revised.id, world.admin)).toEqual(["needs_revision", "approved", "rejected"]);
    expect(await as(revised.id, world.alice)).toEqual([]);
    const answer = await api.ideaIn("revision_submitted", people(), { companyChallengeId });
    expect(await as(answer.id, world.alphaManager)).toEqual(["needs_revision", "pending_review"]);

    // Approved straight away: the history reads revision submitted, under review, approved, in order.
    await api.step(world.alphaManager, revised.id, "approved");
    const detail = (await client.get(`/api/project-ideas/${revised.id}/`, { token: world.alice.token })).json().idea;
    expect(detail.history.slice(-3).map((entry: { to_status: string }) => entry.to_status)).toEqual([
      "revision_submitted",
      "under_review",
      "approved",
    ]);
  });

  it("dates each line of the history when its step happened: the submission at the submission date, then in order", async () => {
    const { api, world, client, clock } = suite;
    // A minute between steps (the suite's access tokens live 15 minutes).
    const minute = 60 * 1000;
    const submittedAt = clock();
    const idea = await api.createIdea(world.alice, { title: "Dated by the clock" });
    clock.advance(minute);
    const reviewedAt = clock();
    await api.step(world.alphaManager, idea.id, "under_review");
    clock.advance(minute);
    const revisionAskedAt = clock();
    await api.step(world.alphaManager, idea.id, "needs_revision", "Add the savings.");
    clock.advance(minute);
    await api.step(world.alice, idea.id, "revision_submitted");
    // Decided at the same instant as the resubmission: recorded as the review starting, then the decision.
    const decidedAt = clock();
    await api.step(world.alphaManager, idea.id, "approved");

    const detail = (await client.get(`/api/project-ideas/${idea.id}/`, { token: world.alice.token })).json().idea;
    expect(detail.submitted_at).toBe(submittedAt.toISOString());
    const at = (instant: Date) => instant.toISOString();
    expect(
      detail.history.map((entry: { to_status: string; created_at: string }) => [entry.to_status, entry.created_at]),
    ).toEqual([
      ["submitted", at(submittedAt)],
      ["under_review", at(reviewedAt)],
      ["needs_revision", at(revisionAskedAt)],
      ["revision_submitted", at(decidedAt)],
      // One microsecond apart, which milliseconds do not show: still in order.
      ["under_review", at(decidedAt)],
      ["approved", at(decidedAt)],
    ]);
  });
});

describe("what an approval does", () => {
  it("puts the idea on the action board, owned by the approver, and audits the decision", async () => {
    const { api, world, db } = suite;
    const idea = await api.ideaIn("approved", people(), { title: "Approved and on the board" });
    const [action] = await db.select().from(actions).where(eq(actions.ideaId, idea.id));
    expect(action).toMatchObject({ ownerId: world.alphaManager.id, status: "todo", dueDate: null });
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, idea.id), eq(auditLog.targetType, "idea")));
    expect(audits.map((row) => row.action)).toEqual(["idea.approved"]);
    expect(audits[0]).toMatchObject({ actorId: world.alphaManager.id, companyId: world.company.id });
  });

  it("gives the action to the owner and due date named in the approval", async () => {
    const { api, world, db, client } = suite;
    const idea = await api.ideaIn("under_review", people());
    const response = await client.post(
      `/api/project-ideas/${idea.id}/transition/`,
      { to: "approved", action: { owner_id: world.anton.id, due_date: "2027-03-31" } },
      { token: world.alphaManager.token },
    );
    expect(response.statusCode, response.body).toBe(200);
    const [action] = await db.select().from(actions).where(eq(actions.ideaId, idea.id));
    expect(action).toMatchObject({ ownerId: world.anton.id, dueDate: "2027-03-31", status: "todo" });
  });

  it("shows the action on the idea to everyone who sees it, and tells each new owner", async () => {
    const { api, world, client } = suite;
    const idea = await api.ideaIn("under_review", people());
    await client.post(
      `/api/project-ideas/${idea.id}/transition/`,
      { to: "approved", action: { owner_id: world.anton.id, due_date: "2027-04-30" } },
      { token: world.alphaManager.token },
    );
    for (const viewer of [world.alice, world.anton, world.admin]) {
      const detail = (await client.get(`/api/project-ideas/${idea.id}/`, { token: viewer.token })).json().idea;
      expect(detail.action).toMatchObject({
        owner: { id: world.anton.id, display_name: world.anton.displayName },
        due_date: "2027-04-30",
        status: "todo",
      });
    }
    expect(await api.recipientsOf(idea.id, "action_assigned")).toEqual([world.anton.id]);
    // Given to someone else, the new owner hears of it; giving it to oneself tells nobody.
    const [action] = await suite.db.select().from(actions).where(eq(actions.ideaId, idea.id));
    const patch = (person: Person, body: object) =>
      client.patch(`/api/actions/${action!.id}/`, body, { token: person.token });
    expect((await patch(world.alphaManager, { owner_id: world.alice.id })).statusCode).toBe(200);
    expect((await patch(world.alphaManager, { owner_id: world.alphaManager.id })).statusCode).toBe(200);
    expect(await api.recipientsOf(idea.id, "action_assigned")).toEqual(idsOf(world.anton, world.alice));
    const underReview = await api.ideaIn("under_review", people());
    const none = (await client.get(`/api/project-ideas/${underReview.id}/`, { token: world.alice.token })).json();
    expect(none.idea.action).toBeNull();
  });

  it("refuses an action owner from another company, and an action on any other step, changing nothing", async () => {
    const { api, world, db, client } = suite;
    const idea = await api.ideaIn("under_review", people());
    const decide = (body: object) =>
      client.post(`/api/project-ideas/${idea.id}/transition/`, body, { token: world.alphaManager.token });
    const outsider = await decide({ to: "approved", action: { owner_id: world.outsider.id } });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json()).toMatchObject({
      error: "The owner must be an active member of your company.",
      fields: { "action.owner_id": "The owner must be an active member of your company." },
    });
    const badDate = await decide({ to: "approved", action: { due_date: "2027-02-30" } });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().fields["action.due_date"]).toBe("Please enter the due date as a date (2026-12-31).");
    const wrongStep = await decide({ to: "needs_revision", note: "More.", action: { due_date: "2027-01-31" } });
    expect(wrongStep.statusCode).toBe(400);
    expect(wrongStep.json().error).toBe("Only an approval creates an action.");
    expect((await historyOf(idea.id)).at(-1)?.toStatus).toBe("under_review");
    expect(await db.select().from(actions).where(eq(actions.ideaId, idea.id))).toHaveLength(0);
  });

  it("audits endorsements, admin approvals and rejections", async () => {
    const { api, world, db } = suite;
    const approved = await api.ideaIn("approved", people(), { companyChallengeId });
    const rejected = await api.ideaIn("rejected", people());
    const actionsOf = async (ideaId: string) =>
      (await db.select().from(auditLog).where(eq(auditLog.targetId, ideaId))).map((row) => row.action).sort();
    expect(await actionsOf(approved.id)).toEqual(["idea.approved", "idea.endorsed"]);
    expect(await actionsOf(rejected.id)).toEqual(["idea.rejected"]);
    const [action] = await db.select().from(actions).where(eq(actions.ideaId, approved.id));
    expect(action?.ownerId).toBe(world.admin.id);
    expect(await db.select().from(actions).where(eq(actions.ideaId, rejected.id))).toHaveLength(0);
  });

  it("sends the revision back to the manager who asked for it", async () => {
    const { api, world } = suite;
    const idea = await api.ideaIn("under_review", people());
    await api.step(world.admin, idea.id, "needs_revision", "More detail, please.");
    await api.step(world.alice, idea.id, "revision_submitted");
    expect(await api.recipientsOf(idea.id, "revision_received")).toEqual([world.admin.id]);
  });

  it("tells the admins about a submission when the team has no manager", async () => {
    const { api, world, db } = suite;
    const { buildTeam, buildUser } = await import("../../test/factories.ts");
    const team = await buildTeam(db, { companyId: world.company.id, name: "Managerless" });
    const user = await buildUser(db, { teamId: team.id });
    const author = { ...user, token: await suite.tokenFor(user) };
    const idea = await api.createIdea(author);
    expect(await api.recipientsOf(idea.id, "new_team_submission")).toEqual(idsOf(world.admin, world.loneAdmin));
  });
});

describe("withdrawing and deleting", () => {
  it("lets the author withdraw a submission nobody reviews yet: a draft again, recorded, points kept once", async () => {
    const { api, world, db } = suite;
    const author = world.anton;
    const before = await api.pointsOf(author.id);
    const idea = await api.createIdea(author);
    const withdrawn = await api.step(author, idea.id, "draft");
    expect(withdrawn).toMatchObject({ status: "draft", submitted_at: null, can_edit: true });
    expect(withdrawn.history.map((entry) => `${entry.from_status}>${entry.to_status}`)).toEqual([
      "null>submitted",
      "submitted>draft",
    ]);
    // Submitting it again pays nothing more: a submission pays once.
    const again = await api.step(author, idea.id, "submitted");
    expect(again.submitted_at).not.toBeNull();
    const earned = (await api.pointsOf(author.id)).filter((row) => !before.includes(row));
    expect(earned).toEqual(["submit:10"]);
    // Once a manager has started the review, it cannot be withdrawn.
    await api.step(world.alphaManager, idea.id, "under_review");
    expect((await api.transition(author, idea.id, "draft")).statusCode).toBe(409);
    // Nobody else withdraws it.
    const other = await api.createIdea(author);
    expect((await api.transition(world.alphaManager, other.id, "draft")).statusCode).toBe(403);
    const [stored] = await db.select({ status: ideas.status }).from(ideas).where(eq(ideas.id, other.id));
    expect(stored!.status).toBe("submitted");
  });

  it("lets the author delete a draft, and nobody delete anything else", async () => {
    const { api, world, db, client } = suite;
    const remove = (person: Person, ideaId: string) =>
      client.delete(`/api/project-ideas/${ideaId}/`, { token: person.token });
    const stored = async (ideaId: string) => (await db.select().from(ideas).where(eq(ideas.id, ideaId))).length;

    const draft = await api.createIdea(world.alice, { draft: true });
    // Another company's admin, a colleague, and the team's manager do not see a draft: 404.
    for (const person of [world.outsiderAdmin, world.anton, world.alphaManager]) {
      expect((await remove(person, draft.id)).statusCode).toBe(404);
    }
    const submitted = await api.createIdea(world.alice);
    const refused = await remove(world.alice, submitted.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("idea.not_deletable");
    expect((await remove(world.alphaManager, submitted.id)).statusCode).toBe(403);
    expect(await stored(submitted.id)).toBe(1);

    const deleted = await remove(world.alice, draft.id);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ success: true });
    expect(await stored(draft.id)).toBe(0);
    expect((await remove(world.alice, draft.id)).statusCode).toBe(404);

    // A withdrawn idea is a draft: it can be deleted with its history.
    await api.step(world.alice, submitted.id, "draft");
    expect((await remove(world.alice, submitted.id)).statusCode).toBe(200);
    expect(await historyOf(submitted.id)).toHaveLength(0);
  });
});

describe("value lists", () => {
  it("are the same in the shared contracts and in the database's CHECK constraints", () => {
    expect(shared.IDEA_STATUSES).toEqual(schema.IDEA_STATUSES);
    expect(shared.CHALLENGE_STATUSES).toEqual(schema.CHALLENGE_STATUSES);
    expect(shared.CHALLENGE_SCOPES).toEqual(schema.CHALLENGE_SCOPES);
    expect(shared.ACTION_STATUSES).toEqual(schema.ACTION_STATUSES);
  });
});
