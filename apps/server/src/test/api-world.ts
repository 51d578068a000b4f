/**
 * One world for the tests that walk every API route (the authorization matrix, the random-body
 * test): company A with teams Alpha and Beta, its admin, a manager and an employee of Alpha, and
 * records of each kind; company B with its own admin, a manager and an employee (the outsiders).
 */
import { createHash, randomUUID } from "node:crypto";
import {
  adminRequests,
  apiTokens,
  integrationChannels,
  invitations,
  notifications,
  pointLedger,
  refreshTokens,
  rewardRedemptions,
  rewards,
  scimTokens,
  webhookDeliveries,
  webhooks,
} from "../db/schema/index.ts";
import { ideasApiFor } from "../modules/ideas/ideas.test-kit.ts";
import { integrationSecretBox } from "../modules/integrations/integrations.service.ts";
import type { TestApp } from "./app.ts";
import { type BuildUserOptions, buildCompany, buildPerson, buildTeam, type Person } from "./factories.ts";

/** The callers every route is tried with; all but the anonymous one act on company A's records. */
export const CALLERS = ["anonymous", "employee", "manager", "admin", "otherAdmin"] as const;
export type Caller = (typeof CALLERS)[number];

let sequence = 0;
/** A text unique in the process (names must not clash between runs on one PostgreSQL server). */
export function uniqueText(prefix: string): string {
  sequence += 1;
  return `${prefix} ${sequence}-${Date.now().toString(36)}`;
}

/** An e-mail address unique in the process. */
export function uniqueEmail(prefix: string): string {
  return `${uniqueText(prefix).replace(" ", "-")}@example.com`;
}

/** A pending invitation to `teamId` by `invitedBy`; answers its id and the token of its link. */
export async function buildInvitation(
  testApp: TestApp,
  options: { companyId: string; teamId: string; invitedBy: string },
): Promise<{ id: string; token: string }> {
  const token = uniqueText("invitation").replace(" ", "-");
  const [row] = await testApp.db
    .insert(invitations)
    .values({
      ...options,
      email: uniqueEmail("invited"),
      firstName: "Ina",
      lastName: "Vited",
      tokenHash: createHash("sha256").update(token).digest("hex"),
      expiresAt: new Date(testApp.clock().getTime() + 86_400_000),
    })
    .returning();
  return { id: row!.id, token };
}

/**
 * Builds the world. The employee wrote company A's ideas (one submitted, one approved by the
 * manager, whose action is on the board); the admin posted a company challenge and the manager
 * a team challenge; the employee has a notification; a member waits for an admin decision.
 */
