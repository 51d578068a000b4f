import { AUDIT_CSV_COLUMNS, AuditLogResponseSchema } from "@ideaport/shared";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema/index.ts";
import { testAppPerTest } from "../../test/app.ts";
import { DEFAULT_USER_PASSWORD } from "../../test/factories.ts";
import { buildCompanyWithAdmin, buildMember } from "../companies/test-kit.ts";

const testApps = testAppPerTest();

async function start() {
  const testApp = await testApps.start();
  const fixture = await buildCompanyWithAdmin(testApp.db);
  const bob = await buildMember(testApp.db, fixture.team, { firstName: "Bob", lastName: "Baker" });
  const manager = await buildMember(testApp.db, fixture.team, { role: "manager" });
  const adminToken = await testApp.tokenFor(fixture.admin);
  return { ...testApp, ...fixture, bob, manager, adminToken };
}

type Started = Awaited<ReturnType<typeof start>>;

/** The admin makes Bob a manager through user management. */
async function promoteBob({ client, bob, adminToken }: Started) {
  const response = await client.patch(`/api/company/users/${bob.id}/`, { role: "manager" }, { token: adminToken });
  expect(response.statusCode, response.body).toBe(200);
}

describe("GET /api/audit-log/", () => {
  it("shows who changed what for whom, when and from which address", async () => {
    const started = await start();
    await promoteBob(started);

    const response = await started.client.get("/api/audit-log/", { token: started.adminToken });
    expect(response.statusCode, response.body).toBe(200);
    const body = AuditLogResponseSchema.parse(response.json());
    expect(body.entries[0]).toMatchObject({
      action: "user.role_changed",
      actor: { id: started.admin.id, name: started.admin.displayName, email: started.admin.email },
      target_type: "user",
      target_id: started.bob.id,
      target_name: started.bob.displayName,
      ip_address: "127.0.0.1",
      details: { from: "employee", to: "manager" },
    });
    expect(body.next_cursor).toBeNull();
  });

  it("records password sign-ins, failures of the company's people too, but never the password", async () => {
    const started = await start();
    const { client, bob, company } = started;
    const wrong = await client.post("/api/auth/login/", { email: bob.email, password: "Wrong-password-1" });
    expect(wrong.statusCode).toBe(401);
    const right = await client.post("/api/auth/login/", { email: bob.email, password: DEFAULT_USER_PASSWORD });
    expect(right.statusCode).toBe(200);
    const unknown = await client.post("/api/auth/login/", { email: "nobody@example.com", password: "Whatever-1" });
    expect(unknown.statusCode).toBe(401);

    const rows = await started.db.select().from(auditLog).where(eq(auditLog.companyId, company.id));
    const signIns = rows.filter((row) => row.action.startsWith("auth."));
    expect(signIns.map((row) => [row.action, row.actorId, row.targetId, row.ipAddress, row.details])).toEqual(
      expect.arrayContaining([
        ["auth.sign_in_failed", bob.id, bob.id, "127.0.0.1", { reason: "wrong_password" }],
        ["auth.sign_in_succeeded", bob.id, bob.id, "127.0.0.1", {}],
      ]),
    );
    expect(signIns).toHaveLength(2);
    expect(JSON.stringify(rows)).not.toContain("Wrong-password-1");
    expect(JSON.stringify(rows)).not.toContain(DEFAULT_USER_PASSWORD);
  });

  it("filters by person, action and period, and pages with a cursor", async () => {
    const started = await start();
    const { client, adminToken, admin, bob } = started;
    await promoteBob(started);
    await client.patch(`/api/company/users/${bob.id}/`, { is_admin: true }, { token: adminToken });
    await client.patch(`/api/company/users/${bob.id}/`, { is_active: false }, { token: adminToken });
    await client.post("/api/auth/login/", { email: bob.email, password: "Wrong-password-1" });

    const list = async (query: string) => {
      const response = await client.get(`/api/audit-log/?${query}`, { token: adminToken });
      expect(response.statusCode, response.body).toBe(200);
      return AuditLogResponseSchema.parse(response.json());
    };
    expect((await list(`actor=${admin.id}`)).entries.map((entry) => entry.action)).toEqual([
      "user.deactivated",
      "user.made_admin",
      "user.role_changed",
    ]);
    expect((await list(`actor=${bob.id}`)).entries.map((entry) => entry.action)).toEqual(["auth.sign_in_failed"]);
    expect((await list("action=user.made_admin")).entries).toHaveLength(1);
    // Entries are stamped by the database's clock: the period is around the day they were written.
    const day = (await list("limit=1")).entries[0]!.created_at.slice(0, 10);
    const shift = (days: number) =>
      new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    expect((await list(`from=${day}&to=${day}&actor=${admin.id}`)).entries).toHaveLength(3);
    expect((await list(`from=${shift(1)}`)).entries).toEqual([]);
    expect((await list(`to=${shift(-1)}`)).entries).toEqual([]);
    // The calendar's last day ends where JavaScript's ISO dates stop.
    expect((await list(`to=9999-12-31&actor=${admin.id}`)).entries).toHaveLength(3);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof list>> = await list(
        `limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      );
      seen.push(...page.entries.map((entry) => entry.id));
      cursor = page.next_cursor;
    } while (cursor);
    const all = (await list("limit=100")).entries.map((entry) => entry.id);
    expect(seen).toEqual(all);
    expect(new Set(seen).size).toBe(all.length);
  });

  it("answers 400 with a readable message for bad filters, in the caller's language", async () => {
    const { client, adminToken, admin } = await start();
    const ask = (query: string) => client.get(`/api/audit-log/?${query}`, { token: adminToken });
    for (const query of ["action=user.flew_away", "actor=bob", "from=2026-02-31", "from=2026-03-02&to=2026-03-01"]) {
      const response = await ask(query);
      expect(response.statusCode, query).toBe(400);
      expect(typeof response.json().error, query).toBe("string");
    }
    expect((await ask("cursor=abc")).statusCode).toBe(400);
    expect((await ask("action=user.flew_away")).json().fields.action).toBe(
      "This is not an action the audit log records.",
    );
    await client.patch("/api/users/current/", { language: "de" }, { token: adminToken });
    const german = await client.get("/api/audit-log/?action=nope", { token: await testApps.current.tokenFor(admin) });
    expect(german.json().fields.action).toBe("Diese Aktion kommt im Protokoll nicht vor.");
  });

  it("answers 403 to managers and employees, 401 anonymously, and shows another company's admin only theirs", async () => {
    const started = await start();
    const { client, bob, manager, db } = started;
    await promoteBob(started);
    const other = await buildCompanyWithAdmin(db);
    const otherToken = await testApps.current.tokenFor(other.admin);

    for (const user of [manager, bob]) {
      const token = await testApps.current.tokenFor(user);
      expect((await client.get("/api/audit-log/", { token })).statusCode).toBe(403);
      expect((await client.get("/api/audit-log.csv", { token })).statusCode).toBe(403);
    }
    expect((await client.get("/api/audit-log/")).statusCode).toBe(401);
    expect((await client.get("/api/audit-log.csv")).statusCode).toBe(401);

    const theirs = await client.get("/api/audit-log/?limit=100", { token: otherToken });
    expect(theirs.json().entries).toEqual([]);
    const theirsFiltered = await client.get(`/api/audit-log/?actor=${started.admin.id}`, { token: otherToken });
    expect(theirsFiltered.json().entries).toEqual([]);
    const theirCsv = await client.get("/api/audit-log.csv", { token: otherToken });
    expect(theirCsv.body.split("\r\n").filter(Boolean)).toHaveLength(1);
  });
});

describe("GET /api/audit-log.csv", () => {
  it("exports the filtered log with escaped cells, the header in the caller's language", async () => {
    const started = await start();
    const { client, adminToken, admin, bob } = started;
    // A name a spreadsheet would run as a formula.
    await client.patch("/api/users/current/", { display_name: "=HYPERLINK(1)" }, { token: adminToken });
    await promoteBob(started);

    const response = await client.get(`/api/audit-log.csv?action=user.role_changed`, { token: adminToken });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe('attachment; filename="audit-log.csv"');
    const lines = response.body.split("\r\n");
    expect(lines[0]).toBe(`\uFEFF${AUDIT_CSV_COLUMNS.join(",")}`);
    expect(lines).toHaveLength(3);
    const cells = lines[1]!.split(",");
    expect(cells.slice(1, 6)).toEqual(["'=HYPERLINK(1)", admin.email, "user.role_changed", "Role changed", "user"]);
    expect(cells[6]).toBe(bob.displayName);
    expect(cells[7]).toBe("127.0.0.1");

    await client.patch("/api/users/current/", { language: "de" }, { token: adminToken });
    const german = await client.get("/api/audit-log.csv?action=user.role_changed", {
      token: await testApps.current.tokenFor(admin),
    });
    const germanLines = german.body.split("\r\n");
    expect(germanLines[0]).toBe(
      "\uFEFFZeitpunkt,Person,E-Mail der Person,Aktion,Aktion (Text),Art des Objekts,Objekt,IP-Adresse,Details",
    );
    expect(germanLines[1]!.split(",")[4]).toBe("Rolle geändert");
  });

  it("answers 400 for a bad filter", async () => {
    const { client, adminToken } = await start();
    const response = await client.get("/api/audit-log.csv?to=yesterday", { token: adminToken });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual(expect.any(String));
  });
});
