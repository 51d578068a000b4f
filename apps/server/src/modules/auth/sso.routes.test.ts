import { CompanySsoResponseSchema, LoginResponseSchema } from "@ideaport/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { refreshTokens, ssoSignIns, teamMemberships, users } from "../../db/schema/index.ts";
import { buildTestApp, createTestClient, type TestApp } from "../../test/app.ts";
import { buildCompany, buildTeam, buildUser } from "../../test/factories.ts";
import { startTestOAuthProvider, type TestOAuthProvider } from "../../test/oauth-provider.ts";
import { auditActionsOf } from "../companies/test-kit.ts";
import { addTeams } from "../teams/teams.service.ts";
import { signedInWithSsoSince } from "./auth.service.ts";

const CALLBACK = "http://localhost:8000/api/auth/sso/callback/";

let provider: TestOAuthProvider;
let testApp: TestApp;
let run = 0;

beforeAll(async () => {
  provider = await startTestOAuthProvider({ redirectUri: CALLBACK });
  testApp = await buildTestApp({ env: { INTEGRATIONS_ALLOW_PRIVATE_NETWORKS: "true" } });
});
afterAll(async () => {
  await testApp?.close();
  await provider?.close();
});
beforeEach(() => {
  run += 1;
});

/** A company with two teams and an admin whose verified e-mail is on the company's own domain. */
async function companyOnDomain(label: string) {
  const domain = `${label}${run}.test`;
  const company = await buildCompany(testApp.db);
  const team = await buildTeam(testApp.db, { companyId: company.id, name: "First team" });
  await buildTeam(testApp.db, { companyId: company.id, name: "Second team", createdAt: new Date(Date.now() + 60_000) });
  const admin = await buildUser(testApp.db, { teamId: team.id, isAdmin: true, email: `admin@${domain}` });
  const employee = await buildUser(testApp.db, { teamId: team.id, email: `erin.employee@${domain}` });
  return { domain, company, team, admin, employee, adminToken: await testApp.tokenFor(admin) };
}

function ssoSettings(domain: string, overrides: Record<string, unknown> = {}) {
  return {
    issuer: provider.issuer,
    client_id: provider.clientId,
    client_secret: provider.clientSecret,
    domains: [domain],
    required: false,
    ...overrides,
  };
}

async function configure(company: { domain: string; adminToken: string }, overrides: Record<string, unknown> = {}) {
  const response = await testApp.client.put("/api/company/sso/", ssoSettings(company.domain, overrides), {
    token: company.adminToken,
  });
  expect(response.statusCode, response.body).toBe(200);
  return CompanySsoResponseSchema.parse(response.json()).sso;
}

/** Starts a sign-in with `typedEmail`, signs in at the provider as `accountId`, and answers the callback's redirect. */
async function throughProvider(typedEmail: string, accountId = typedEmail, beforeCallback?: () => Promise<void>) {
  const client = createTestClient(testApp.app);
  const start = await client.post("/api/auth/sso/start/", { email: typedEmail });
  expect(start.statusCode, start.body).toBe(200);
  const redirectUrl = new URL(start.json<{ redirect_url: string }>().redirect_url);
  expect(redirectUrl.searchParams.get("code_challenge_method")).toBe("S256");
  expect(redirectUrl.searchParams.get("nonce")).toBeTruthy();
  const query = await provider.approve(redirectUrl.toString(), accountId);
  await beforeCallback?.();
  const callback = await client.get(`/api/auth/sso/callback/?${query}`);
  expect(callback.statusCode, callback.body).toBe(303);
  const location = new URL(String(callback.headers.location));
  expect(location.pathname).toBe("/login/sso");
  return { client, fragment: new URLSearchParams(location.hash.slice(1)), query };
}

async function complete(client: ReturnType<typeof createTestClient>, ticket: string) {
  return client.post("/api/auth/sso/complete/", { ticket });
}

