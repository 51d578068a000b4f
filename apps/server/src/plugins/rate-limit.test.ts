import { randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_GUESS_LIMITS } from "../modules/auth/auth.routes.ts";
import { VERIFY_COMPANY_GUESS_LIMIT } from "../modules/companies/companies.routes.ts";
import { buildCompanyWithAdmin, buildMember } from "../modules/companies/test-kit.ts";
import { createTestClient, type TestClient, testAppPerTest } from "../test/app.ts";
import { buildCompany, buildUser, DEFAULT_USER_PASSWORD } from "../test/factories.ts";
import { type MailPeer, startMailPeer } from "../test/mail-peer.ts";
import { ROUTE_RATE_LIMITS } from "./route-rate-limits.ts";

const testApps = testAppPerTest();

async function start(env: Record<string, string> = {}) {
  const testApp = await testApps.start({ env });
  return testApp;
}

const limitOf = (route: string) => {
  const limit = ROUTE_RATE_LIMITS.get(route);
  if (!limit || limit === "unlimited") throw new Error(`${route} has no limit`);
  return limit;
};

/** Sends `count` requests one after another and answers their status codes. */
async function repeat(count: number, send: (index: number) => Promise<LightMyRequestResponse>) {
  const statuses: number[] = [];
  for (let index = 0; index < count; index++) statuses.push((await send(index)).statusCode);
  return statuses;
}

function expectRateLimited(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toMatchObject({ success: false, code: "request.rate_limited" });
  expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
}

/** Headers of a client behind one proxy (TRUST_PROXY=1) at `address`. */
const from = (address: string) => ({ headers: { "x-forwarded-for": address } });

describe("route rate limits", () => {
  it("gives every API route its row of the table, counted per person on signed-in routes", async () => {
    const app = await start({ CSP_REPORTING: "true" });
    const { team, admin } = await buildCompanyWithAdmin(app.db);
    const employee = await buildMember(app.db, team);
    const adminToken = await app.tokenFor(admin);
    const employeeToken = await app.tokenFor(employee);

    const missing = app.app.apiRoutes.filter((route) => !ROUTE_RATE_LIMITS.has(route));
    expect(missing, "routes without a row in ROUTE_RATE_LIMITS").toEqual([]);

    const seen: Record<string, { limit?: string; remaining?: string; otherPersonRemaining?: string }> = {};
    const expected: typeof seen = {};
    for (const route of app.app.apiRoutes) {
      const [method, path] = route.split(" ") as [string, string];
      const url = path.replace(/:\w+/g, randomUUID());
      const send = (token: string) =>
        app.client.request({
          method: method as "GET",
          url,
          token,
          ...(method === "GET" ? {} : { body: {} }),
        });
      const first = await send(adminToken);
      const limit = ROUTE_RATE_LIMITS.get(route)!;
      seen[route] = { limit: first.headers["x-ratelimit-limit"] as string | undefined };
      expected[route] = { limit: limit === "unlimited" ? undefined : String(limit.max) };
      if (limit !== "unlimited" && limit.per === "person") {
        seen[route]!.remaining = first.headers["x-ratelimit-remaining"] as string;
        seen[route]!.otherPersonRemaining = (await send(employeeToken)).headers["x-ratelimit-remaining"] as string;
        expected[route]!.remaining = String(limit.max - 1);
        expected[route]!.otherPersonRemaining = String(limit.max - 1);
      }
    }
    expect(seen).toEqual(expected);
  });

  it("never spends one person's budget on another's use, nor one route's budget on another route", async () => {
    const app = await start();
    const { team, admin } = await buildCompanyWithAdmin(app.db);
    const employee = await buildMember(app.db, team);
    const colleague = await buildMember(app.db, team);
    const adminToken = await app.tokenFor(admin);
    const employeeToken = await app.tokenFor(employee);

    // Five profile saves by an employee used to cost the admin user management for a minute.
    const saves = await repeat(5, (index) =>
      app.client.patch("/api/users/current/", { display_name: `Emma ${index}` }, { token: employeeToken }),
    );
    expect(saves.every((status) => status === 200)).toBe(true);
    const deactivate = await app.client.patch(
      `/api/company/users/${colleague.id}/`,
      { is_active: false },
      { token: adminToken },
    );
    expect(deactivate.statusCode).toBe(200);

    // Twenty challenge-list reads by an employee used to block the admin from creating a challenge.
    const reads = await repeat(21, () => app.client.get("/api/challenges/", { token: employeeToken }));
    expect(reads.every((status) => status === 200)).toBe(true);
    const created = await app.client.post(
      "/api/challenges/",
      { title: "Fewer meetings", description: "", scope: "company" },
      { token: adminToken },
    );
    expect(created.statusCode).toBe(200);

    // One person spending a whole budget leaves a colleague at the same address untouched.
    const { max } = limitOf("PATCH /api/users/current/");
    await repeat(max, (index) =>
      app.client.patch("/api/users/current/", { display_name: `Emma ${index}` }, { token: employeeToken }),
    );
    expectRateLimited(
      await app.client.patch("/api/users/current/", { display_name: "Emma again" }, { token: employeeToken }),
    );
    const adminSave = await app.client.patch("/api/users/current/", { display_name: "Ada" }, { token: adminToken });
    expect(adminSave.statusCode).toBe(200);
  });
});

