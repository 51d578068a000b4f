import { ApiTokensResponseSchema, api, type Endpoint, type TokenScope } from "@ideaport/shared";
import { and, eq } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { apiTokens, auditLog } from "../../db/schema/index.ts";
import { hashSecretToken } from "../../lib/secret-token.ts";
import { type TestApp, testAppPerTest } from "../../test/app.ts";
import { buildCompany, buildPerson, buildTeam, type Person } from "../../test/factories.ts";

const testApps = testAppPerTest();

async function companyOf(app: TestApp) {
  const company = await buildCompany(app.db);
  const team = await buildTeam(app.db, { companyId: company.id });
  const admin = await buildPerson(app, { teamId: team.id, role: "manager", isAdmin: true });
  const employee = await buildPerson(app, { teamId: team.id });
  return { company, team, admin, employee };
}

async function createToken(
  app: TestApp,
  person: Person,
  scopes: TokenScope[],
  options: { name?: string; days?: number } = {},
): Promise<{ id: string; token: string }> {
  const response = await app.client.post(
    "/api/tokens/",
    { name: options.name ?? "Nightly export", expires_in_days: options.days ?? 30, scopes },
    { token: person.token },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function listTokens(app: TestApp, person: Person) {
  const response = await app.client.get("/api/tokens/", { token: person.token });
  expect(response.statusCode, response.body).toBe(200);
  return ApiTokensResponseSchema.parse(response.json()).tokens;
}

describe("API tokens: create, list, revoke", () => {
  it("creates a token shown once (ipt_…, stored only hashed), lists it without its text, and audits it", async () => {
    const app = await testApps.start();
    const { employee } = await companyOf(app);

    const created = await createToken(app, employee, ["ideas:write", "ideas:read", "ideas:read"]);

    expect(created.token).toMatch(/^ipt_[A-Za-z0-9_-]{43}$/);
    const [row] = await app.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(row!.tokenHash).toBe(hashSecretToken(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token);
    const tokens = await listTokens(app, employee);
    expect(tokens).toEqual([
      {
        id: created.id,
        name: "Nightly export",
        scopes: ["ideas:read", "ideas:write"],
        created_at: "2026-11-22T09:00:00.000Z",
        expires_at: "2026-12-22T09:00:00.000Z",
        last_used_at: null,
      },
    ]);
    expect(JSON.stringify(tokens)).not.toContain(created.token);
    const audits = await app.db.select().from(auditLog).where(eq(auditLog.targetId, created.id));
    expect(audits.map((entry) => [entry.action, entry.actorId])).toEqual([["api_token.created", employee.id]]);
  });

  it("gives the admin scope to admins only", async () => {
    const app = await testApps.start();
    const { admin, employee } = await companyOf(app);
    const refused = await app.client.post(
      "/api/tokens/",
      { name: "Mine", expires_in_days: 30, scopes: ["admin"] },
      { token: employee.token },
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: "api_token.admin_scope_forbidden",
      error: "Only administrators can give a token the admin scope.",
    });
    expect(await listTokens(app, employee)).toEqual([]);
    await createToken(app, admin, ["admin"]);
    expect((await listTokens(app, admin)).map((token) => token.scopes)).toEqual([["admin"]]);
  });

  it("refuses a body without a name, scopes or a known lifetime, naming each field", async () => {
    const app = await testApps.start();
    const { employee } = await companyOf(app);
    const response = await app.client.post(
      "/api/tokens/",
      { name: " ", expires_in_days: 12, scopes: [] },
      { token: employee.token },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      name: "Please name the token, e.g. after the script or tool that uses it.",
      expires_in_days: "Choose when the token expires: in 7, 30, 90 or 365 days.",
      scopes: "Choose at least one scope.",
    });
    const unknownScope = await app.client.post(
      "/api/tokens/",
      { name: "x", expires_in_days: 7, scopes: ["everything"] },
      { token: employee.token },
    );
    expect(unknownScope.statusCode).toBe(400);
    expect(await listTokens(app, employee)).toEqual([]);
  });

  it("revokes a token at once: the next request with it is refused, the list drops it, the log says so", async () => {
    const app = await testApps.start();
    const { employee } = await companyOf(app);
    const { id, token } = await createToken(app, employee, ["ideas:read"]);
    expect((await app.client.get("/api/project-ideas/", { token })).statusCode).toBe(200);

    const revoked = await app.client.delete(`/api/tokens/${id}/`, { token: employee.token });
    expect(revoked.statusCode, revoked.body).toBe(200);

    const refused = await app.client.get("/api/project-ideas/", { token });
    expect(refused.statusCode).toBe(401);
    expect(await listTokens(app, employee)).toEqual([]);
    expect((await app.client.delete(`/api/tokens/${id}/`, { token: employee.token })).statusCode).toBe(404);
    const audits = await app.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audits.map((entry) => entry.action).sort()).toEqual(["api_token.created", "api_token.revoked"]);
  });

  it("walls tokens off: another person, of the same company or another, neither sees nor revokes them (404)", async () => {
    const app = await testApps.start();
    const { admin, employee } = await companyOf(app);
    const other = await companyOf(app);
    const { id, token } = await createToken(app, employee, ["ideas:read"]);

    for (const stranger of [admin, other.admin, other.employee]) {
      expect(await listTokens(app, stranger)).toEqual([]);
      const response = await app.client.delete(`/api/tokens/${id}/`, { token: stranger.token });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe("api_token.not_found");
    }
    expect((await app.client.get("/api/project-ideas/", { token })).statusCode).toBe(200);
    expect(await listTokens(app, employee)).toHaveLength(1);
  });
});