describe("Company Settings → Sign-in", () => {
  it("saves the provider after discovering it, and never answers the client secret", async () => {
    const acme = await companyOnDomain("acme");
    const saved = await configure(acme, { required: true });

    expect(saved).toEqual({
      configured: true,
      issuer: provider.issuer,
      client_id: provider.clientId,
      has_client_secret: true,
      domains: [acme.domain],
      required: true,
      redirect_uri: CALLBACK,
    });
    const read = await testApp.client.get("/api/company/sso/", { token: acme.adminToken });
    expect(read.statusCode).toBe(200);
    expect(read.body).not.toContain(provider.clientSecret);
    expect(CompanySsoResponseSchema.parse(read.json()).sso.has_client_secret).toBe(true);
    expect(await auditActionsOf(testApp.db, acme.company.id)).toContain("sso.configured");
  });

  it("keeps the saved secret when a change leaves it empty, and asks for one the first time", async () => {
    const acme = await companyOnDomain("keep");
    const first = await testApp.client.put(
      "/api/company/sso/",
      ssoSettings(acme.domain, { client_secret: undefined }),
      { token: acme.adminToken },
    );
    expect(first.statusCode).toBe(400);
    expect(first.json()).toMatchObject({ code: "sso.client_secret_required" });

    await configure(acme);
    await configure(acme, { client_secret: "", required: true });
    const { fragment } = await throughProvider(`ann@${acme.domain}`);
    expect(fragment.get("ticket")).toBeTruthy();
  });

  it("refuses an issuer where no OpenID provider answers, with a readable message", async () => {
    const acme = await companyOnDomain("wrong");
    const response = await testApp.client.put(
      "/api/company/sso/",
      ssoSettings(acme.domain, { issuer: `${provider.issuer}/not-here` }),
      { token: acme.adminToken },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "sso.issuer_unreachable", error: expect.stringContaining("OpenID") });
    const read = await testApp.client.get("/api/company/sso/", { token: acme.adminToken });
    expect(read.json()).toMatchObject({ sso: { configured: false } });
  });

  it("refuses an issuer on a private address or plain http unless the installation allows private networks", async () => {
    const strictApp = await buildTestApp();
    try {
      const company = await buildCompany(strictApp.db);
      const team = await buildTeam(strictApp.db, { companyId: company.id });
      const admin = await buildUser(strictApp.db, { teamId: team.id, isAdmin: true, email: "admin@strict.test" });
      const response = await strictApp.client.put("/api/company/sso/", ssoSettings("strict.test"), {
        token: await strictApp.tokenFor(admin),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: "sso.issuer_refused" });
    } finally {
      await strictApp.close();
    }
  });

  it("lets an admin claim only the domain of their own verified e-mail", async () => {
    const acme = await companyOnDomain("own");
    const response = await testApp.client.put(
      "/api/company/sso/",
      ssoSettings(acme.domain, { domains: [acme.domain, `someone-else${run}.test`] }),
      { token: acme.adminToken },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: "sso.domain_not_yours" });

    await testApp.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, acme.admin.id));
    const unverified = await testApp.client.put("/api/company/sso/", ssoSettings(acme.domain), {
      token: acme.adminToken,
    });
    expect(unverified.statusCode).toBe(403);
  });

  it("keeps each company behind its wall: one company's domain cannot be claimed by another, nor its settings read", async () => {
    const acme = await companyOnDomain("wall");
    await configure(acme);
    // Another company whose admin's address is on the same domain.
    const other = await buildCompany(testApp.db);
    const otherTeam = await buildTeam(testApp.db, { companyId: other.id });
    const otherAdmin = await buildUser(testApp.db, {
      teamId: otherTeam.id,
      isAdmin: true,
      email: `boss@${acme.domain}`,
    });
    const otherToken = await testApp.tokenFor(otherAdmin);

    const claim = await testApp.client.put("/api/company/sso/", ssoSettings(acme.domain), { token: otherToken });
    expect(claim.statusCode).toBe(409);
    expect(claim.json()).toMatchObject({ code: "sso.domain_taken" });
    const read = await testApp.client.get("/api/company/sso/", { token: otherToken });
    expect(read.json()).toMatchObject({ sso: { configured: false, issuer: null, domains: [] } });

    const employee = await testApp.client.get("/api/company/sso/", { token: await testApp.tokenFor(acme.employee) });
    expect(employee.statusCode).toBe(403);
    const change = await testApp.client.put("/api/company/sso/", ssoSettings(acme.domain), {
      token: await testApp.tokenFor(acme.employee),
    });
    expect(change.statusCode).toBe(403);
  });
});