describe("failed guesses", () => {
  let peer: MailPeer;
  beforeAll(async () => {
    peer = await startMailPeer();
  });
  afterAll(async () => {
    await peer.close();
  });

  it("lets an office of 40 sign up, join and sign in from one address within minutes", async () => {
    const app = await start({ SMTP_URL: peer.url });
    const { company, team } = await buildCompanyWithAdmin(app.db, { password: "Office-Morning-1" });
    const people = Array.from({ length: 40 }, (_, index) => ({
      email: `office-${index}-${Date.now()}@example.com`,
      password: "Sunshine-2026",
      first_name: "Office",
      last_name: `Person ${index}`,
    }));

    const failures: string[] = [];
    const expectStatus = (step: string, response: LightMyRequestResponse, status = 200) => {
      if (response.statusCode !== status) failures.push(`${step}: ${response.statusCode} ${response.body}`);
    };
    const clients = new Map<string, TestClient>();
    for (const person of people) {
      const client = createTestClient(app.app);
      clients.set(person.email, client);
      expectStatus("request code", await client.post("/api/request-verification-code/", person));
    }
    for (const person of people) {
      const client = clients.get(person.email)!;
      const mail = await peer.waitForMail(person.email);
      const code = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? "";
      const verified = await client.post("/api/verify-email-register/", { email: person.email, code });
      expectStatus("verify e-mail", verified);
      expectStatus(
        "verify company",
        await client.post("/api/verify-company/", { companyName: company.name, companyPassword: company.password }),
      );
      expectStatus(
        "join",
        await client.post("/api/associate-company/", {
          userId: verified.json<{ userId: string }>().userId,
          companyName: company.name,
          displayName: person.last_name,
          team: team.id,
          role: "employee",
          requesting_admin: false,
        }),
      );
    }
    for (const person of people) {
      const client = clients.get(person.email)!;
      expectStatus("login", await client.post("/api/auth/login/", { email: person.email, password: person.password }));
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it("stops guessing from one address, while correct passwords from it never count", async () => {
    const app = await start();
    const company = await buildCompany(app.db);
    const { max } = VERIFY_COMPANY_GUESS_LIMIT.rules.find((rule) => rule.per === "address")!;
    const verify = (companyName: string, companyPassword: string) =>
      createTestClient(app.app).post("/api/verify-company/", { companyName, companyPassword });

    const successes = await repeat(max + 5, () => verify(company.name, company.password));
    expect(successes.every((status) => status === 200)).toBe(true);
    const failures = await repeat(max, (index) => verify(`Nobody ${index}`, "guess"));
    expect(failures.every((status) => status === 400)).toBe(true);
    expectRateLimited(await verify(company.name, company.password));
  });

  it("forgets an address's failures on an account once the right password is given there", async () => {
    const app = await start();
    const user = await buildUser(app.db);
    const { max } = AUTH_GUESS_LIMITS.login.rules.find((rule) => rule.per === "target-and-address")!;
    const login = (password: string) => app.client.post("/api/auth/login/", { email: user.email, password });

    expect(await repeat(max - 1, () => login("typo"))).toEqual(Array(max - 1).fill(401));
    expect((await login(DEFAULT_USER_PASSWORD)).statusCode).toBe(200);
    expect(await repeat(max - 1, () => login("typo"))).toEqual(Array(max - 1).fill(401));
    expect((await login(DEFAULT_USER_PASSWORD)).statusCode).toBe(200);
  });

  it("stops guessing one e-mail's verification code from many addresses", async () => {
    const app = await start({ TRUST_PROXY: "1", SMTP_URL: peer.url });
    const email = `coded-${Date.now()}@example.com`;
    const { max } = AUTH_GUESS_LIMITS.verificationCode.rules.find((rule) => rule.per === "target")!;
    const statuses = await repeat(max, (index) =>
      app.client.post("/api/verify-email-register/", { email, code: "000000" }, from(`198.51.100.${index + 1}`)),
    );
    expect(statuses.every((status) => status === 400)).toBe(true);
    expectRateLimited(
      await app.client.post("/api/verify-email-register/", { email, code: "000000" }, from("203.0.113.5")),
    );
  });
});
