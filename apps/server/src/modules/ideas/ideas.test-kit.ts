/**
 * Test helpers of the challenges, ideas and actions modules: one company with two teams and the
 * people the authorization matrix needs, a second company, and API shortcuts that drive an idea
 * to any status through the lifecycle.
 */
import type {
  Challenge,
  CreateChallengeRequest,
  CreateIdeaRequest,
  IdeaDetail,
  IdeaStatus,
  NotificationType,
} from "@ideaport/shared";
import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import { notifications, pointLedger } from "../../db/schema/index.ts";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { type BuildUserOptions, buildCompany, buildPerson, buildTeam, type Person } from "../../test/factories.ts";

/** Rate limits raised so that suites may create dozens of ideas from one address. */
export function buildIdeasTestApp(): Promise<TestApp> {
  return buildTestApp({ env: { RATE_LIMIT_MULTIPLIER: "1000" } });
}

export type { Person } from "../../test/factories.ts";

/**
 * Company A: team Alpha (manager, two employees), team Beta (manager, employee), an admin in
 * Alpha and an admin without a team; company C with its own admin and employee.
 */
export async function buildIdeasWorld(testApp: TestApp) {
  const { db } = testApp;
  const company = await buildCompany(db);
  const alpha = await buildTeam(db, { companyId: company.id, name: "Alpha" });
  const beta = await buildTeam(db, { companyId: company.id, name: "Beta" });
  const person = (options: BuildUserOptions) => buildPerson(testApp, options);
  const alphaManager = await person({ teamId: alpha.id, role: "manager", firstName: "Mona", lastName: "Manager" });
  const alice = await person({ teamId: alpha.id, firstName: "Alice", lastName: "Author" });
  const anton = await person({ teamId: alpha.id, firstName: "Anton", lastName: "Teammate" });
  const betaManager = await person({ teamId: beta.id, role: "manager", firstName: "Bert", lastName: "Manager" });
  const bob = await person({ teamId: beta.id, firstName: "Bob", lastName: "Beta" });
  const admin = await person({ teamId: alpha.id, isAdmin: true, firstName: "Ada", lastName: "Admin" });
  const loneAdmin = await person({ companyId: company.id, isAdmin: true, firstName: "Lena", lastName: "Admin" });

  const otherCompany = await buildCompany(db);
  const gamma = await buildTeam(db, { companyId: otherCompany.id, name: "Gamma" });
  const outsiderAdmin = await person({
    teamId: gamma.id,
    isAdmin: true,
    role: "manager",
    firstName: "Otto",
    lastName: "Outsider",
  });
  const outsider = await person({ teamId: gamma.id, firstName: "Olga", lastName: "Outsider" });

  return {
    company,
    alpha,
    beta,
    alphaManager,
    alice,
    anton,
    betaManager,
    bob,
    admin,
    loneAdmin,
    otherCompany,
    gamma,
    outsiderAdmin,
    outsider,
  };
}
export type IdeasWorld = Awaited<ReturnType<typeof buildIdeasWorld>>;

let sequence = 0;