describe("signing in through the company's provider", () => {
  it("creates a new person of a claimed domain as an employee of the company, in its first team, and signs them in", async () => {
    const acme = await companyOnDomain("flow");
    await configure(acme);
    const email = `nora.newcomer@${acme.domain}`;

    const lookup = await testApp.client.post("/api/auth/sso/lookup/", { email });
    expect(lookup.json()).toMatchObject({ sso: true, required: false });
    const { client, fragment } = await throughProvider(email);
    const answer = await complete(client, fragment.get("ticket")!);

    expect(answer.statusCode, answer.body).toBe(200);
    const login = LoginResponseSchema.parse(answer.json());
    expect(Object.keys(answer.json()).sort()).toEqual(Object.keys(LoginResponseSchema.shape).sort());
    expect(login).toMatchObject({ email, displayName: "Nora Newcomer", role: "employee", is_admin: false });
    expect(login.company_id).toBe(acme.company.id);
    const [membership] = await testApp.db
      .select({ teamId: teamMemberships.teamId })
      .from(teamMemberships)
      .where(eq(teamMemberships.userId, login.userId));
    expect(membership?.teamId).toBe(acme.team.id);
    const me = await client.get("/api/users/current/", { token: login.access });
    expect(me.statusCode).toBe(200);
    const actions = await auditActionsOf(testApp.db, acme.company.id);
    expect(actions).toContain("auth.sso_sign_in_succeeded");
    expect(actions).toContain("user.joined_company");
  });

  it("puts a new person in the team named first when the company's teams were made together", async () => {
    const domain = `together${run}.test`;
    const company = await buildCompany(testApp.db);
    const made = await testApp.db.transaction((tx) => addTeams(tx, company.id, ["Zeta", "Alpha", "Mid", "Beta"]));
    const admin = await buildUser(testApp.db, { teamId: made[3]!.id, isAdmin: true, email: `admin@${domain}` });
    await configure({ domain, adminToken: await testApp.tokenFor(admin) });
    const { client, fragment } = await throughProvider(`nell.new@${domain}`);
    const login = LoginResponseSchema.parse((await complete(client, fragment.get("ticket")!)).json());

    expect(login.team.map((team) => team.name)).toEqual(["Zeta"]);
  });

  it("signs an existing person in to their own account and records that the session began with single sign-on", async () => {
    const acme = await companyOnDomain("existing");
    await configure(acme);
    const { client, fragment } = await throughProvider(acme.employee.email);
    const login = LoginResponseSchema.parse((await complete(client, fragment.get("ticket")!)).json());

    expect(login.userId).toBe(acme.employee.id);
    const [family] = await testApp.db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, acme.employee.id));
    const since = await signedInWithSsoSince(
      testApp.db,
      { userId: acme.employee.id, sessionId: family!.familyId },
      testApp.clock(),
    );
    expect(since).toEqual(testApp.clock());

    // The refreshed session keeps its mark; a password sign-in has none.
    const refreshed = await client.post("/api/token/refresh/", { refresh: login.refresh });
    expect(refreshed.statusCode).toBe(200);
    expect(
      await signedInWithSsoSince(
        testApp.db,
        { userId: acme.employee.id, sessionId: family!.familyId },
        testApp.clock(),
      ),
    ).toEqual(since);
    const password = await createTestClient(testApp.app).post("/api/auth/login/", {
      email: acme.employee.email,
      password: acme.employee.password,
    });
    expect(password.statusCode).toBe(200);
    const families = await testApp.db
      .select({ familyId: refreshTokens.familyId, ssoSignedInAt: refreshTokens.ssoSignedInAt })
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, acme.employee.id));
    const passwordFamily = families.find((row) => row.familyId !== family!.familyId)!;
    expect(
      await signedInWithSsoSince(
        testApp.db,
        { userId: acme.employee.id, sessionId: passwordFamily.familyId },
        testApp.clock(),
      ),
    ).toBeNull();
  });

  it("answers 404 sso.not_configured for a domain without single sign-on", async () => {
    const response = await testApp.client.post("/api/auth/sso/start/", { email: `someone@nobody${run}.test` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: "sso.not_configured" });
    const lookup = await testApp.client.post("/api/auth/sso/lookup/", { email: `someone@nobody${run}.test` });
    expect(lookup.json()).toMatchObject({ sso: false, required: false });
  });

  it("refuses a wrong state", async () => {
    const acme = await companyOnDomain("state");
    await configure(acme);
    const unknown = await testApp.client.get("/api/auth/sso/callback/?code=abc&state=made-up");
    expect(unknown.statusCode).toBe(303);
    expect(String(unknown.headers.location)).toMatch(/\/login\/sso#error=state_invalid$/);

    // A real answer of the provider, brought back with another sign-in's state.
    const { fragment } = await throughProvider(`sam@${acme.domain}`, `sam@${acme.domain}`, async () => {
      await testApp.db.delete(ssoSignIns).where(eq(ssoSignIns.companyId, acme.company.id));
    });
    expect(fragment.get("error")).toBe("state_invalid");
    expect(fragment.get("ticket")).toBeNull();
  });

  it("accepts a ticket once, and not after its minute", async () => {
    const acme = await companyOnDomain("ticket");
    await configure(acme);
    const first = await throughProvider(acme.employee.email);
    const ticket = first.fragment.get("ticket")!;
    expect((await complete(first.client, ticket)).statusCode).toBe(200);
    const replay = await complete(first.client, ticket);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: "sso.ticket_invalid" });

    const second = await throughProvider(acme.employee.email);
    testApp.clock.advance(61_000);
    expect((await complete(second.client, second.fragment.get("ticket")!)).statusCode).toBe(400);
  });

  it("refuses an ID token with another nonce", async () => {
    const acme = await companyOnDomain("nonce");
    await configure(acme);
    const { fragment } = await throughProvider(acme.employee.email, acme.employee.email, async () => {
      await testApp.db
        .update(ssoSignIns)
        .set({ nonce: "another-nonce" })
        .where(eq(ssoSignIns.companyId, acme.company.id));
    });
    expect(fragment.get("error")).toBe("token_invalid");
    expect(await auditActionsOf(testApp.db, acme.company.id)).toContain("auth.sso_sign_in_failed");
  });

  it.each([
    ["for another audience", (claims: Record<string, unknown>) => ({ ...claims, aud: "another-client" }), false],
    [
      "that expired",
      (claims: Record<string, unknown>) => ({
        ...claims,
        iat: Math.floor(Date.now() / 1000) - 7200,
        exp: Math.floor(Date.now() / 1000) - 3600,
      }),
      false,
    ],
    ["from another issuer", (claims: Record<string, unknown>) => ({ ...claims, iss: "https://evil.example" }), false],
    ["signed with a key the provider does not publish", (claims: Record<string, unknown>) => claims, true],
  ])("refuses an ID token %s", async (_case, change, foreignKey) => {
    const acme = await companyOnDomain("token");
    await configure(acme);
    provider.rewriteNextIdToken(change, { foreignKey });
    const { fragment } = await throughProvider(acme.employee.email);
    expect(fragment.get("error")).toBe("token_invalid");
  });

  it("refuses an e-mail address the provider has not verified", async () => {
    const acme = await companyOnDomain("unverified");
    await configure(acme);
    const email = `val@${acme.domain}`;
    provider.setClaims(email, { email_verified: false });
    const { fragment } = await throughProvider(email);
    expect(fragment.get("error")).toBe("email_unverified");
    const [created] = await testApp.db.select().from(users).where(eq(users.email, email));
    expect(created).toBeUndefined();
  });

  it("refuses an e-mail whose domain another company claimed", async () => {
    const acme = await companyOnDomain("mine");
    await configure(acme);
    const rival = await companyOnDomain("theirs");
    await configure(rival);
    const { fragment } = await throughProvider(`ann@${acme.domain}`, `ann@${rival.domain}`);
    expect(fragment.get("error")).toBe("domain_not_claimed");
    const [created] = await testApp.db
      .select()
      .from(users)
      .where(eq(users.email, `ann@${rival.domain}`));
    expect(created).toBeUndefined();
  });

  it("refuses a deactivated person", async () => {
    const acme = await companyOnDomain("inactive");
    await configure(acme);
    await testApp.db.update(users).set({ isActive: false }).where(eq(users.id, acme.employee.id));
    const { fragment } = await throughProvider(acme.employee.email);
    expect(fragment.get("error")).toBe("account_inactive");
  });

  it("tells /login/sso when the person refuses at the provider", async () => {
    const acme = await companyOnDomain("deny");
    await configure(acme);
    const client = createTestClient(testApp.app);
    const start = await client.post("/api/auth/sso/start/", { email: acme.employee.email });
    const query = await provider.deny(start.json<{ redirect_url: string }>().redirect_url);
    const callback = await client.get(`/api/auth/sso/callback/?${query}`);
    expect(String(callback.headers.location)).toMatch(/#error=denied$/);
  });
});

