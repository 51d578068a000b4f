/**
 * Guessing slows the guesser and never locks the owner out: the two attacks of a stolen-address
 * botnet (an admin's password guessed from rotating addresses, a company's join password guessed
 * from rotating addresses) leave the owner signing in and a new employee joining; the guessing
 * addresses wait longer and longer; the owner is told once by e-mail, the company's admins once in
 * the bell. In memory and, with REDIS_URL, across two instances sharing Redis.
 */
import { randomBytes } from "node:crypto";
import { DEVICE_COOKIE_MAX_AGE_SECONDS, describeNotification, NotificationListResponseSchema } from "@ideaport/shared";
import type { LightMyRequestResponse } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { translatorFor } from "../lib/i18n.ts";
import { AUTH_GUESS_LIMITS } from "../modules/auth/auth.routes.ts";
import { VERIFY_COMPANY_GUESS_LIMIT } from "../modules/companies/companies.routes.ts";
import { buildCompanyWithAdmin, signUpWithProof } from "../modules/companies/test-kit.ts";
import { buildTestApp, createTestClient, createTestConfig, type TestApp, type TestClient } from "../test/app.ts";
import { buildUser } from "../test/factories.ts";
import { mailPeerPerFile } from "../test/mail-peer.ts";

const REDIS_URL = process.env.REDIS_TEST_URL?.trim() || "redis://127.0.0.1:6379";
const GUESSED_SUBJECT = "Someone is trying to sign in to your Ideaport account";

const peer = mailPeerPerFile();
const apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

async function start(env: Record<string, string> = {}) {
  const app = await buildTestApp({ env: { TRUST_PROXY: "1", SMTP_URL: peer.url, ...env } });
  apps.push(app);
  return app;
}

/** A client address of this run only (runs sharing one Redis never meet each other's counters). */
const run = randomBytes(2);
let addressCount = 0;
function freshAddress(): string {
  addressCount += 1;
  return `10.${run[0]}.${run[1]! ^ (addressCount >> 8)}.${addressCount & 255}`;
}
const from = (address: string) => ({ headers: { "x-forwarded-for": address } });
const ruleOf = (limit: { rules: readonly { per: string; max: number }[] }, per: string) =>
  limit.rules.find((rule) => rule.per === per)!;
const statusesOf = (responses: LightMyRequestResponse[]) => responses.map((response) => response.statusCode);
const retryAfterOf = (response: LightMyRequestResponse) => Number(response.headers["retry-after"]);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A sign-in from `client` (a browser: it keeps its cookies) at `address`. */
function login(client: TestClient, address: string, email: string, password: string) {
  return client.post("/api/auth/login/", { email, password }, from(address));
}

/** A new browser's sign-in at `address`. */
function loginFromNewBrowser(app: TestApp, address: string, email: string, password: string) {
  return login(createTestClient(app.app), address, email, password);
}

/** The join step of a new employee: sign-up proof, company name and password, team, at `address`. */
async function joinCompany(
  app: TestApp,
  fixture: Awaited<ReturnType<typeof buildCompanyWithAdmin>>,
  address: string,
): Promise<{ verify: LightMyRequestResponse; join: LightMyRequestResponse | null }> {
  const { user, client } = await signUpWithProof(app, { client: createTestClient(app.app) });
  const verify = await client.post(
    "/api/verify-company/",
    { companyName: fixture.company.name, companyPassword: fixture.company.password },
    from(address),
  );
  if (verify.statusCode !== 200) return { verify, join: null };
  const join = await client.post(
    "/api/associate-company/",
    {
      userId: user.id,
      companyName: fixture.company.name,
      displayName: "Nina New",
      team: fixture.team.id,
      role: "employee",
      requesting_admin: false,
    },
    from(address),
  );
  return { verify, join };
}

