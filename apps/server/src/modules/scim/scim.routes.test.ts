import { ScimTokensResponseSchema } from "@ideaport/shared";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { passwordResetTokens, scimTokens, users } from "../../db/schema/index.ts";
import { uniqueEmail } from "../../test/api-world.ts";
import { testAppPerTest } from "../../test/app.ts";
import { buildPerson, buildTeam } from "../../test/factories.ts";
import {
  buildProvisionedCompany,
  ERROR_SCHEMA,
  PATCH_OP,
  type ScimClient,
  scimClient,
  USER_SCHEMA,
} from "./scim.test-kit.ts";

const testApps = testAppPerTest();

const ADA = {
  schemas: [USER_SCHEMA],
  userName: "ada@acme.example",
  name: { givenName: "Ada", familyName: "Lovelace" },
  emails: [{ value: "ada@acme.example", type: "work", primary: true }],
  active: true,
};

describe("Company Settings → Provisioning: /api/company/scim-tokens/", () => {
  it("creates a token shown once, lists it by name without its text, and keeps only its hash", async () => {
    const app = await testApps.start();
    const { admin, token, tokenId, scim } = await buildProvisionedCompany(app);
    expect(token).toMatch(/^ideaport_scim_[A-Za-z0-9_-]{43}$/);

    const listed = await app.client.get("/api/company/scim-tokens/", { token: admin.token });
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(token);
    const [entry] = ScimTokensResponseSchema.parse(listed.json()).tokens;
    expect(entry).toMatchObject({ id: tokenId, name: "Acme IdP", last_used_at: null });

    const [row] = await app.db.select().from(scimTokens).where(eq(scimTokens.id, tokenId));
    expect(row!.tokenHash).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);

    expect((await scim.get("/Users")).status).toBe(200);
    const afterUse = ScimTokensResponseSchema.parse(
      (await app.client.get("/api/company/scim-tokens/", { token: admin.token })).json(),
    );
    expect(afterUse.tokens[0]!.last_used_at).toBe(app.clock().toISOString());
  });

  it("revokes a token: the next SCIM request with it answers 401 in SCIM's error shape", async () => {
    const app = await testApps.start();
    const { admin, tokenId, scim } = await buildProvisionedCompany(app);
    expect((await scim.get("/Users")).status).toBe(200);

    const revoked = await app.client.delete(`/api/company/scim-tokens/${tokenId}/`, { token: admin.token });
    expect(revoked.statusCode).toBe(200);

    const refused = await scim.get("/Users");
    expect(refused.status).toBe(401);
    expect(refused.headers["www-authenticate"]).toContain("Bearer");
    expect(refused.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: "401" });
    const listed = await app.client.get("/api/company/scim-tokens/", { token: admin.token });
    expect(listed.json().tokens).toEqual([]);
    const again = await app.client.delete(`/api/company/scim-tokens/${tokenId}/`, { token: admin.token });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe("scim_token.not_found");
  });

  it("answers 400 for a token without a name, and creates nothing", async () => {
    const app = await testApps.start();
    const { admin } = await buildProvisionedCompany(app);
    const response = await app.client.post("/api/company/scim-tokens/", { name: "   " }, { token: admin.token });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.name).toBe("Please name the token, e.g. after the identity provider that uses it.");
    expect(await app.db.$count(scimTokens)).toBe(1);
  });

  it("answers 403 to employees and managers, and 404 to another company's admin revoking the token", async () => {
    const app = await testApps.start();
    const { defaultTeam, tokenId, scim } = await buildProvisionedCompany(app);
    const employee = await buildPerson(app, { teamId: defaultTeam.id });
    const manager = await buildPerson(app, { teamId: defaultTeam.id, role: "manager" });
    for (const person of [employee, manager]) {
      expect((await app.client.get("/api/company/scim-tokens/", { token: person.token })).statusCode).toBe(403);
      expect(
        (await app.client.post("/api/company/scim-tokens/", { name: "Mine" }, { token: person.token })).statusCode,
      ).toBe(403);
      expect(
        (await app.client.delete(`/api/company/scim-tokens/${tokenId}/`, { token: person.token })).statusCode,
      ).toBe(403);
    }
    const other = await buildProvisionedCompany(app, "Globex");
    const response = await app.client.delete(`/api/company/scim-tokens/${tokenId}/`, { token: other.admin.token });
    expect(response.statusCode).toBe(404);
    expect((await scim.get("/Users")).status).toBe(200);
  });
});