export async function buildApiWorld(testApp: TestApp) {
  const { db } = testApp;
  const person = (options: BuildUserOptions) => buildPerson(testApp, options);
  const company = await buildCompany(db, { name: uniqueText("Company A") });
  const alpha = await buildTeam(db, { companyId: company.id, name: "Alpha" });
  const beta = await buildTeam(db, { companyId: company.id, name: "Beta" });
  const admin = await person({ teamId: alpha.id, isAdmin: true, firstName: "Ada", lastName: "Admin" });
  const manager = await person({ teamId: alpha.id, role: "manager", firstName: "Mona", lastName: "Manager" });
  const employee = await person({ teamId: alpha.id, firstName: "Emil", lastName: "Employee" });
  const requester = await person({ teamId: beta.id, firstName: "Rita", lastName: "Requester" });

  const otherCompany = await buildCompany(db, { name: uniqueText("Company B") });
  const gamma = await buildTeam(db, { companyId: otherCompany.id, name: "Gamma" });
  const otherAdmin = await person({ teamId: gamma.id, isAdmin: true, firstName: "Otto", lastName: "Outsider" });
  // Company B's other people: every record of company A is as unknown to them as to its admin.
  const outsiders = {
    manager: await person({ teamId: gamma.id, role: "manager", firstName: "Olga", lastName: "Outsider" }),
    employee: await person({ teamId: gamma.id, firstName: "Oskar", lastName: "Outsider" }),
  };

  const ideas = ideasApiFor(testApp);
  const submittedIdea = await ideas.createIdea(employee, { title: "Greener deliveries" });
  const approvedIdea = await ideas.ideaIn("approved", { author: employee, manager, admin });
  const board = (await testApp.client.get("/api/actions/", { token: manager.token })).json();
  const action = board.actions.find((item: { idea: { id: string } }) => item.idea.id === approvedIdea.id);
  const companyChallenge = await ideas.createChallenge(admin, { scope: "company", title: "Less paper" });
  const teamChallenge = await ideas.createChallenge(manager, { scope: "team", title: "Faster onboarding" });
  // Company A's tag, added by its admin.
  const tag = await testApp.client.post("/api/tags/", { name: "Energy" }, { token: admin.token });
  const tagId = tag.json().tag.id as string;
  // Company A's news category and a published post in it, written by its admin.
  const newsCategory = await testApp.client.post("/api/news/categories/", { name: "General" }, { token: admin.token });
  const newsCategoryId = newsCategory.json().category.id as string;
  const newsPost = await testApp.client.post(
    "/api/news/",
    { title: "Welcome", body: "Hello **everyone**.", category_id: newsCategoryId },
    { token: admin.token },
  );
  const newsId = newsPost.json().news.id as string;
  await db.insert(notifications).values({
    companyId: company.id,
    userId: employee.id,
    type: "new_comment",
    content: "Someone commented.",
  });
  const [adminRequest] = await db
    .insert(adminRequests)
    .values({ companyId: company.id, requesterId: requester.id })
    .returning();
  const invitation = await buildInvitation(testApp, {
    companyId: company.id,
    teamId: alpha.id,
    invitedBy: admin.id,
  });
  // Points to spend for company A's people, a reward and a pending redemption of the employee's.
  await db.insert(pointLedger).values(
    [employee, manager, admin].map((user) => ({
      companyId: company.id,
      userId: user.id,
      teamId: alpha.id,
      delta: 10_000,
      reason: "adjustment" as const,
    })),
  );
  const [reward] = await db
    .insert(rewards)
    .values({ companyId: company.id, title: "Team lunch", cost: 10 })
    .returning();
  const [redemption] = await db
    .insert(rewardRedemptions)
    .values({ companyId: company.id, rewardId: reward!.id, userId: employee.id, cost: 10 })
    .returning();

  // A signed-in device of a member who is none of the callers: every caller's sign-out of it is a 404.
  const requesterSessionId = randomUUID();
  await db.insert(refreshTokens).values({
    userId: requester.id,
    familyId: requesterSessionId,
    tokenHash: createHash("sha256").update(uniqueText("refresh")).digest("base64url"),
    expiresAt: new Date(testApp.clock().getTime() + 86_400_000),
    familyExpiresAt: new Date(testApp.clock().getTime() + 86_400_000),
  });

  // A SCIM token of company A (its text is never needed: the routes that name it only revoke it).
  const [scimToken] = await db
    .insert(scimTokens)
    .values({
      companyId: company.id,
      name: "World IdP",
      tokenHash: createHash("sha256").update(uniqueText("scim")).digest("hex"),
    })
    .returning();

  // Company A's chat channels (the company's and Alpha's) and a webhook with one logged attempt.
  // Their address is refused by the suite's outbound rules, so a test send answers at once.
  const companyChannelId = await insertChannelOf(testApp, company.id, null);
  const alphaChannelId = await insertChannelOf(testApp, company.id, alpha.id);
  const webhookId = await insertWebhookOf(testApp, company.id);
  const webhookDeliveryId = randomUUID();
  await db.insert(webhookDeliveries).values({
    companyId: company.id,
    webhookId,
    deliveryId: webhookDeliveryId,
    eventType: "idea.submitted",
    attempt: 1,
    statusCode: 500,
    body: { id: randomUUID(), type: "idea.submitted", created_at: testApp.clock().toISOString(), data: {} },
  });
  // A personal API token of company A's admin (its text is never needed: the route that names it only revokes it).
  const [apiToken] = await db
    .insert(apiTokens)
    .values({
      companyId: company.id,
      userId: admin.id,
      name: "World script",
      tokenHash: createHash("sha256").update(uniqueText("api-token")).digest("hex"),
      scopes: ["ideas:read"],
      expiresAt: new Date(testApp.clock().getTime() + 30 * 86_400_000),
    })
    .returning();

  const users: Record<Exclude<Caller, "anonymous">, Person> = { employee, manager, admin, otherAdmin };
  const tokens: Record<Caller, string | undefined> = {
    anonymous: undefined,
    employee: employee.token,
    manager: manager.token,
    admin: admin.token,
    otherAdmin: otherAdmin.token,
  };
  return {
    company,
    alpha,
    beta,
    admin,
    manager,
    employee,
    requester,
    otherCompany,
    gamma,
    otherAdmin,
    outsiders,
    ideas,
    submittedIdea,
    approvedIdea,
    actionId: action.id as string,
    companyChallenge,
    teamChallenge,
    newsCategoryId,
    newsId,
    tagId,
    adminRequestId: adminRequest!.id,
    invitation,
    rewardId: reward!.id,
    redemptionId: redemption!.id,
    requesterSessionId,
    scimTokenId: scimToken!.id,
    companyChannelId,
    alphaChannelId,
    webhookId,
    webhookDeliveryId,
    apiTokenId: apiToken!.id,
    users,
    tokens,
  };
}
export type ApiWorld = Awaited<ReturnType<typeof buildApiWorld>>;

/** An address the outbound rules refuse at once (a private address over https). */
export const REFUSED_INTEGRATION_URL = "https://127.0.0.1/services/world";

/** A chat channel of the company (a team's when `teamId` is given), its address sealed as the service seals it. */
export async function insertChannelOf(testApp: TestApp, companyId: string, teamId: string | null): Promise<string> {
  const [row] = await testApp.db
    .insert(integrationChannels)
    .values({
      companyId,
      teamId,
      kind: "slack",
      name: uniqueText("#channel"),
      urlEncrypted: integrationSecretBox(testApp.config.jwtSecret).seal(REFUSED_INTEGRATION_URL),
      urlHost: "127.0.0.1",
      events: ["idea.submitted"],
    })
    .returning();
  return row!.id;
}

/** A webhook of the company, its signing secret sealed as the service seals it. */
export async function insertWebhookOf(testApp: TestApp, companyId: string): Promise<string> {
  const [row] = await testApp.db
    .insert(webhooks)
    .values({
      companyId,
      url: REFUSED_INTEGRATION_URL,
      secretEncrypted: integrationSecretBox(testApp.config.jwtSecret).seal("whsec_world"),
      events: ["idea.submitted"],
    })
    .returning();
  return row!.id;
}