describe("calling the API with a token", () => {
  it("acts as its person on a route its scope opens, with no CSRF token, and sees only their company", async () => {
    const app = await testApps.start();
    const { employee } = await companyOf(app);
    const other = await companyOf(app);
    const created = await app.client.post(
      "/api/project-ideas/",
      { title: "Solar roof on the depot", description: "Cut the power bill." },
      { token: other.employee.token },
    );
    expect(created.statusCode, created.body).toBe(200);
    const { token } = await createToken(app, employee, ["ideas:read", "ideas:write"]);

    const idea = await app.client.post(
      "/api/project-ideas/",
      { title: "Bike racks by the entrance", description: "Twenty places." },
      { token, withoutCsrf: true },
    );
    expect(idea.statusCode, idea.body).toBe(200);
    expect(idea.json().idea.author.id ?? idea.json().idea.author_id).toBe(employee.id);
    const list = await app.client.get("/api/project-ideas/", { token });
    expect(list.json().ideas.map((row: { title: string }) => row.title)).toEqual(["Bike racks by the entrance"]);
    const foreign = await app.client.get(`/api/project-ideas/${created.json().idea.id}/`, { token });
    expect(foreign.statusCode).toBe(404);
  });

  it("refuses a route outside its scopes (403, naming the scope) and routes no token may call (403)", async () => {
    const app = await testApps.start();
    const { employee } = await companyOf(app);
    const { token } = await createToken(app, employee, ["ideas:read"]);

    const challenges = await app.client.get("/api/challenges/", { token });
    expect(challenges.statusCode).toBe(403);
    expect(challenges.json()).toMatchObject({
      code: "api_token.scope_missing",
      error: "This API token lacks the scope challenges:read, which this request needs.",
    });
    for (const url of ["/api/tokens/", "/api/users/current/sessions/", "/api/users/current/"]) {
      const response = await app.client.get(url, { token });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().code).toBe("api_token.route_not_allowed");
    }
    const minted = await app.client.post(
      "/api/tokens/",
      { name: "Escalate", expires_in_days: 365, scopes: ["ideas:write"] },
      { token },
    );
    expect(minted.statusCode).toBe(403);
    expect(await listTokens(app, employee)).toHaveLength(1);
  });

  it("keeps CSRF for cookie-borne calls: a token beside the refresh cookie does not skip the check", async () => {
    const app = await testApps.start();
    const { employee } = await companyOf(app);
    const { token } = await createToken(app, employee, ["ideas:read"]);
    const login = await app.client.post("/api/auth/login/", { email: employee.email, password: employee.password });
    const cookies = login.headers["set-cookie"];
    const cookieHeader = (Array.isArray(cookies) ? cookies : [cookies ?? ""]).map((c) => c.split(";")[0]).join("; ");

    const refresh = await app.app.inject({
      method: "POST",
      url: "/api/token/refresh/",
      headers: { authorization: `Bearer ${token}`, cookie: cookieHeader, "content-type": "application/json" },
      payload: {},
    });
    expect(refresh.statusCode).toBe(403);
    expect(refresh.json().code).toBe("csrf.invalid");
  });

  it("stops at once when its person is deactivated, and never reaches beyond their role", async () => {
    const app = await testApps.start();
    const { admin, employee } = await companyOf(app);
    const employeeToken = (await createToken(app, employee, ["ideas:read"])).token;
    const adminToken = (await createToken(app, admin, ["admin"])).token;
    expect((await app.client.get("/api/audit-log/", { token: adminToken })).statusCode).toBe(200);

    // The admin is no longer one: the token's admin scope no longer opens admin routes.
    const demote = await app.client.patch(
      `/api/company/users/${admin.id}/`,
      { is_admin: false, role: "employee" },
      { token: (await companyPeer(app, admin)).token },
    );
    expect(demote.statusCode, demote.body).toBe(200);
    expect((await app.client.get("/api/audit-log/", { token: adminToken })).statusCode).toBe(403);

    const deactivate = await app.client.patch(
      `/api/company/users/${employee.id}/`,
      { is_active: false },
      { token: (await companyPeer(app, admin)).token },
    );
    expect(deactivate.statusCode, deactivate.body).toBe(200);
    const refused = await app.client.get("/api/project-ideas/", { token: employeeToken });
    expect(refused.statusCode).toBe(401);
  });

  it("expires at the end of its lifetime", async () => {
    const app = await testApps.start();
    const { employee } = await companyOf(app);
    const { token } = await createToken(app, employee, ["ideas:read"], { days: 7 });
    app.clock.advance(7 * 24 * 3_600_000 - 1000);
    expect((await app.client.get("/api/project-ideas/", { token })).statusCode).toBe(200);
    app.clock.advance(1000);
    expect((await app.client.get("/api/project-ideas/", { token })).statusCode).toBe(401);
    expect(await listTokens(app, { ...employee, token: await app.tokenFor(employee) })).toEqual([]);
  });

  it("notes its last use, at most once a minute", async () => {
    const app = await testApps.start();
    const { employee } = await companyOf(app);
    const { token, id } = await createToken(app, employee, ["ideas:read"]);
    const lastUsed = async () =>
      (
        await app.db
          .select()
          .from(apiTokens)
          .where(and(eq(apiTokens.id, id)))
      )[0]!.lastUsedAt?.toISOString() ?? null;

    await app.client.get("/api/project-ideas/", { token });
    expect(await lastUsed()).toBe("2026-11-22T09:00:00.000Z");
    app.clock.advance(30_000);
    await app.client.get("/api/project-ideas/", { token });
    expect(await lastUsed()).toBe("2026-11-22T09:00:00.000Z");
    app.clock.advance(30_000);
    await app.client.get("/api/project-ideas/", { token });
    expect(await lastUsed()).toBe("2026-11-22T09:01:00.000Z");
    expect((await listTokens(app, employee))[0]!.last_used_at).toBe("2026-11-22T09:01:00.000Z");
  });

  it("counts each token in its own bucket: a spent token answers 429 while its person and other tokens go on", async () => {
    const app = await testApps.start({ env: { RATE_LIMIT_MULTIPLIER: "0.1" } });
    const { employee } = await companyOf(app);
    const first = (await createToken(app, employee, ["ideas:read"])).token;
    const second = (await createToken(app, employee, ["ideas:read"], { name: "Second" })).token;

    // 300 a minute scaled by 0.1: 30 requests a minute per token.
    for (let i = 0; i < 30; i++)
      expect((await app.client.get("/api/project-ideas/", { token: first })).statusCode).toBe(200);
    const spent = await app.client.get("/api/project-ideas/", { token: first });
    expect(spent.statusCode).toBe(429);
    expect(spent.json().code).toBe("request.rate_limited");
    expect((await app.client.get("/api/project-ideas/", { token: second })).statusCode).toBe(200);
    expect((await app.client.get("/api/project-ideas/", { token: employee.token })).statusCode).toBe(200);
  });
});