/** Waits until the outbox has had time to send, then answers the "being guessed" mails to `email`. */
async function guessedMailsTo(email: string): Promise<number> {
  await peer.waitForMail(email);
  await sleep(1500);
  return peer.mailTo(email).filter((mail) => mail.subject === GUESSED_SUBJECT).length;
}

describe("guessing an account's password cannot lock its owner out", () => {
  it("20 wrong passwords from 20 addresses, twice: the owner still signs in from a fresh address and from their browser; each guessing address is refused its second guess; one e-mail", async () => {
    const app = await start();
    const owner = await buildUser(app.db, { email: `alice-${randomBytes(4).toString("hex")}@example.com` });
    const { max } = ruleOf(AUTH_GUESS_LIMITS.login, "target");
    expect(max).toBe(20);
    const ownerBrowser = createTestClient(app.app);
    expect((await login(ownerBrowser, freshAddress(), owner.email, owner.password)).statusCode).toBe(200);

    for (let hour = 0; hour < 2; hour++) {
      const guessers = Array.from({ length: max }, freshAddress);
      const guesses: LightMyRequestResponse[] = [];
      for (const address of guessers) guesses.push(await loginFromNewBrowser(app, address, owner.email, "wrong-1"));
      expect(statusesOf(guesses)).toEqual(Array(max).fill(401));

      // The owner: from a new browser at an address that never failed, and from their own browser.
      expect((await loginFromNewBrowser(app, freshAddress(), owner.email, owner.password)).statusCode).toBe(200);
      expect((await login(ownerBrowser, freshAddress(), owner.email, owner.password)).statusCode).toBe(200);

      // Each guessing address that comes back is refused, the right password included.
      const again: LightMyRequestResponse[] = [];
      for (const address of guessers) again.push(await loginFromNewBrowser(app, address, owner.email, "wrong-2"));
      expect(statusesOf(again)).toEqual(Array(max).fill(429));
      expect(again.every((response) => retryAfterOf(response) >= 1)).toBe(true);
      expect((await loginFromNewBrowser(app, guessers[0]!, owner.email, owner.password)).statusCode).toBe(429);
    }

    const [mail] = peer.mailTo(owner.email);
    expect(mail?.subject).toBe(GUESSED_SUBJECT);
    expect(mail?.text).toContain("You can still sign in as usual");
    expect(await guessedMailsTo(owner.email)).toBe(1);
  }, 120_000);

  it("slows one address's guesses at an account with a growing wait, while the owner's browser at that address signs in", async () => {
    const app = await start();
    const owner = await buildUser(app.db);
    const shared = freshAddress();
    const ownerBrowser = createTestClient(app.app);
    expect((await login(ownerBrowser, shared, owner.email, owner.password)).statusCode).toBe(200);
    const { max } = ruleOf(AUTH_GUESS_LIMITS.login, "target-and-address");

    const guess = () => loginFromNewBrowser(app, shared, owner.email, "wrong");
    const free = await Promise.all(Array.from({ length: max }, guess));
    expect(statusesOf(free)).toEqual(Array(max).fill(401));

    // Each wait served, the next wrong guess earns a wait twice as long.
    const waits: number[] = [];
    for (let step = 0; step < 3; step++) {
      const refused = await guess();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ success: false, code: "request.rate_limited" });
      waits.push(retryAfterOf(refused));
      // The owner's browser (its device cookie) is not held back by the guesses made beside it.
      expect((await login(ownerBrowser, shared, owner.email, owner.password)).statusCode).toBe(200);
      await sleep(retryAfterOf(refused) * 1000 + 50);
      expect((await guess()).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4]);
    // A new browser at that address waits like the guesser, the right password included.
    expect((await loginFromNewBrowser(app, shared, owner.email, owner.password)).statusCode).toBe(429);
  }, 60_000);

  it("slows a browser that keeps failing on its own device cookie, and forgets it after its right password", async () => {
    const app = await start();
    const owner = await buildUser(app.db);
    const browser = createTestClient(app.app);
    const address = freshAddress();
    expect((await login(browser, address, owner.email, owner.password)).statusCode).toBe(200);
    const { max } = ruleOf(AUTH_GUESS_LIMITS.login, "device");
    const typos = [];
    for (let index = 0; index < max; index++) typos.push(await login(browser, address, owner.email, "typo"));
    expect(statusesOf(typos)).toEqual(Array(max).fill(401));
    const held = await login(browser, address, owner.email, owner.password);
    expect(held.statusCode).toBe(429);
    await sleep(retryAfterOf(held) * 1000 + 50);
    expect((await login(browser, address, owner.email, owner.password)).statusCode).toBe(200);
    expect((await login(browser, address, owner.email, "typo")).statusCode).toBe(401);
  }, 60_000);

  it("refuses a device cookie that was forged or belongs to another account", async () => {
    const app = await start();
    const owner = await buildUser(app.db);
    const other = await buildUser(app.db);
    const deviceCookieOf = (response: LightMyRequestResponse) =>
      response.cookies.find((item) => item.name.startsWith("ideaport_device_"))!;
    const otherCookie = deviceCookieOf(await loginFromNewBrowser(app, freshAddress(), other.email, other.password));
    expect(otherCookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/api/auth/login/" });
    expect(otherCookie.maxAge).toBe(DEVICE_COOKIE_MAX_AGE_SECONDS);
    const ownerCookie = deviceCookieOf(await loginFromNewBrowser(app, freshAddress(), owner.email, owner.password));
    expect(ownerCookie.name).not.toBe(otherCookie.name);

    // The account's count spent from many addresses, then `address` fails once: it waits a minute.
    const { max } = ruleOf(AUTH_GUESS_LIMITS.login, "target");
    const address = freshAddress();
    for (const guesser of [...Array.from({ length: max - 1 }, freshAddress), address]) {
      expect((await loginFromNewBrowser(app, guesser, owner.email, "wrong")).statusCode).toBe(401);
    }
    const [device, signature] = ownerCookie.value.split(".");
    const [otherDevice, otherSignature] = otherCookie.value.split(".");
    for (const value of [
      otherCookie.value,
      `${device}.${otherSignature}`,
      `${otherDevice}.${signature}`,
      `${device}.${signature}x`,
      "abc.def",
    ]) {
      const forger = createTestClient(app.app);
      forger.cookies.set(ownerCookie.name, value);
      expect((await login(forger, address, owner.email, owner.password)).statusCode, value).toBe(429);
    }
    const ownerBrowser = createTestClient(app.app);
    ownerBrowser.cookies.set(ownerCookie.name, ownerCookie.value);
    expect((await login(ownerBrowser, address, owner.email, owner.password)).statusCode).toBe(200);
  }, 60_000);
});