/** API shortcuts for one test app. */
export function ideasApiFor(testApp: TestApp) {
  const { client } = testApp;

  async function createIdea(as: Person, body: Partial<CreateIdeaRequest> = {}) {
    sequence += 1;
    const response = await client.post(
      "/api/project-ideas/",
      { title: `Idea number ${sequence}`, description: "A description long enough to submit.", ...body },
      { token: as.token },
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json().idea as IdeaDetail;
  }

  async function createChallenge(as: Person, body: Partial<CreateChallengeRequest> = {}) {
    sequence += 1;
    const response = await client.post(
      "/api/challenges/",
      { title: `Challenge number ${sequence}`, description: "What should we do?", scope: "team", ...body },
      { token: as.token },
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json().challenge as Challenge;
  }

  function transition(as: Person, ideaId: string, to: IdeaStatus, note?: string) {
    return client.post(
      `/api/project-ideas/${ideaId}/transition/`,
      { to, ...(note === undefined ? {} : { note }) },
      { token: as.token },
    );
  }

  async function step(as: Person, ideaId: string, to: IdeaStatus, note?: string) {
    const response = await transition(as, ideaId, to, note);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().idea as IdeaDetail;
  }

  /**
   * An idea by `author` in `status`, driven there through the API. Ideas meant for admin review
   * (pending_review, or `viaAdmin`) answer the company challenge `companyChallengeId`.
   */
  async function ideaIn(
    status: IdeaStatus,
    people: { author: Person; manager: Person; admin: Person },
    options: { companyChallengeId?: string; title?: string } = {},
  ) {
    // A merged idea is reached by merging it (POST …/merge/), not by steps.
    if (status === "merged") throw new Error("ideaIn: merge an idea to make it merged");
    const answersCompany = status === "pending_review" || options.companyChallengeId !== undefined;
    const challenge = answersCompany ? { challenge_id: options.companyChallengeId } : {};
    if (answersCompany && !options.companyChallengeId)
      throw new Error("ideaIn: pending_review needs a company challenge");
    const idea = await createIdea(people.author, {
      draft: status === "draft",
      ...challenge,
      ...(options.title ? { title: options.title } : {}),
    });
    // Each status's way there, built from the steps before it; an idea answering a company
    // challenge is endorsed by its manager and decided by an admin.
    type Step = [Person, IdeaStatus, string?];
    const reviewed: Step[] = [[people.manager, "under_review"]];
    const sentBack: Step[] = [...reviewed, [people.manager, "needs_revision", "Please add numbers."]];
    const endorsed: Step[] = [...reviewed, [people.manager, "pending_review"]];
    const decided = (to: IdeaStatus, note?: string): Step[] =>
      answersCompany ? [...endorsed, [people.admin, to, note]] : [...reviewed, [people.manager, to, note]];
    const paths: Record<Exclude<IdeaStatus, "merged">, Step[]> = {
      draft: [],
      submitted: [],
      under_review: reviewed,
      needs_revision: sentBack,
      revision_submitted: [...sentBack, [people.author, "revision_submitted"]],
      pending_review: endorsed,
      approved: decided("approved"),
      rejected: decided("rejected", "Out of budget this year."),
    };
    let current = idea as IdeaDetail;
    for (const [actor, to, note] of paths[status]) current = await step(actor, idea.id, to, note);
    expect(current.status).toBe(status);
    return current;
  }

  /** The notifications about an idea, as "type → recipient id" pairs. */
  async function noticesAbout(ideaId: string) {
    const rows = await testApp.db
      .select({ type: notifications.type, userId: notifications.userId, row: notifications })
      .from(notifications)
      .where(eq(notifications.relatedIdeaId, ideaId));
    return rows;
  }

  /** The recipients of one type of notification about an idea, sorted. */
  async function recipientsOf(ideaId: string, type: NotificationType) {
    const rows = await noticesAbout(ideaId);
    return rows
      .filter((row) => row.type === type)
      .map((row) => row.userId)
      .sort();
  }

  /** The ledger rows of a user, as "reason:delta". */
  async function pointsOf(userId: string) {
    const rows = await testApp.db
      .select({ reason: pointLedger.reason, delta: pointLedger.delta, referenceType: pointLedger.referenceType })
      .from(pointLedger)
      .where(and(eq(pointLedger.userId, userId)));
    return rows.map((row) => `${row.reason}:${row.delta}`).sort();
  }

  return { createIdea, createChallenge, transition, step, ideaIn, noticesAbout, recipientsOf, pointsOf };
}

/** A one-app-per-describe context. */
export async function startIdeasSuite() {
  const testApp = await buildIdeasTestApp();
  const world = await buildIdeasWorld(testApp);
  return { ...testApp, testApp, world, api: ideasApiFor(testApp) };
}
export type IdeasSuite = Awaited<ReturnType<typeof startIdeasSuite>>;

/** Ids sorted, for comparing recipient sets. */
export function idsOf(...people: Array<{ id: string }>): string[] {
  return people.map((person) => person.id).sort();
}