describe("Require single sign-on", () => {
  it("refuses password sign-in on the company's domains but lets the administrator in with theirs", async () => {
    const acme = await companyOnDomain("required");
    await configure(acme, { required: true });

    const employee = await createTestClient(testApp.app).post("/api/auth/login/", {
      email: acme.employee.email,
      password: acme.employee.password,
    });
    expect(employee.statusCode).toBe(403);
    expect(employee.json()).toMatchObject({ code: "auth.sso_required" });
    const stranger = await createTestClient(testApp.app).post("/api/auth/login/", {
      email: `nobody@${acme.domain}`,
      password: "whatever-it-is",
    });
    expect(stranger.json()).toMatchObject({ code: "auth.sso_required" });

    const admin = await createTestClient(testApp.app).post("/api/auth/login/", {
      email: acme.admin.email,
      password: acme.admin.password,
    });
    expect(admin.statusCode, admin.body).toBe(200);
    const lookup = await testApp.client.post("/api/auth/sso/lookup/", { email: acme.employee.email });
    expect(lookup.json()).toMatchObject({ sso: true, required: true });
  });

  it("leaves password sign-in alone when single sign-on is offered but not required", async () => {
    const acme = await companyOnDomain("optional");
    await configure(acme);
    const employee = await createTestClient(testApp.app).post("/api/auth/login/", {
      email: acme.employee.email,
      password: acme.employee.password,
    });
    expect(employee.statusCode).toBe(200);
  });
});