describe("/scim/v2/ authentication", () => {
  it("refuses a request without a token, with a person's access token, and with a made-up token", async () => {
    const app = await testApps.start();
    const { admin } = await buildProvisionedCompany(app);
    for (const token of [null, admin.token, "ideaport_scim_madeup", "nonsense"]) {
      const answer = await scimClient(app, token).get("/Users");
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: "401" });
    }
  });

  it("needs no CSRF token: a bearer token is no cookie a browser would send by itself", async () => {
    const app = await testApps.start();
    const { scim } = await buildProvisionedCompany(app);
    expect((await scim.post("/Users", ADA)).status).toBe(201);
  });

  it("limits requests per token: one token's flood does not spend another's", async () => {
    const app = await testApps.start({ env: { RATE_LIMIT_MULTIPLIER: "0.005" } });
    const first = await buildProvisionedCompany(app, "Flood");
    const second = await buildProvisionedCompany(app, "Calm");
    const statuses: number[] = [];
    for (let index = 0; index < 4; index++) statuses.push((await first.scim.get("/Users")).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await first.scim.get("/Users");
    expect(limited.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: "429" });
    expect((await second.scim.get("/Users")).status).toBe(200);
  });
});

describe("/scim/v2/ tenant walls", () => {
  it("lets a token of company A neither see nor change company B's people and teams", async () => {
    const app = await testApps.start();
    const a = await buildProvisionedCompany(app, "Alpha");
    const b = await buildProvisionedCompany(app, "Beta");
    const bob = (await b.scim.post("/Users", { ...ADA, userName: "bob@beta.example", emails: [] })).body;
    const bTeam = (await b.scim.post("/Groups", { displayName: "Beta team" })).body;

    const listed = await a.scim.get(`/Users?filter=${encodeURIComponent('userName eq "bob@beta.example"')}`);
    expect(listed.body.totalResults).toBe(0);
    expect((await a.scim.get("/Users")).body.Resources.map((user: { id: string }) => user.id)).toEqual([a.admin.id]);
    expect((await a.scim.get("/Groups")).body.Resources.map((group: { id: string }) => group.id)).toEqual([
      a.defaultTeam.id,
    ]);
    expect((await a.scim.get(`/Users/${bob.id}`)).status).toBe(404);
    expect((await a.scim.get(`/Groups/${bTeam.id}`)).status).toBe(404);
    const deactivate = { schemas: [PATCH_OP], Operations: [{ op: "replace", value: { active: false } }] };
    expect((await a.scim.patch(`/Users/${bob.id}`, deactivate)).status).toBe(404);
    expect((await a.scim.put(`/Users/${bob.id}`, { ...ADA, userName: "bob@beta.example" })).status).toBe(404);
    expect((await a.scim.delete(`/Users/${bob.id}`)).status).toBe(404);
    const rename = { schemas: [PATCH_OP], Operations: [{ op: "replace", path: "displayName", value: "Taken over" }] };
    expect((await a.scim.patch(`/Groups/${bTeam.id}`, rename)).status).toBe(404);
    expect((await a.scim.delete(`/Groups/${bTeam.id}`)).status).toBe(404);

    // Nor can A pull B's person into one of its teams.
    const pull = { schemas: [PATCH_OP], Operations: [{ op: "add", path: "members", value: [{ value: bob.id }] }] };
    const pulled = await a.scim.patch(`/Groups/${a.defaultTeam.id}`, pull);
    expect(pulled.status).toBe(400);
    expect(pulled.body.scimType).toBe("invalidValue");

    // B's person and team are as they were.
    expect((await b.scim.get(`/Users/${bob.id}`)).body).toMatchObject({
      active: true,
      groups: [{ value: b.defaultTeam.id }],
    });
    expect((await b.scim.get(`/Groups/${bTeam.id}`)).body.displayName).toBe("Beta team");
  });

  it("answers 409 uniqueness when A creates someone whose e-mail belongs to B's person, changing nothing of B's", async () => {
    const app = await testApps.start();
    const a = await buildProvisionedCompany(app, "Alpha");
    const b = await buildProvisionedCompany(app, "Beta");
    const answer = await a.scim.post("/Users", { ...ADA, userName: b.admin.email, emails: [] });
    expect(answer.status).toBe(409);
    expect(answer.body.scimType).toBe("uniqueness");
    const [row] = await app.db.select().from(users).where(eq(users.id, b.admin.id));
    expect(row).toMatchObject({ companyId: b.company.id, isActive: true });
  });
});