describe("guessing a company's join password cannot stop its onboarding", () => {
  it("35 wrong join passwords from rotating addresses: a new employee still verifies and joins, and the admins hear once", async () => {
    const app = await start();
    const fixture = await buildCompanyWithAdmin(app.db);
    const guesses: LightMyRequestResponse[] = [];
    for (let index = 0; index < 35; index++) {
      guesses.push(
        await createTestClient(app.app).post(
          "/api/verify-company/",
          { companyName: fixture.company.name, companyPassword: `guess-${index}` },
          from(freshAddress()),
        ),
      );
    }
    expect(statusesOf(guesses)).toEqual(Array(35).fill(400));

    const { verify, join } = await joinCompany(app, fixture, freshAddress());
    expect(verify.statusCode).toBe(200);
    expect(join?.statusCode).toBe(200);

    const bell = NotificationListResponseSchema.parse(
      (
        await app.client.get(`/api/notifications/${fixture.admin.id}/`, { token: await app.tokenFor(fixture.admin) })
      ).json(),
    );
    const alerts = bell.notifications.filter((item) => item.type === "join_password_guessed");
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.content).toBe(
      describeNotification({ ...alerts[0]!, type: "join_password_guessed" }, fixture.admin, translatorFor("en")),
    );
    expect(alerts[0]!.content).toContain("someone may be guessing it");
  }, 60_000);

  it("refuses one address that keeps guessing one company, and only that address", async () => {
    const app = await start();
    const fixture = await buildCompanyWithAdmin(app.db);
    const guesser = freshAddress();
    const { max } = ruleOf(VERIFY_COMPANY_GUESS_LIMIT, "target-and-address");
    const verify = (address: string, companyPassword: string) =>
      createTestClient(app.app).post(
        "/api/verify-company/",
        { companyName: fixture.company.name, companyPassword },
        from(address),
      );
    const statuses = [];
    for (let index = 0; index < max; index++) statuses.push((await verify(guesser, `guess-${index}`)).statusCode);
    expect(statuses).toEqual(Array(max).fill(400));
    const refused = await verify(guesser, fixture.company.password);
    expect(refused.statusCode).toBe(429);
    expect(retryAfterOf(refused)).toBeGreaterThan(0);
    expect((await verify(freshAddress(), fixture.company.password)).statusCode).toBe(200);
  }, 60_000);
});

