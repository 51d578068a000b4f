/**
 * The authorization matrix of the whole API: every route of `app.apiRoutes` (plus the health
 * probes) with the status each kind of caller gets, acting on company A's records —
 *
 *   anonymous · employee of A · manager of A · admin of A · admin of company B
 *
 * Path parameters are real ids and bodies are valid, so a cell shows authorization, not
 * validation. Records a call would use up (a pending invitation, an admin request, a proposal…)
 * are made fresh for each cell. A refused call (4xx) must leave every table unchanged. Routes of
 * the app missing from the table, and rows naming routes the app lacks, fail the suite. A route
 * may have further rows for particular records, named "<route> · <which record>".
 */

import { createECDH, randomBytes, randomUUID } from "node:crypto";
import { text } from "node:stream/consumers";
import { API_TOKEN_PREFIX, buildPath, TOKEN_SCOPES, type TokenScope, tokenScopeOfRoute } from "@ideaport/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminRequests,
  apiTokens,
  challengeEvaluators,
  mailOutbox,
  passwordResetTokens,
  pushSubscriptions,
  refreshTokens,
  rewardRedemptions,
  type TeamRow,
  teamMemberships,
} from "./db/schema/index.ts";
import { hashSecretToken } from "./lib/secret-token.ts";
import { createUnsubscribeTokens } from "./lib/unsubscribe-token.ts";
import { createRegistrationProof, REGISTRATION_PROOF_COOKIE } from "./modules/auth/registration-proof.ts";
import {
  type ApiWorld,
  buildApiWorld,
  buildInvitation,
  insertChannelOf,
  insertWebhookOf,
  REFUSED_INTEGRATION_URL,
  CALLERS as ROLES,
  type Caller as Role,
  uniqueText as unique,
  uniqueEmail,
} from "./test/api-world.ts";
import { buildTestApp, createTestClient, type TestApp, type TestClient } from "./test/app.ts";
import { changedTables, databaseFingerprint } from "./test/database-fingerprint.ts";
import { type BuiltUser, buildTeam, buildUser, DEFAULT_USER_PASSWORD } from "./test/factories.ts";

type Params = Record<string, string>;
/** Expected status per role, in the order of ROLES. */
type Statuses = readonly [anonymous: number, employee: number, manager: number, admin: number, otherAdmin: number];

interface Row {
  expect: Statuses;
  /** Path parameters; called per cell, so a cell may get records of its own. */
  params?: (role: Role) => Params | Promise<Params>;
  /** A valid body. */
  body?: (role: Role, params: Params) => unknown;
  /** The query string; a function when it names records of the world. */
  query?: string | (() => string);
  /** Prepares the caller's browser (cookies of earlier steps) before the call. */
  prepare?: (client: TestClient, role: Role) => Promise<void>;
  /** Runs after the call, with its answer. */
  after?: (role: Role, response: { statusCode: number; json(): unknown }) => void | Promise<void>;
  /** An event stream: asked for as a browser does, and its status read from the headers alone. */
  isEventStream?: boolean;
  /**
   * A call that uses its caller up (deleting one's own account): a fresh person of the role's kind
   * and company calls, with the factories' default password; anonymous callers stay anonymous.
   */
  freshCaller?: boolean;
}

let testApp: TestApp;
let world: ApiWorld;
/** An unsubscribe link's token for company A's employee. */
let unsubscribeToken: string;
// Fresh records for the cells that use theirs up.

async function freshMember(team: TeamRow, options: Parameters<typeof buildUser>[1] = {}): Promise<BuiltUser> {
  return buildUser(testApp.db, { teamId: team.id, ...options });
}

/** A pending invitation to Alpha; answers its id and the token of its link. */
function freshInvitation(): Promise<{ id: string; token: string }> {
  return buildInvitation(testApp, { companyId: world.company.id, teamId: world.alpha.id, invitedBy: world.admin.id });
}

/** A live password reset link of a fresh user of company A. */
async function freshResetToken(): Promise<string> {
  const user = await freshMember(world.alpha);
  const token = unique("reset").replace(" ", "-");
  await testApp.db.insert(passwordResetTokens).values({
    userId: user.id,
    tokenHash: hashSecretToken(token),
    expiresAt: new Date(testApp.clock().getTime() + 3_600_000),
  });
  return token;
}

/** A pending redemption of company A's reward by its employee. */
async function freshRedemption(): Promise<string> {
  const [row] = await testApp.db
    .insert(rewardRedemptions)
    .values({ companyId: world.company.id, rewardId: world.rewardId, userId: world.employee.id, cost: 10 })
    .returning();
  return row!.id;
}