describe("/scim/v2/ people", () => {
  it("provisions a person into the company's default team as an employee, who can set a password through Forgot password", async () => {
    const app = await testApps.start();
    const { company, defaultTeam, scim } = await buildProvisionedCompany(app);
    await buildTeam(app.db, { companyId: company.id, name: "Newer team" });
    // A fresh address: requests for a reset are counted per address, in Redis when it is configured.
    const email = uniqueEmail("ada");
    const created = await scim.post("/Users", { ...ADA, userName: email, emails: [] });
    expect(created.status).toBe(201);
    expect(created.body.groups).toEqual([expect.objectContaining({ value: defaultTeam.id })]);
    const [row] = await app.db.select().from(users).where(eq(users.id, created.body.id));
    expect(row).toMatchObject({ role: "employee", isAdmin: false, companyId: company.id, isActive: true });
    expect(row!.emailVerifiedAt).not.toBeNull();
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    const reset = await app.client.post("/api/password-reset/request/", { email });
    expect(reset.statusCode).toBe(200);
    // The reset link is made after the answer (its timing tells nothing about the address).
    await expect.poll(async () => app.db.$count(passwordResetTokens, eq(passwordResetTokens.userId, row!.id))).toBe(1);
  });

  it("lets a person deactivated by SCIM sign in again once reactivated", async () => {
    const app = await testApps.start();
    const { defaultTeam, scim } = await buildProvisionedCompany(app);
    const grace = await buildPerson(app, { teamId: defaultTeam.id });
    const patchActive = (value: unknown) =>
      scim.patch(`/Users/${grace.id}`, { schemas: [PATCH_OP], Operations: [{ op: "Replace", path: "active", value }] });
    const signIn = () => app.client.post("/api/auth/login/", { email: grace.email, password: grace.password });

    expect((await patchActive("False")).body.active).toBe(false);
    expect((await app.client.get("/api/users/current/", { token: grace.token })).statusCode).toBe(401);
    expect((await signIn()).statusCode).not.toBe(200);
    expect((await patchActive("True")).body.active).toBe(true);
    expect((await signIn()).statusCode).toBe(200);
  });

  it("refuses to deactivate the company's last active admin (409), leaving them active", async () => {
    const app = await testApps.start();
    const { admin, scim } = await buildProvisionedCompany(app);
    const answer = await scim.patch(`/Users/${admin.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: "replace", value: { active: false } }],
    });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: "409" });
    expect((await scim.get(`/Users/${admin.id}`)).body.active).toBe(true);
  });

  it("brings back a person SCIM deleted when it creates them again", async () => {
    const app = await testApps.start();
    const { scim } = await buildProvisionedCompany(app);
    const first = (await scim.post("/Users", ADA)).body;
    expect((await scim.delete(`/Users/${first.id}`)).status).toBe(204);
    expect(
      (await scim.get(`/Users?filter=${encodeURIComponent('userName eq "ada@acme.example"')}`)).body.totalResults,
    ).toBe(0);
    const again = await scim.post("/Users", ADA);
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ id: first.id, active: true });
  });

  it("pages with startIndex and count, totalResults counting every match", async () => {
    const app = await testApps.start();
    const { scim } = await buildProvisionedCompany(app);
    for (const name of ["a", "b", "c"]) {
      await scim.post("/Users", { ...ADA, userName: `${name}@acme.example`, emails: [] });
    }
    const page = await scim.get("/Users?startIndex=2&count=2");
    expect(page.body).toMatchObject({ totalResults: 4, startIndex: 2, itemsPerPage: 2 });
    expect(page.body.Resources.map((user: { userName: string }) => user.userName)).toEqual([
      "a@acme.example",
      "b@acme.example",
    ]);
    expect((await scim.get("/Users?count=0")).body).toMatchObject({ totalResults: 4, itemsPerPage: 0, Resources: [] });
  });
});

describe("/scim/v2/ in the audit log", () => {
  it("names the token as who provisioned the person, in the log and its CSV", async () => {
    const app = await testApps.start();
    const { admin, scim } = await buildProvisionedCompany(app);
    const ada = (await scim.post("/Users", ADA)).body;
    const log = await app.client.get("/api/audit-log/?action=scim.user_provisioned", { token: admin.token });
    expect(log.statusCode).toBe(200);
    expect(log.json().entries).toEqual([
      expect.objectContaining({
        action: "scim.user_provisioned",
        actor: expect.objectContaining({ name: "Acme IdP", email: "" }),
        target_type: "user",
        target_id: ada.id,
        target_name: "Ada Lovelace",
      }),
    ]);
    const csv = await app.client.get("/api/audit-log.csv?action=scim.user_provisioned", { token: admin.token });
    expect(csv.body).toContain(",Acme IdP,,scim.user_provisioned,Person added by SCIM,user,Ada Lovelace,");
  });
});

describe("/scim/v2/ groups", () => {
  const removeMember = (userId: string) => ({
    schemas: [PATCH_OP],
    Operations: [{ op: "remove", path: `members[value eq "${userId}"]` }],
  });

  it("moves a person taken out of their only team into the default team, so everyone keeps a team", async () => {
    const app = await testApps.start();
    const { defaultTeam, scim } = await buildProvisionedCompany(app);
    const ada = (await scim.post("/Users", ADA)).body;
    const research = (await scim.post("/Groups", { displayName: "Research", members: [{ value: ada.id }] })).body;

    expect((await scim.patch(`/Groups/${defaultTeam.id}`, removeMember(ada.id))).status).toBe(200);
    expect((await scim.get(`/Users/${ada.id}`)).body.groups.map((group: { value: string }) => group.value)).toEqual([
      research.id,
    ]);
    expect((await scim.patch(`/Groups/${research.id}`, removeMember(ada.id))).status).toBe(200);
    expect((await scim.get(`/Users/${ada.id}`)).body.groups.map((group: { value: string }) => group.value)).toEqual([
      defaultTeam.id,
    ]);
  });

  it("refuses to delete the company's last team (409) and answers 409 uniqueness for a taken team name", async () => {
    const app = await testApps.start();
    const { defaultTeam, scim } = await buildProvisionedCompany(app);
    const refused = await scim.delete(`/Groups/${defaultTeam.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe("The company's last team cannot be deleted: every person belongs to a team.");
    expect((await scim.get(`/Groups/${defaultTeam.id}`)).status).toBe(200);
    const taken = await scim.post("/Groups", { displayName: "EVERYONE" });
    expect(taken.status).toBe(409);
    expect(taken.body.scimType).toBe("uniqueness");
  });
});

describe("/scim/v2/ errors", () => {
  const cases: [string, (scim: ScimClient, id: string) => ReturnType<ScimClient["get"]>, number, string | undefined][] =
    [
      [
        "a filter that does not parse",
        (scim) => scim.get(`/Users?filter=${encodeURIComponent("userName eq")}`),
        400,
        "invalidFilter",
      ],
      [
        "a filter on an attribute not kept",
        (scim) => scim.get(`/Users?filter=${encodeURIComponent('title eq "CEO"')}`),
        400,
        "invalidFilter",
      ],
      [
        "an op that is not add, replace or remove",
        (scim, id) => scim.patch(`/Users/${id}`, { Operations: [{ op: "move", path: "active", value: true }] }),
        400,
        "invalidSyntax",
      ],
      [
        "a remove without a path",
        (scim, id) => scim.patch(`/Users/${id}`, { Operations: [{ op: "remove" }] }),
        400,
        "noTarget",
      ],
      [
        "a path naming nothing",
        (scim, id) => scim.patch(`/Users/${id}`, { Operations: [{ op: "replace", path: "shoeSize", value: 42 }] }),
        400,
        "noTarget",
      ],
      [
        "a change of the id",
        (scim, id) => scim.patch(`/Users/${id}`, { Operations: [{ op: "replace", path: "id", value: "x" }] }),
        400,
        "mutability",
      ],
      [
        "active that is no boolean",
        (scim, id) => scim.patch(`/Users/${id}`, { Operations: [{ op: "replace", path: "active", value: "maybe" }] }),
        400,
        "invalidValue",
      ],
      [
        "a user without userName",
        (scim) => scim.post("/Users", { name: { givenName: "Nobody" } }),
        400,
        "invalidValue",
      ],
      [
        "a userName that is no address, without emails",
        (scim) => scim.post("/Users", { userName: "just-a-name" }),
        400,
        "invalidValue",
      ],
      [
        "a PATCH without Operations",
        (scim, id) => scim.patch(`/Users/${id}`, { schemas: [PATCH_OP] }),
        400,
        "invalidSyntax",
      ],
      ["an unknown resource", (scim) => scim.get("/Users/00000000-0000-4000-8000-000000000000"), 404, undefined],
      ["an id that is no UUID", (scim) => scim.get("/Users/not-a-uuid"), 404, undefined],
      ["an endpoint SCIM does not have", (scim) => scim.get("/Bulk"), 404, undefined],
    ];

  it.each(cases)("answers %s in SCIM's error shape", async (_name, send, status, scimType) => {
    const app = await testApps.start();
    const { admin, scim } = await buildProvisionedCompany(app);
    const answer = await send(scim, admin.id);
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: String(status) });
    expect(answer.body.scimType).toBe(scimType);
    expect(typeof answer.body.detail).toBe("string");
  });

  it("answers a body that is not JSON with 400 invalidSyntax, and XML with 415", async () => {
    const app = await testApps.start();
    const { token } = await buildProvisionedCompany(app);
    const send = (payload: string, contentType: string) =>
      app.app.inject({
        method: "POST",
        url: "/scim/v2/Users",
        headers: { authorization: `Bearer ${token}`, "content-type": contentType },
        payload,
      });
    const broken = await send("{not json", "application/scim+json");
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ schemas: [ERROR_SCHEMA], status: "400", scimType: "invalidSyntax" });
    const text = await send("<user/>", "application/xml");
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ schemas: [ERROR_SCHEMA], status: "415" });
    const plainJson = await send(JSON.stringify(ADA), "application/json");
    expect(plainJson.statusCode).toBe(201);
  });
});