describe("Delete my account after single sign-on", () => {
  /** Signs `email` in through the provider; answers the session's tokens. */
  async function signInThroughProvider(email: string) {
    const { client, fragment } = await throughProvider(email);
    return { client, login: LoginResponseSchema.parse((await complete(client, fragment.get("ticket")!)).json()) };
  }

  function deleteAccount(client: ReturnType<typeof createTestClient>, access: string) {
    return client.request({ method: "DELETE", url: "/api/users/current/", body: {}, token: access });
  }

  it("asks for no password within 10 minutes of the sign-in, and for the password after them", async () => {
    const acme = await companyOnDomain("erase");
    await configure(acme);

    // The sessions list says how the session began.
    const stale = await signInThroughProvider(acme.employee.email);
    const sessions = await stale.client.get("/api/users/current/sessions/", { token: stale.login.access });
    expect(sessions.json().sessions).toEqual([
      expect.objectContaining({ is_current: true, sso_signed_in_at: testApp.clock().toISOString() }),
    ]);

    testApp.clock.advance(10 * 60 * 1000 + 1000);
    const refused = await deleteAccount(stale.client, stale.login.access);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().code).toBe("settings.current_password_incorrect");
    const [kept] = await testApp.db.select().from(users).where(eq(users.id, acme.employee.id));
    expect(kept).toMatchObject({ email: acme.employee.email, isActive: true, erasedAt: null });

    // Signed in again through the provider: that sign-in is the proof.
    const fresh = await signInThroughProvider(acme.employee.email);
    const erased = await deleteAccount(fresh.client, fresh.login.access);
    expect(erased.statusCode, erased.body).toBe(200);
    const [row] = await testApp.db.select().from(users).where(eq(users.id, acme.employee.id));
    expect(row).toMatchObject({ displayName: "Former colleague", isActive: false });
    expect(row!.erasedAt).not.toBeNull();
  });

  it("asks a password sign-in's session for the password, even right after a single sign-on elsewhere", async () => {
    const acme = await companyOnDomain("erasepw");
    await configure(acme);
    await signInThroughProvider(acme.employee.email);
    const client = createTestClient(testApp.app);
    const login = LoginResponseSchema.parse(
      (await client.post("/api/auth/login/", { email: acme.employee.email, password: acme.employee.password })).json(),
    );

    const refused = await deleteAccount(client, login.access);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().code).toBe("settings.current_password_incorrect");
  });
});