/** A fresh news category of company A, made by its admin. */
async function freshNewsCategory(): Promise<string> {
  const response = await testApp.client.post(
    "/api/news/categories/",
    { name: unique("Category") },
    { token: world.admin.token },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().category.id;
}

/** A fresh tag of company A, added by its admin. */
async function freshTag(): Promise<string> {
  const response = await testApp.client.post("/api/tags/", { name: unique("Tag") }, { token: world.admin.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().tag.id;
}

/** A fresh post of company A, published now unless `fields` say otherwise. */
async function freshNews(fields: Record<string, unknown> = {}): Promise<string> {
  const response = await testApp.client.post(
    "/api/news/",
    { title: unique("News"), category_id: world.newsCategoryId, ...fields },
    { token: world.admin.token },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().news.id;
}

/** The file name (`{token}.ics`) of company A's employee's calendar feed. */
async function employeeFeedFile(): Promise<{ file: string }> {
  const response = await testApp.client.get("/api/calendar/", { token: world.tokens.employee });
  expect(response.statusCode, response.body).toBe(200);
  return { file: new URL(response.json().feed_url).pathname.split("/").pop()! };
}

/** A fresh SCIM token of company A, made by its admin; answers its id. */
async function freshScimToken(): Promise<string> {
  const response = await testApp.client.post(
    "/api/company/scim-tokens/",
    { name: unique("IdP") },
    { token: world.admin.token },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id;
}

/** The SCIM routes, each refused to every caller of the matrix (none holds a SCIM token). */
function scimRows(): Record<string, Row> {
  const refused: Statuses = [401, 401, 401, 401, 401];
  const user = { userName: "matrix@example.com", name: { givenName: "Mat", familyName: "Rix" } };
  const patch = { Operations: [{ op: "replace", value: { active: false } }] };
  const userParams = () => ({ id: world.employee.id });
  const groupParams = () => ({ id: world.alpha.id });
  return {
    "GET /scim/v2/ServiceProviderConfig": { expect: refused },
    "GET /scim/v2/ResourceTypes": { expect: refused },
    "GET /scim/v2/ResourceTypes/:id": { expect: refused, params: () => ({ id: "User" }) },
    "GET /scim/v2/Schemas": { expect: refused },
    "GET /scim/v2/Schemas/:id": {
      expect: refused,
      params: () => ({ id: "urn:ietf:params:scim:schemas:core:2.0:User" }),
    },
    "GET /scim/v2/Users": { expect: refused },
    "POST /scim/v2/Users": { expect: refused, body: () => user },
    "GET /scim/v2/Users/:id": { expect: refused, params: userParams },
    "PUT /scim/v2/Users/:id": { expect: refused, params: userParams, body: () => user },
    "PATCH /scim/v2/Users/:id": { expect: refused, params: userParams, body: () => patch },
    "DELETE /scim/v2/Users/:id": { expect: refused, params: userParams },
    "GET /scim/v2/Groups": { expect: refused },
    "POST /scim/v2/Groups": { expect: refused, body: () => ({ displayName: "Matrix" }) },
    "GET /scim/v2/Groups/:id": { expect: refused, params: groupParams },
    "PUT /scim/v2/Groups/:id": { expect: refused, params: groupParams, body: () => ({ displayName: "Matrix" }) },
    "PATCH /scim/v2/Groups/:id": {
      expect: refused,
      params: groupParams,
      body: () => ({ Operations: [{ op: "replace", path: "displayName", value: "Matrix" }] }),
    },
    "DELETE /scim/v2/Groups/:id": { expect: refused, params: groupParams },
  };
}

/** A refresh token of a fresh sign-in. */
async function freshRefreshToken(): Promise<string> {
  const user = await freshMember(world.alpha);
  const response = await testApp.client.post("/api/auth/login/", { email: user.email, password: user.password });
  return response.json().refresh;
}

/** Signs a new address up and answers the code from its mail, ready for verify-email-register. */
async function pendingSignUp(): Promise<{ email: string; code: string }> {
  const email = uniqueEmail("signup");
  const response = await testApp.client.post("/api/request-verification-code/", {
    email,
    password: "Password123!",
    first_name: "Sam",
    last_name: "Signup",
  });
  expect(response.statusCode).toBe(200);
  const [mail] = await testApp.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  return { email, code: mail!.subject.match(/\d{6}/)![0] };
}

/** A company-less account whose proof of sign-up `client` holds (as verify-email-register leaves it). */
async function signedUpIn(client: TestClient): Promise<BuiltUser> {
  const user = await buildUser(testApp.db);
  client.cookies.set(REGISTRATION_PROOF_COOKIE, await createRegistrationProof(testApp.db, user.id));
  return user;
}

/** Anonymous callers get a real proof of sign-up; everyone else only their bearer token. */
const signedUpUsers = new Map<TestClient, BuiltUser>();
async function proveSignUpWhenAnonymous(client: TestClient, role: Role) {
  if (role === "anonymous") signedUpUsers.set(client, await signedUpIn(client));
}
/** The account a proof-guarded call names: the caller's own sign-up, or someone else's fresh account. */
async function accountToAttach(client: TestClient): Promise<string> {
  return (signedUpUsers.get(client) ?? (await buildUser(testApp.db))).id;
}

async function freshAdminRequest(): Promise<Params> {
  const requester = await freshMember(world.alpha);
  const [request] = await testApp.db
    .insert(adminRequests)
    .values({ companyId: world.company.id, requesterId: requester.id })
    .returning();
  return { requestId: request!.id };
}

/**
 * A password change signs the caller out everywhere and answers a fresh pair: later cells go on
 * with the answered access token.
 */
function adoptAnsweredToken(role: Role, response: { statusCode: number; json(): unknown }) {
  if (role === "anonymous" || response.statusCode !== 200) return;
  const { access } = response.json() as { access: string };
  world.tokens[role] = access;
  world.users[role].token = access;
}

/**
 * Signing a device out refuses every access token the person holds (their other devices refresh):
 * the caller takes a token of their new session generation, as their browser would after a refresh.
 */
async function adoptRenewedToken(role: Role, response: { statusCode: number }) {
  if (role === "anonymous" || response.statusCode !== 200) return;
  const renewed = await testApp.tokenFor(world.users[role]);
  world.tokens[role] = renewed;
  world.users[role].token = renewed;
}

/** A fresh signed-in device of company A's employee; answers its session id. */
async function freshEmployeeSession(): Promise<string> {
  const familyId = crypto.randomUUID();
  await testApp.db.insert(refreshTokens).values({
    userId: world.employee.id,
    familyId,
    tokenHash: hashSecretToken(unique("refresh")),
    expiresAt: new Date(testApp.clock().getTime() + 3_600_000),
    familyExpiresAt: new Date(testApp.clock().getTime() + 3_600_000),
  });
  return familyId;
}

/** A fresh signed-in person like `role`'s caller: same company, team and kind. */
async function freshCallerLike(role: Exclude<Role, "anonymous">): Promise<string> {
  const kinds = {
    employee: { teamId: world.alpha.id },
    manager: { teamId: world.alpha.id, role: "manager" },
    admin: { teamId: world.alpha.id, isAdmin: true },
    otherAdmin: { teamId: world.gamma.id, isAdmin: true },
  } as const;
  return testApp.tokenFor(await buildUser(testApp.db, kinds[role]));
}

/**
 * A personal API token of `person` with `scopes`, written straight to the table: the matrix gives
 * every caller every scope, `admin` included, to show a token never reaches beyond its person's role.
 */
async function insertApiToken(person: BuiltUser, scopes: TokenScope[]): Promise<{ id: string; text: string }> {
  const text = `${API_TOKEN_PREFIX}${unique("matrix").replaceAll(" ", "-")}`;
  const [row] = await testApp.db
    .insert(apiTokens)
    .values({
      companyId: person.companyId!,
      userId: person.id,
      name: unique("Matrix token"),
      tokenHash: hashSecretToken(text),
      scopes,
      expiresAt: new Date(testApp.clock().getTime() + 365 * 86_400_000),
    })
    .returning();
  return { id: row!.id, text };
}

/** The route a row is about: its key without the " · which record" of a further row. */
function routeOf(key: string): string {
  return key.split(" · ")[0]!;
}

/** The company's criteria as the last PUT left them: a scorecard scores each. */
let companyCriterionIds: string[] = [];

/** A fresh idea of the employee's under review by the manager; the company's criteria read anew. */
async function ideaUnderReview() {
  const idea = await world.ideas.ideaIn("under_review", {
    author: world.employee,
    manager: world.manager,
    admin: world.admin,
  });
  const criteria = await testApp.client.get("/api/evaluation/criteria/", { token: world.admin.token });
  companyCriterionIds = (criteria.json() as { criteria: Array<{ id: string }> }).criteria.map((row) => row.id);
  return idea;
}

/** The caller as the author of their own idea; callers who cannot write one get the employee's. */
function authorFor(role: Role) {
  return role === "employee" || role === "manager" || role === "admin" ? world.users[role] : world.employee;
}

/** An answer to the company challenge by `role`'s author, endorsed by someone else, waiting for the admins. */
async function ownAnswerAwaitingAdmins(role: Role): Promise<Params> {
  const author = authorFor(role);
  const reviewer = author.id === world.manager.id ? world.admin : world.manager;
  const idea = await world.ideas.ideaIn(
    "pending_review",
    { author, manager: reviewer, admin: world.admin },
    { companyChallengeId: world.companyChallenge.id },
  );
  return { id: idea.id };
}

/** A company challenge proposed by the employee or the manager calling (by the employee otherwise). */
async function proposalBy(role: Role, options: { approved: boolean }): Promise<Params> {
  const proposer = role === "manager" ? world.manager : world.employee;
  const proposal = await world.ideas.createChallenge(proposer, { scope: "company", title: unique("Proposal") });
  if (options.approved) {
    const decided = await testApp.client.post(
      `/api/challenges/${proposal.id}/decision/`,
      { approved: true },
      { token: world.admin.token },
    );
    expect(decided.statusCode).toBe(200);
  }
  return { id: proposal.id };
}

/**
 * Opens an event stream and answers its status once the headers are in: an open stream never
 * ends by itself (the app ends it when the suite closes the app).
 */
async function openEventStream(url: string, token: string | undefined) {
  const response = await testApp.app.inject({
    method: "GET",
    url,
    headers: { accept: "text/event-stream", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payloadAsStream: true,
  });
  const body = response.statusCode === 200 ? "" : await text(response.stream());
  response.stream().destroy();
  return { statusCode: response.statusCode, body, json: () => JSON.parse(body) as unknown };
}

/** A browser's public key and auth secret, in the form browsers give them. */
const PUSH_TEST_KEYS = {
  p256dh: createECDH("prime256v1").generateKeys("base64url"),
  auth: randomBytes(16).toString("base64url"),
};

/** A device of company A's employee, subscribed to push. */
async function freshEmployeeDevice(): Promise<Params> {
  const endpoint = `https://203.0.114.7/push/${randomUUID()}`;
  await testApp.db.insert(pushSubscriptions).values({
    companyId: world.company.id,
    userId: world.employee.id,
    endpoint,
    p256dh: PUSH_TEST_KEYS.p256dh,
    auth: PUSH_TEST_KEYS.auth,
    categories: ["approvals"],
  });
  return { endpoint };
}

const ALL_OK: Statuses = [200, 200, 200, 200, 200];
const SIGNED_IN_OK: Statuses = [401, 200, 200, 200, 200];

/**
 * The table. Company-wide routes without a record in the path act on the caller's own company,
 * so company B's admin gets 200 there: those show that B's admin cannot name A at all.
 */
const MATRIX: Record<string, Row> = {
  // Health probes and telemetry: public.
  "GET /healthz": { expect: ALL_OK },
  "GET /readyz": { expect: ALL_OK },
  "GET /api/csrf-token/": { expect: ALL_OK },
  "GET /api/docs/": { expect: ALL_OK },
  "POST /api/client-errors/": { expect: ALL_OK, body: () => ({ kind: "not_found", message: "Gone", path: "/x" }) },
  "POST /api/web-vitals/": {
    expect: ALL_OK,
    body: () => ({ name: "LCP", value: 1200, rating: "good", id: "v1", path: "/" }),
  },
  "POST /api/csp-report": { expect: [204, 204, 204, 204, 204], body: () => ({ "csp-report": { "blocked-uri": "x" } }) },

  // Sign-up, sign-in, sessions, password reset: public (a bearer token changes nothing).
  "POST /api/auth/login/": {
    expect: ALL_OK,
    body: () => ({ email: world.employee.email, password: DEFAULT_USER_PASSWORD }),
  },
  "POST /api/token/refresh/": {
    expect: ALL_OK,
    params: async () => ({ refresh: await freshRefreshToken() }),
    body: (_role, params) => ({ refresh: params.refresh }),
  },
  "POST /api/auth/logout/": { expect: ALL_OK, body: () => ({}) },
  // Single sign-on before sign-in: the world's company has none, so starting answers 404 and a
  // made-up state or ticket is refused alike for everyone.
  "POST /api/auth/sso/lookup/": { expect: ALL_OK, body: () => ({ email: world.employee.email }) },
  "POST /api/auth/sso/start/": { expect: [404, 404, 404, 404, 404], body: () => ({ email: world.employee.email }) },
  "GET /api/auth/sso/callback/": { expect: [303, 303, 303, 303, 303], query: "code=made-up&state=made-up" },
  "POST /api/auth/sso/complete/": { expect: [400, 400, 400, 400, 400], body: () => ({ ticket: "made-up" }) },
  "POST /api/request-verification-code/": {
    expect: ALL_OK,
    body: () => ({ email: uniqueEmail("code"), password: "Password123!", first_name: "A", last_name: "B" }),
  },
  "POST /api/verify-email-register/": {
    expect: ALL_OK,
    params: async () => pendingSignUp(),
    body: (_role, params) => ({ email: params.email, code: params.code }),
  },
  "POST /api/password-reset/request/": { expect: ALL_OK, body: () => ({ email: uniqueEmail("nobody") }) },
  "GET /api/password-reset/:token/": { expect: ALL_OK, params: async () => ({ token: await freshResetToken() }) },
  "POST /api/password-reset/complete/": {
    expect: ALL_OK,
    params: async () => ({ token: await freshResetToken() }),
    body: (_role, params) => ({ token: params.token, password: "Brand-new-password-1" }),
  },

  // Company association (before sign-in): a proof of sign-up is the key, never a bearer token,
  // so signed-in callers cannot attach someone else's account.
  "POST /api/verify-company/": {
    expect: ALL_OK,
    body: () => ({ companyName: world.company.name, companyPassword: world.company.password }),
  },
  "POST /api/associate-company/": {
    expect: [200, 401, 401, 401, 401],
    prepare: async (client, role) => {
      await proveSignUpWhenAnonymous(client, role);
      const verified = await client.post("/api/verify-company/", {
        companyName: world.company.name,
        companyPassword: world.company.password,
      });
      expect(verified.statusCode).toBe(200);
    },
  },
  "POST /api/create-company/": {
    expect: [200, 401, 401, 401, 401],
    prepare: proveSignUpWhenAnonymous,
  },

  // Invitations: public by token; managed by admins and the team's managers.
  "GET /api/invitations/:token/": { expect: ALL_OK, params: async () => ({ token: (await freshInvitation()).token }) },
  "POST /api/invitations/:token/accept/": {
    expect: ALL_OK,
    params: async () => ({ token: (await freshInvitation()).token }),
    body: () => ({ first_name: "Ina", last_name: "Vited", password: "Password123!" }),
  },
  "POST /api/teams/:teamId/invitations/": {
    expect: [401, 403, 200, 200, 404],
    params: () => ({ teamId: world.alpha.id }),
    body: () => ({
      firstName: "New",
      lastName: "Person",
      email: uniqueEmail("invite"),
      role: "employee",
      isAdmin: false,
    }),
  },
  "GET /api/teams/:teamId/invitations/": {
    expect: [401, 403, 200, 200, 404],
    params: () => ({ teamId: world.alpha.id }),
  },
  "DELETE /api/invitations/:invitationId/": {
    expect: [401, 403, 200, 200, 404],
    params: async () => ({ invitationId: (await freshInvitation()).id }),
  },

  // The signed-in user.
  "GET /api/users/current/": { expect: SIGNED_IN_OK },
  "PATCH /api/users/current/": { expect: SIGNED_IN_OK, body: () => ({ first_name: "Renamed" }) },
  "POST /api/users/current/password/": {
    expect: SIGNED_IN_OK,
    body: () => ({ current_password: DEFAULT_USER_PASSWORD, new_password: DEFAULT_USER_PASSWORD }),
    after: adoptAnsweredToken,
  },
  // Signed-in devices: one's own only; anyone else's session is not found, whoever they are.
  "GET /api/users/current/sessions/": { expect: SIGNED_IN_OK },
  "DELETE /api/users/current/sessions/:sessionId/": {
    expect: [401, 200, 404, 404, 404],
    params: async () => ({ sessionId: await freshEmployeeSession() }),
    after: adoptRenewedToken,
  },
  "DELETE /api/users/current/sessions/": { expect: SIGNED_IN_OK, after: adoptRenewedToken },
  // Profile Settings → API tokens: one's own only; anyone else's token is not found, whoever they are.
  "GET /api/tokens/": { expect: SIGNED_IN_OK },
  "POST /api/tokens/": {
    expect: SIGNED_IN_OK,
    body: () => ({ name: unique("Script"), expires_in_days: 30, scopes: ["ideas:read"] }),
  },
  "DELETE /api/tokens/:id/": {
    expect: [401, 200, 404, 404, 404],
    params: async () => ({ id: (await insertApiToken(world.employee, ["ideas:read"])).id }),
  },
  // One's own data export and account deletion: everyone signed in, about themselves only.
  "GET /api/users/current/export/": { expect: SIGNED_IN_OK },
  "DELETE /api/users/current/": {
    expect: SIGNED_IN_OK,
    freshCaller: true,
    body: () => ({ password: DEFAULT_USER_PASSWORD }),
  },
  "GET /api/user/:userId": { expect: [401, 200, 200, 200, 404], params: () => ({ userId: world.employee.id }) },
  "POST /api/user/update-onboarding-status/": {
    expect: SIGNED_IN_OK,
    body: () => ({ onboarding_status: "awaiting_initial_tour" }),
  },

  // Notifications: one's own bell only; a colleague's is forbidden, another company's person unknown.
  "GET /api/notifications/:userId/": {
    expect: [401, 200, 403, 403, 404],
    params: () => ({ userId: world.employee.id }),
  },
  "GET /api/notifications/stream/": { expect: SIGNED_IN_OK, isEventStream: true },
  "POST /api/notifications/mark-read/": { expect: SIGNED_IN_OK, body: () => ({}) },

  // E-mail preferences: one's own only; unsubscribe links work for whoever holds one (the token
  // names the person), signed in or not.
  "GET /api/email-preferences/": { expect: SIGNED_IN_OK },
  "PUT /api/email-preferences/": {
    expect: SIGNED_IN_OK,
    body: () => ({
      approvals: "immediate",
      revision_requests: "daily",
      rejections: "weekly",
      comments: "none",
      request_answers: "weekly",
      actions: "immediate",
      redemptions: "immediate",
    }),
  },
  "POST /api/email-preferences/unsubscribe/": { expect: ALL_OK, query: () => `token=${unsubscribeToken}` },
  "GET /api/email-preferences/unsubscribe/": {
    expect: [303, 303, 303, 303, 303],
    query: () => `token=${unsubscribeToken}`,
  },
  // Push on a device: one's own devices only; someone else's device is not found, whoever asks.
  // The push service is at a public address (checked, never called: no job queue runs here).
  "GET /api/push/public-key/": { expect: SIGNED_IN_OK },
  "GET /api/push/subscriptions/": { expect: SIGNED_IN_OK },
  "POST /api/push/subscriptions/": {
    expect: SIGNED_IN_OK,
    body: () => ({
      endpoint: `https://203.0.114.7/push/${randomUUID()}`,
      keys: { p256dh: PUSH_TEST_KEYS.p256dh, auth: PUSH_TEST_KEYS.auth },
    }),
  },
  "DELETE /api/push/subscriptions/": {
    expect: [401, 200, 404, 404, 404],
    params: freshEmployeeDevice,
    body: (_role, params) => ({ endpoint: params.endpoint }),
  },
  // The calendar: one's own feed address; the feed itself opens for whoever holds its address.
  "GET /api/calendar/": { expect: SIGNED_IN_OK },
  "POST /api/calendar/feed/rotate/": { expect: SIGNED_IN_OK, body: () => ({}) },
  "GET /calendar/:file": { expect: ALL_OK, params: employeeFeedFile },
  // No provider is configured here: starting and finishing a connection answer 409 to everyone
  // signed in (calendar.connection.test.ts runs them against a real provider).
  "POST /api/calendar/connection/start/": { expect: [401, 409, 409, 409, 409], body: () => ({}) },
  "POST /api/calendar/connection/finish/": {
    expect: [401, 409, 409, 409, 409],
    body: () => ({ callback_query: "code=x&state=y" }),
  },
  "DELETE /api/calendar/connection/": { expect: SIGNED_IN_OK },
  // The company's calendar settings: admins of their own company.
  // Company Settings → Sign-in: admins only. An admin's change passes authorization and is then
  // refused for its issuer on a private address (the suite runs no provider).
  "GET /api/company/sso/": { expect: [401, 403, 403, 200, 200] },
  "PUT /api/company/sso/": {
    expect: [401, 403, 403, 400, 400],
    body: () => ({
      issuer: "https://127.0.0.1/",
      client_id: "ideaport",
      client_secret: "a-secret",
      domains: ["example.com"],
      required: false,
    }),
  },
  "GET /api/calendar/company-settings/": { expect: [401, 403, 403, 200, 200] },
  "PUT /api/calendar/company-settings/": { expect: [401, 403, 403, 200, 200], body: () => ({ review_due_days: 7 }) },
  "POST /api/admin-request-response/": {
    expect: [401, 403, 403, 200, 404],
    params: freshAdminRequest,
    body: (role, params) => ({
      requestId: params.requestId,
      adminId: role === "anonymous" ? world.admin.id : world.users[role].id,
      approved: true,
    }),
  },

  // Company settings and user management: admins.
  "GET /api/company/": { expect: [401, 403, 403, 200, 200] },
  "PATCH /api/company/": { expect: [401, 403, 403, 200, 200], body: () => ({ password: "JoinUs123!" }) },
  "GET /api/company/users/": { expect: [401, 403, 403, 200, 200] },
  // Company Settings → Provisioning: admins only; another company's token is not found.
  "GET /api/company/scim-tokens/": { expect: [401, 403, 403, 200, 200] },
  "POST /api/company/scim-tokens/": { expect: [401, 403, 403, 200, 200], body: () => ({ name: unique("IdP") }) },
  "DELETE /api/company/scim-tokens/:tokenId/": {
    expect: [401, 403, 403, 200, 404],
    params: async () => ({ tokenId: await freshScimToken() }),
  },
  // Integrations. A company channel and the webhooks are the admins'; a team's channel also its
  // managers'. The suite's outbound rules refuse every address it could give (no receiver runs
  // here), so a new channel or webhook answers 400 once authorized, and a test send answers at once.
  "GET /api/integrations/channels/": { expect: [401, 403, 200, 200, 200] },
  "POST /api/integrations/channels/": {
    expect: [401, 403, 403, 400, 400],
    body: () => ({ kind: "slack", name: unique("#c"), url: REFUSED_INTEGRATION_URL, events: ["idea.submitted"] }),
  },
  "POST /api/integrations/channels/ · a channel of the manager's team": {
    expect: [401, 403, 400, 400, 404],
    body: () => ({
      kind: "teams",
      name: unique("#c"),
      url: REFUSED_INTEGRATION_URL,
      events: ["idea.submitted"],
      team_id: world.alpha.id,
    }),
  },
  "PATCH /api/integrations/channels/:id/": {
    expect: [401, 403, 403, 200, 404],
    params: () => ({ id: world.companyChannelId }),
    body: () => ({ name: unique("#renamed") }),
  },
  "PATCH /api/integrations/channels/:id/ · the manager's team's channel": {
    expect: [401, 403, 200, 200, 404],
    params: () => ({ id: world.alphaChannelId }),
    body: () => ({ events: ["news.published"] }),
  },
  "DELETE /api/integrations/channels/:id/": {
    expect: [401, 403, 403, 200, 404],
    params: async () => ({ id: await insertChannelOf(testApp, world.company.id, null) }),
  },
  "DELETE /api/integrations/channels/:id/ · the manager's team's channel": {
    expect: [401, 403, 200, 200, 404],
    params: async () => ({ id: await insertChannelOf(testApp, world.company.id, world.alpha.id) }),
  },
  "POST /api/integrations/channels/:id/test/": {
    expect: [401, 403, 403, 200, 404],
    params: () => ({ id: world.companyChannelId }),
    body: () => ({}),
  },
  "GET /api/webhooks/": { expect: [401, 403, 403, 200, 200] },
  "POST /api/webhooks/": {
    expect: [401, 403, 403, 400, 400],
    body: () => ({ url: REFUSED_INTEGRATION_URL, events: ["idea.approved"] }),
  },
  "PATCH /api/webhooks/:id/": {
    expect: [401, 403, 403, 200, 404],
    params: () => ({ id: world.webhookId }),
    body: () => ({ events: ["idea.approved", "news.published"] }),
  },
  "DELETE /api/webhooks/:id/": {
    expect: [401, 403, 403, 200, 404],
    params: async () => ({ id: await insertWebhookOf(testApp, world.company.id) }),
  },
  "GET /api/webhooks/:id/deliveries/": { expect: [401, 403, 403, 200, 404], params: () => ({ id: world.webhookId }) },
  "POST /api/webhooks/:id/test/": {
    expect: [401, 403, 403, 200, 404],
    params: () => ({ id: world.webhookId }),
    body: () => ({}),
  },
  "POST /api/webhooks/:id/deliveries/:deliveryId/resend/": {
    expect: [401, 403, 403, 200, 404],
    params: () => ({ id: world.webhookId, deliveryId: world.webhookDeliveryId }),
    body: () => ({}),
  },
  // SCIM answers a company's SCIM token only: a person's access token, an admin's included, is
  // refused like no token (scim.routes.test.ts tries the tokens themselves).
  ...scimRows(),
  "PATCH /api/company/users/:userId/": {
    expect: [401, 403, 403, 200, 404],
    params: async () => ({ userId: (await freshMember(world.alpha)).id }),
    body: () => ({ role: "manager" }),
  },
  "DELETE /api/company/users/:userId/": {
    expect: [401, 403, 403, 200, 404],
    params: async () => ({ userId: (await freshMember(world.alpha)).id }),
  },

  // Teams: lists and members for the team's managers and admins; creating, renaming, deleting: admins.
  "GET /api/teams/": { expect: [401, 403, 200, 200, 200] },
  "POST /api/teams/": { expect: [401, 403, 403, 200, 200], body: () => ({ name: unique("Team") }) },
  "PATCH /api/teams/:teamId/": {
    expect: [401, 403, 403, 200, 404],
    params: async () => ({ teamId: (await buildTeam(testApp.db, { companyId: world.company.id })).id }),
    body: () => ({ name: unique("Renamed") }),
  },
  "DELETE /api/teams/:teamId/": {
    expect: [401, 403, 403, 200, 404],
    params: async () => ({ teamId: (await buildTeam(testApp.db, { companyId: world.company.id })).id }),
  },
  "GET /api/teams/:teamId/members/": { expect: [401, 403, 200, 200, 404], params: () => ({ teamId: world.alpha.id }) },
  "PATCH /api/teams/:teamId/members/:userId/": {
    expect: [401, 403, 200, 200, 404],
    params: async () => ({ teamId: world.alpha.id, userId: (await freshMember(world.alpha)).id }),
    body: () => ({ is_manager: true }),
  },
  "DELETE /api/teams/:teamId/members/:userId/": {
    expect: [401, 403, 200, 200, 404],
    params: async () => {
      // A member of two teams, so leaving Alpha is allowed (every member keeps a team).
      const member = await freshMember(world.alpha);
      await testApp.db
        .insert(teamMemberships)
        .values({ companyId: world.company.id, teamId: world.beta.id, userId: member.id });
      return { teamId: world.alpha.id, userId: member.id };
    },
  },

  // Challenges.
  "GET /api/challenges/": { expect: SIGNED_IN_OK },
  "POST /api/challenges/": {
    expect: SIGNED_IN_OK,
    body: () => ({ title: unique("Challenge"), description: "What should we do?", scope: "company" }),
  },
  "GET /api/challenges/:id/": {
    expect: [401, 200, 200, 200, 404],
    params: () => ({ id: world.companyChallenge.id }),
  },
  "PATCH /api/challenges/:id/": {
    expect: [401, 403, 200, 200, 404],
    params: () => ({ id: world.teamChallenge.id }),
    body: () => ({ description: "Sharper wording." }),
  },
  // A proposal is seen only by its proposer (the employee here) and the admins.
  "POST /api/challenges/:id/decision/": {
    expect: [401, 403, 404, 200, 404],
    params: async () => ({
      id: (await world.ideas.createChallenge(world.employee, { scope: "company", title: unique("Proposal") })).id,
    }),
    body: () => ({ approved: true }),
  },
  "POST /api/challenges/:id/close/": {
    expect: [401, 403, 200, 200, 404],
    params: async () => ({ id: (await world.ideas.createChallenge(world.manager, { scope: "team" })).id }),
  },
  // A proposer edits their pending proposal; once an admin has approved it, admins alone edit or close it.
  "PATCH /api/challenges/:id/ · a pending proposal (the caller's own, else the employee's)": {
    expect: [401, 200, 200, 200, 404],
    params: (role) => proposalBy(role, { approved: false }),
    body: () => ({ description: "Sharper wording." }),
  },
  "PATCH /api/challenges/:id/ · an approved proposal (the caller's own, else the employee's)": {
    expect: [401, 403, 403, 200, 404],
    params: (role) => proposalBy(role, { approved: true }),
    body: () => ({ title: unique("Rewritten"), reward_points: 100_000 }),
  },
  "POST /api/challenges/:id/close/ · an approved proposal (the caller's own, else the employee's)": {
    expect: [401, 403, 403, 200, 404],
    params: (role) => proposalBy(role, { approved: true }),
  },

  // Project ideas (the employee is the author of company A's ideas).
  "GET /api/project-ideas/": { expect: SIGNED_IN_OK },
  "GET /api/project-ideas/counts/": { expect: SIGNED_IN_OK, query: "mine=true" },
  "GET /api/project-ideas/similar/": { expect: SIGNED_IN_OK, query: "q=greener%20deliveries" },
  "POST /api/project-ideas/": {
    expect: SIGNED_IN_OK,
    body: () => ({ title: unique("Idea"), description: "A description long enough to submit." }),
  },
  "GET /api/project-ideas/:id/": {
    expect: [401, 200, 200, 200, 404],
    params: () => ({ id: world.submittedIdea.id }),
  },
  "PATCH /api/project-ideas/:id/": {
    expect: [401, 200, 404, 404, 404],
    params: async () => ({ id: (await world.ideas.createIdea(world.employee, { draft: true })).id }),
    body: () => ({ title: "Better title" }),
  },
  // The author deletes a draft; nobody else sees it.
  "DELETE /api/project-ideas/:id/": {
    expect: [401, 200, 404, 404, 404],
    params: async () => ({ id: (await world.ideas.createIdea(world.employee, { draft: true })).id }),
  },
  "POST /api/project-ideas/:id/transition/": {
    expect: [401, 403, 200, 200, 404],
    params: async () => ({ id: (await world.ideas.createIdea(world.employee)).id }),
    body: () => ({ to: "under_review" }),
  },
  // Nobody decides on their own idea, whatever their role.
  "POST /api/project-ideas/:id/transition/ · opening the review of the caller's own idea (else the employee's)": {
    expect: [401, 403, 403, 403, 404],
    params: async (role) => ({ id: (await world.ideas.createIdea(authorFor(role))).id }),
    body: () => ({ to: "under_review" }),
  },
  "POST /api/project-ideas/:id/transition/ · approving the caller's own company-challenge answer (else the employee's)":
    {
      expect: [401, 403, 403, 403, 404],
      params: ownAnswerAwaitingAdmins,
      body: () => ({ to: "approved" }),
    },
  // Every author may withdraw their submission while nobody reviews it.
  "POST /api/project-ideas/:id/transition/ · withdrawing the caller's own submission (else the employee's)": {
    expect: [401, 200, 200, 200, 404],
    params: async (role) => ({ id: (await world.ideas.createIdea(authorFor(role))).id }),
    body: () => ({ to: "draft" }),
  },
  // A reviewer merges one of the employee's ideas into another; the author may not (nobody decides on
  // their own idea), another company's admin sees neither.
  "POST /api/project-ideas/:id/merge/": {
    expect: [401, 403, 200, 200, 404],
    params: async () => ({
      id: (await world.ideas.createIdea(world.employee)).id,
      into: (await world.ideas.createIdea(world.employee)).id,
    }),
    body: (_role, params) => ({ into: params.into }),
  },
  // The idea's reviewers see its possible duplicates; its author does not.
  "GET /api/project-ideas/:id/duplicates/": {
    expect: [401, 403, 200, 200, 404],
    params: () => ({ id: world.submittedIdea.id }),
  },
  "POST /api/project-ideas/:id/comments/": {
    expect: [401, 200, 200, 200, 404],
    params: () => ({ id: world.submittedIdea.id }),
    body: () => ({ body: "Nice one." }),
  },
  // The employee wrote it, and nobody votes for their own idea.
  "POST /api/project-ideas/:id/vote/": {
    expect: [401, 409, 200, 200, 404],
    params: () => ({ id: world.submittedIdea.id }),
  },
  "DELETE /api/project-ideas/:id/vote/": {
    expect: [401, 200, 200, 200, 404],
    params: () => ({ id: world.submittedIdea.id }),
  },

  // Scorecards: criteria for admins; an idea under review (the employee's) scored by its reviewers,
  // never its author; a challenge's evaluators invited by an admin or its creator (the manager).
  "GET /api/evaluation/criteria/": { expect: [401, 403, 403, 200, 200] },
  "PUT /api/evaluation/criteria/": {
    expect: [401, 403, 403, 200, 404],
    query: () => `challenge=${world.companyChallenge.id}`,
    body: () => ({ criteria: [{ name: unique("Reach"), description: "How many notice.", weight: 2 }] }),
  },
  "PUT /api/evaluation/criteria/ · the company's set": {
    expect: [401, 403, 403, 200, 200],
    body: () => ({ criteria: [{ name: unique("Impact"), weight: 1 }] }),
  },
  "GET /api/project-ideas/:id/scores/": {
    expect: [401, 403, 200, 200, 404],
    params: async () => ({ id: (await ideaUnderReview()).id }),
  },
  "PUT /api/project-ideas/:id/scores/": {
    expect: [401, 403, 200, 200, 404],
    params: async () => ({ id: (await ideaUnderReview()).id }),
    body: () => ({ scores: Object.fromEntries(companyCriterionIds.map((id) => [id, 4])), note: "Worth it." }),
  },
  "GET /api/challenges/:id/evaluators/": {
    expect: [401, 403, 200, 200, 404],
    params: () => ({ id: world.teamChallenge.id }),
  },
  "GET /api/challenges/:id/evaluators/candidates/": {
    expect: [401, 403, 200, 200, 404],
    params: () => ({ id: world.teamChallenge.id }),
    query: () => "q=a",
  },
  "POST /api/challenges/:id/evaluators/": {
    expect: [401, 403, 200, 200, 404],
    params: () => ({ id: world.teamChallenge.id }),
    body: () => ({ user_id: world.employee.id }),
  },
  "DELETE /api/challenges/:id/evaluators/:userId/": {
    expect: [401, 403, 200, 200, 404],
    params: async () => {
      const evaluator = await freshMember(world.alpha);
      await testApp.db.insert(challengeEvaluators).values({
        companyId: world.company.id,
        challengeId: world.teamChallenge.id,
        userId: evaluator.id,
      });
      return { id: world.teamChallenge.id, userId: evaluator.id };
    },
  },

  // The ideas-to-action board (the action of an idea the manager approved).
  "GET /api/actions/": { expect: SIGNED_IN_OK },
  "PATCH /api/actions/:id/": {
    expect: [401, 403, 200, 200, 404],
    params: () => ({ id: world.actionId }),
    body: () => ({ status: "in_progress" }),
  },

  // News: everyone in the company reads published posts; admins publish, see drafts and
  // scheduled posts, and keep the categories.
  "GET /api/news/": { expect: SIGNED_IN_OK },
  "POST /api/news/": {
    expect: [401, 403, 403, 200, 404],
    body: () => ({ title: unique("News"), body: "Hello **all**.", category_id: world.newsCategoryId }),
  },
  "GET /api/news/:id/": { expect: [401, 200, 200, 200, 404], params: () => ({ id: world.newsId }) },
  "GET /api/news/:id/ · a draft": {
    expect: [401, 404, 404, 200, 404],
    params: async () => ({ id: await freshNews({ published_at: null }) }),
  },
  "GET /api/news/:id/ · a scheduled post": {
    expect: [401, 404, 404, 200, 404],
    params: async () => ({ id: await freshNews({ published_at: "2099-01-01T09:00:00Z" }) }),
  },
  "PATCH /api/news/:id/": {
    expect: [401, 403, 403, 200, 404],
    params: () => ({ id: world.newsId }),
    body: () => ({ pinned: true }),
  },
  "DELETE /api/news/:id/": { expect: [401, 403, 403, 200, 404], params: async () => ({ id: await freshNews() }) },
  "GET /api/news/categories/": { expect: SIGNED_IN_OK },
  "POST /api/news/categories/": {
    expect: [401, 403, 403, 200, 200],
    body: () => ({ name: unique("Category") }),
  },
  "PATCH /api/news/categories/:id/": {
    expect: [401, 403, 403, 200, 404],
    params: async () => ({ id: await freshNewsCategory() }),
    body: () => ({ name: unique("Renamed") }),
  },
  "DELETE /api/news/categories/:id/": {
    expect: [401, 403, 403, 200, 404],
    params: async () => ({ id: await freshNewsCategory() }),
  },
  "DELETE /api/news/categories/:id/ · a category in use": {
    expect: [401, 403, 403, 409, 404],
    params: () => ({ id: world.newsCategoryId }),
  },

  // Tags: everyone reads the vocabulary and adds to it (while the company allows); admins rename,
  // merge and delete tags and change the setting.
  "GET /api/tags/": { expect: SIGNED_IN_OK },
  "POST /api/tags/": { expect: [401, 200, 200, 200, 200], body: () => ({ name: unique("Tag") }) },
  "PUT /api/tags/settings/": { expect: [401, 403, 403, 200, 200], body: () => ({ people_may_add: true }) },
  "PATCH /api/tags/:id/": {
    expect: [401, 403, 403, 200, 404],
    params: async () => ({ id: await freshTag() }),
    body: () => ({ name: unique("Renamed") }),
  },
  "PATCH /api/tags/:id/ · a merge": {
    expect: [401, 403, 403, 200, 404],
    params: async () => ({ id: await freshTag() }),
    body: () => ({ merge_into: world.tagId }),
  },
  "DELETE /api/tags/:id/": { expect: [401, 403, 403, 200, 404], params: async () => ({ id: await freshTag() }) },

  // Points, leaderboards and rewards: everyone reads and redeems; admins keep the rules, the
  // catalogue and the redemptions.
  "GET /api/points/me/": { expect: SIGNED_IN_OK },
  "GET /api/company/points-rules/": { expect: [401, 200, 200, 200, 200] },
  "PATCH /api/company/points-rules/": { expect: [401, 403, 403, 200, 200], body: () => ({ comment: 2 }) },
  "GET /api/leaderboards/": { expect: SIGNED_IN_OK, query: "board=employees&period=month" },
  "GET /api/rewards/": { expect: SIGNED_IN_OK },
  "POST /api/rewards/": { expect: [401, 403, 403, 200, 200], body: () => ({ title: unique("Reward"), cost: 10 }) },
  "PATCH /api/rewards/:id/": {
    expect: [401, 403, 403, 200, 404],
    params: () => ({ id: world.rewardId }),
    body: () => ({ description: "Lunch with the team." }),
  },
  "POST /api/rewards/:id/redeem/": { expect: [401, 200, 200, 200, 404], params: () => ({ id: world.rewardId }) },
  "GET /api/redemptions/": { expect: SIGNED_IN_OK },
  "POST /api/redemptions/:id/fulfil/": {
    expect: [401, 403, 403, 200, 404],
    params: async () => ({ id: await freshRedemption() }),
  },
  "POST /api/redemptions/:id/cancel/": {
    expect: [401, 403, 403, 200, 404],
    params: async () => ({ id: await freshRedemption() }),
    body: () => ({ reason: "The reward is no longer offered." }),
  },

  // The AI analysis: everyone signed in, on the ideas they see; its switch, admins of their own company.
  "POST /api/ai-analysis/": {
    expect: SIGNED_IN_OK,
    body: () => ({ title: "Solar panels on the roof", description: "Cut the electricity bill." }),
  },
  "GET /api/ai-analysis/settings/": { expect: [401, 403, 403, 200, 200] },
  "PUT /api/ai-analysis/settings/": { expect: [401, 403, 403, 200, 200], body: () => ({ send_idea_text: false }) },

  // Analytics: admins only, of their own company (another company's team is not found).
  "GET /api/analytics/overview/": { expect: [401, 403, 403, 200, 200], query: "period=quarter" },
  "GET /api/analytics/overview/ · a team of company A": {
    expect: [401, 403, 403, 200, 404],
    query: () => `period=custom&from=2026-01-01&to=2026-12-31&team=${world.alpha.id}`,
  },
  "GET /api/analytics/ideas.csv": { expect: [401, 403, 403, 200, 200], query: "period=year" },
  "GET /api/analytics/ideas.csv · a team of company A": {
    expect: [401, 403, 403, 200, 404],
    query: () => `period=30d&team=${world.alpha.id}`,
  },

  // The audit log: admins only, each reading their own company's (company B's admin sees none of A's).
  "GET /api/audit-log/": { expect: [401, 403, 403, 200, 200] },
  "GET /api/audit-log/ · company A's admin's entries": {
    expect: [401, 403, 403, 200, 200],
    query: () => `actor=${world.admin.id}&action=user.role_changed&from=2026-01-01&to=2099-12-31`,
    after: (role, response) => {
      if (role === "otherAdmin") expect((response.json() as { entries: unknown[] }).entries).toEqual([]);
    },
  },
  "GET /api/audit-log.csv": { expect: [401, 403, 403, 200, 200], query: "action=user.role_changed" },
};

/** Bodies that depend on the caller's browser (the account their proof of sign-up names). */
async function bodyOf(route: string, row: Row, role: Role, params: Params, client: TestClient): Promise<unknown> {
  if (route === "POST /api/associate-company/") {
    return {
      userId: await accountToAttach(client),
      companyName: world.company.name,
      displayName: "Jo Joiner",
      team: world.alpha.id,
      role: "employee",
      requesting_admin: false,
    };
  }
  if (route === "POST /api/create-company/") {
    return {
      name: unique("New company"),
      password: "JoinNew123!",
      adminId: await accountToAttach(client),
      teams: [{ name: "Ops", invitedMembers: [] }],
      creatorRole: "manager",
    };
  }
  return row.body?.(role, params);
}

const CELLS = Object.entries(MATRIX).flatMap(([route, row]) =>
  ROLES.map((role, index) => [route, role, row.expect[index]!] as const),
);

beforeAll(async () => {
  testApp = await buildTestApp({ env: { RATE_LIMIT_MULTIPLIER: "1000", CSP_REPORTING: "true" } });
  world = await buildApiWorld(testApp);
  unsubscribeToken = await createUnsubscribeTokens(testApp.config.jwtSecret).sign({
    userId: world.employee.id,
    companyId: world.company.id,
    scope: "comments",
  });
});
afterAll(async () => {
  await testApp?.close();
});

describe("the authorization matrix", () => {
  it(`lists every route of the app (${Object.keys(MATRIX).length} routes × ${ROLES.length} callers), and only those`, () => {
    const routes = [...new Set(Object.keys(MATRIX).map(routeOf))];
    const listed = routes.filter((route) => route.startsWith(`${route.split(" ")[0]} /api/`));
    expect([...testApp.app.apiRoutes].sort()).toEqual(listed.sort());
    for (const route of routes) {
      const [method, url] = route.split(" ") as [string, string];
      expect(testApp.app.hasRoute({ method: method as "GET", url }), route).toBe(true);
    }
  });

  it.each(CELLS)("%s as %s answers %i", async (route, role, expected) => {
    const row = MATRIX[route]!;
    const [method, pathPattern] = route.split(" ") as [string, string];
    const client = createTestClient(testApp.app);
    await row.prepare?.(client, role);
    const params = (await row.params?.(role)) ?? {};
    const body = await bodyOf(route, row, role, params, client);
    const query = typeof row.query === "function" ? row.query() : row.query;
    const url = buildPath(pathPattern, params) + (query ? `?${query}` : "");
    const token = row.freshCaller && role !== "anonymous" ? await freshCallerLike(role) : world.tokens[role];
    const before = expected >= 400 ? await databaseFingerprint(testApp.db) : undefined;

    const response = row.isEventStream
      ? await openEventStream(url, token)
      : await client.request({
          method: method as "GET",
          url,
          ...(body === undefined ? {} : { body }),
          ...(token ? { token } : {}),
        });

    expect(response.statusCode, `${route} as ${role}: ${response.body.slice(0, 300)}`).toBe(expected);
    await row.after?.(role, response);
    if (before) expect(changedTables(before, await databaseFingerprint(testApp.db))).toEqual([]);
  });

  // A record of another company is not found, whoever asks: the rows company B's admin gets 404
  // on answer 404 to company B's manager and employee too, before any check of their role.
  const OUTSIDERS = ["employee", "manager"] as const;
  const foreignRecordCells = Object.entries(MATRIX)
    .filter(([, row]) => row.expect[ROLES.indexOf("otherAdmin")] === 404)
    .flatMap(([route]) => OUTSIDERS.map((outsider) => [route, outsider] as const));
  it.each(foreignRecordCells)("%s as company B's %s answers 404", async (route, outsider) => {
    const row = MATRIX[route]!;
    const [method, pathPattern] = route.split(" ") as [string, string];
    const client = createTestClient(testApp.app);
    const params = (await row.params?.("otherAdmin")) ?? {};
    const body = await bodyOf(route, row, "otherAdmin", params, client);
    const query = typeof row.query === "function" ? row.query() : row.query;
    const url = buildPath(pathPattern, params) + (query ? `?${query}` : "");
    const before = await databaseFingerprint(testApp.db);

    const response = await client.request({
      method: method as "GET",
      url,
      ...(body === undefined ? {} : { body }),
      token: world.outsiders[outsider].token,
    });

    expect(response.statusCode, `${route} as company B's ${outsider}: ${response.body.slice(0, 300)}`).toBe(404);
    expect(changedTables(before, await databaseFingerprint(testApp.db))).toEqual([]);
  });

  const guarded = Object.entries(MATRIX).filter(([key, row]) => row.expect[0] === 401 && routeOf(key) === key);
  it.each(guarded.map(([route]) => route))(
    "%s answers 401 to anonymous callers before reading any body",
    async (route) => {
      const [method, pathPattern] = route.split(" ") as [string, string];
      const url = buildPath(pathPattern, {
        userId: "x",
        teamId: "x",
        invitationId: "x",
        id: "x",
        sessionId: "x",
        tokenId: "x",
        deliveryId: "x",
      });
      for (const body of method === "GET" ? [undefined] : [{}, { title: 42 }, [1, 2], "not json"]) {
        const response = await testApp.client.request({ method: method as "GET", url, body });
        expect(response.statusCode, `${route} with ${JSON.stringify(body)}`).toBe(401);
      }
    },
  );
});

/**
 * Personal API tokens against every signed-in route: each caller holds one token per scope. A
 * token whose scope is the route's answers what its person's session answers (a token never
 * reaches beyond its person's role); every other scope, and every scope on a route that names
 * none, is refused with 403 and changes nothing but the token's "last used".
 */
describe("the authorization matrix with API tokens", () => {
  const HOLDERS = ["employee", "manager", "admin", "otherAdmin"] as const;
  const tokenTexts = new Map<string, string>();
  const tokenOf = (holder: (typeof HOLDERS)[number], scope: TokenScope) => tokenTexts.get(`${holder} ${scope}`)!;

  beforeAll(async () => {
    for (const holder of HOLDERS) {
      for (const scope of TOKEN_SCOPES) {
        tokenTexts.set(`${holder} ${scope}`, (await insertApiToken(world.users[holder], [scope])).text);
      }
    }
  });

  const signedIn = Object.entries(MATRIX).filter(
    ([key, row]) => row.expect[0] === 401 && routeOf(key) === key && key.split(" ")[1]!.startsWith("/api/"),
  );
  const scopeOf = (route: string) => {
    const [method, path] = route.split(" ") as [string, string];
    return tokenScopeOfRoute(method, path);
  };

  /** Prepares a cell's records (params, body), then answers the call to make with a token. */
  async function preparedCall(route: string, role: Role) {
    const row = MATRIX[route]!;
    const [method, pathPattern] = route.split(" ") as [string, string];
    const client = createTestClient(testApp.app);
    const params = (await row.params?.(role)) ?? {};
    const body = await bodyOf(route, row, role, params, client);
    const query = typeof row.query === "function" ? row.query() : row.query;
    const url = buildPath(pathPattern, params) + (query ? `?${query}` : "");
    return (token: string) =>
      row.isEventStream
        ? openEventStream(url, token)
        : client.request({ method: method as "GET", url, ...(body === undefined ? {} : { body }), token });
  }

  /** The tables a call changed, besides the token's "last used", the one thing a refused call notes. */
  async function changedBesidesLastUse(before: Awaited<ReturnType<typeof databaseFingerprint>>) {
    return changedTables(before, await databaseFingerprint(testApp.db)).filter((table) => table !== "api_tokens");
  }

  it("gives a scope to routes of every kind of reading and writing", () => {
    const scopes = new Set(signedIn.map(([route]) => scopeOf(route)));
    expect([...scopes].filter(Boolean).sort()).toEqual([...TOKEN_SCOPES].sort());
  });

  const matching = signedIn
    .filter(([route]) => scopeOf(route))
    .flatMap(([route, row]) =>
      HOLDERS.map((holder) => [route, scopeOf(route)!, holder, row.expect[ROLES.indexOf(holder)]!] as const),
    );
  it.each(matching)("%s with a %s token of the %s answers %i", async (route, scope, holder, expected) => {
    const call = await preparedCall(route, holder);
    const before = expected >= 400 ? await databaseFingerprint(testApp.db) : undefined;
    const response = await call(tokenOf(holder, scope));
    expect(response.statusCode, `${route} (${scope}) as ${holder}: ${response.body.slice(0, 300)}`).toBe(expected);
    await MATRIX[route]!.after?.(holder, response);
    if (before) expect(await changedBesidesLastUse(before)).toEqual([]);
  });

  it.each(signedIn.map(([route]) => [route, scopeOf(route) ?? "no scope"] as const))(
    "%s (%s) refuses an admin's token of every other scope with 403, changing nothing",
    async (route, needed) => {
      const call = await preparedCall(route, "admin");
      const before = await databaseFingerprint(testApp.db);
      for (const scope of TOKEN_SCOPES.filter((scope) => scope !== needed)) {
        const response = await call(tokenOf("admin", scope));
        expect(response.statusCode, `${route} with ${scope}: ${response.body.slice(0, 300)}`).toBe(403);
        const { code, error } = response.json() as { code: string; error: string };
        if (needed === "no scope") {
          expect(code).toBe("api_token.route_not_allowed");
        } else {
          expect([code, error]).toEqual([
            "api_token.scope_missing",
            `This API token lacks the scope ${needed}, which this request needs.`,
          ]);
        }
      }
      expect(await changedBesidesLastUse(before)).toEqual([]);
    },
  );
});