/** Another admin of the person's company, to change them. */
async function companyPeer(app: TestApp, person: Person): Promise<Person> {
  return buildPerson(app, { companyId: person.companyId, role: "manager", isAdmin: true });
}

describe("the OpenAPI document", () => {
  it("names each route's token scope, or says it accepts no API token", async () => {
    const app = await testApps.start();
    const document = (await app.client.get("/api/docs/")).json() as {
      paths: Record<
        string,
        Record<string, { "x-token-scope"?: string | null; description?: string; security?: unknown }>
      >;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(document.components.securitySchemes.apiToken).toMatchObject({ type: "http", scheme: "bearer" });
    const documented = Object.values(api as Record<string, Endpoint>).filter((endpoint) => endpoint.auth);
    expect(documented.length).toBeGreaterThan(80);
    for (const endpoint of documented) {
      const path = endpoint.path.replace(/:([A-Za-z_]+)/g, "{$1}");
      const operation = document.paths[path]?.[endpoint.method.toLowerCase()];
      expect(operation, `${endpoint.method} ${path}`).toBeDefined();
      expect(operation!["x-token-scope"], `${endpoint.method} ${path}`).toBe(endpoint.tokenScope);
      expect(operation!.description).toBe(
        endpoint.tokenScope ? `API token scope: \`${endpoint.tokenScope}\`.` : "API tokens are not accepted here.",
      );
    }
    expect(document.paths["/api/project-ideas/"]!.get!["x-token-scope"]).toBe("ideas:read");
    expect(document.paths["/api/tokens/"]!.post!["x-token-scope"]).toBeNull();
  });
});

describe("bearer texts that are no live token", () => {
  it("answer 401 on a token route, never 5xx, whatever follows the prefix", async () => {
    const app = await testApps.start();
    const { employee } = await companyOf(app);
    await createToken(app, employee, ["ideas:read"]);
    await fc.assert(
      // Header values are visible ASCII: whatever of it follows the prefix.
      fc.asyncProperty(fc.stringMatching(/^[!-~]{0,300}$/), async (tail) => {
        const response = await app.app.inject({
          method: "GET",
          url: "/api/project-ideas/",
          headers: { authorization: `Bearer ipt_${tail}` },
        });
        expect(response.statusCode).toBe(401);
        expect(response.json().code).toBe("auth.token_invalid");
      }),
      { numRuns: 60, seed: 20_261_129 },
    );
  });
});