describe("both attacks at once, then the owner and a new employee at once", () => {
  async function attackThenUse(apps: [TestApp, TestApp]) {
    const [first, second] = apps;
    const owner = await buildUser(first.db, { email: `admin-${randomBytes(4).toString("hex")}@example.com` });
    const fixture = await buildCompanyWithAdmin(first.db);
    const on = (index: number) => apps[index % 2]!;
    const accountGuesses = Array.from({ length: 20 }, (_, index) =>
      loginFromNewBrowser(on(index), freshAddress(), owner.email, `wrong-${index}`),
    );
    const companyGuesses = Array.from({ length: 35 }, (_, index) =>
      createTestClient(on(index).app).post(
        "/api/verify-company/",
        { companyName: fixture.company.name, companyPassword: `guess-${index}` },
        from(freshAddress()),
      ),
    );
    const accountStatuses = statusesOf(await Promise.all(accountGuesses));
    const companyStatuses = statusesOf(await Promise.all(companyGuesses));

    const [ownerSignIn, joined] = await Promise.all([
      loginFromNewBrowser(second, freshAddress(), owner.email, owner.password),
      joinCompany(first, fixture, freshAddress()),
    ]);
    return { owner, accountStatuses, companyStatuses, ownerSignIn, joined };
  }

  /** Every guess was refused, yet the owner signed in and the employee joined; the owner was told once. */
  async function expectEveryGuessRefusedAndTheOwnerServed(outcome: Awaited<ReturnType<typeof attackThenUse>>) {
    expect(outcome.accountStatuses).toEqual(Array(20).fill(401));
    expect(outcome.companyStatuses).toEqual(Array(35).fill(400));
    expect(outcome.ownerSignIn.statusCode).toBe(200);
    expect(outcome.joined.verify.statusCode).toBe(200);
    expect(outcome.joined.join?.statusCode).toBe(200);
    expect(await guessedMailsTo(outcome.owner.email)).toBe(1);
  }

  it("in memory", async () => {
    const app = await start();
    await expectEveryGuessRefusedAndTheOwnerServed(await attackThenUse([app, app]));
  }, 60_000);

  it("on two instances sharing Redis: counted together, the owner told once", async () => {
    const env = { TRUST_PROXY: "1", SMTP_URL: peer.url, REDIS_URL };
    const first = await start(env);
    // The second instance: the same server on the same database, its own counters' client.
    const app = await buildApp({
      config: createTestConfig(env),
      database: first.database,
      clock: first.clock,
      logger: false,
    });
    await app.ready();
    apps.unshift({ ...first, app, close: () => app.close() });
    expect(first.app.rateLimitBackend()).toBe("redis");
    expect(app.rateLimitBackend()).toBe("redis");
    await expectEveryGuessRefusedAndTheOwnerServed(await attackThenUse([first, apps[0]!]));
  }, 60_000);
});
