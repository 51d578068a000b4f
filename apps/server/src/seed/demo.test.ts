import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/client.ts";
import { actions, challenges, companies, ideas, notifications, teamMemberships, teams, users } from "../db/schema.ts";
import { verifyPassword } from "../lib/password.ts";
import { createTestDatabase } from "../test/database.ts";
import { DEMO_COMPANY_NAME, seedDemo } from "./demo.ts";

let handle: DatabaseHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
});

describe("seedDemo", () => {
  it("creates Acme Corp with two teams, an admin, a manager and four employees", async () => {
    handle = await createTestDatabase();
    const result = await seedDemo(handle);

    expect(result.created).toBe(true);
    expect(result.companyName).toBe(DEMO_COMPANY_NAME);
    expect(result.users.filter((user) => user.isAdmin)).toHaveLength(1);
    expect(result.users.filter((user) => user.role === "manager")).toHaveLength(2);
    expect(result.users.filter((user) => user.role === "employee")).toHaveLength(4);

    const { db } = handle;
    const [company] = await db.select().from(companies);
    expect(await verifyPassword(result.companyPassword, company!.passwordHash)).toBe(true);
    const teamNames = (await db.select({ name: teams.name }).from(teams)).map((team) => team.name).sort();
    expect(teamNames).toEqual(["Engineering", "Product"]);

    const admin = result.users.find((user) => user.isAdmin)!;
    const [adminRow] = await db.select().from(users).where(eq(users.email, admin.email));
    expect(await verifyPassword(admin.password, adminRow!.passwordHash)).toBe(true);
    expect(await verifyPassword("not the password", adminRow!.passwordHash)).toBe(false);
    const adminTeams = await db
      .select({ name: teams.name, isManager: teamMemberships.isManager })
      .from(teamMemberships)
      .innerJoin(teams, eq(teams.id, teamMemberships.teamId))
      .where(eq(teamMemberships.userId, adminRow!.id));
    expect(adminTeams).toEqual([{ name: "Product", isManager: true }]);
  });

  it("fills the demo company with challenges and ideas at every stage, made through the services", async () => {
    handle = await createTestDatabase();
    await seedDemo(handle);
    const { db } = handle;

    const challengeRows = await db
      .select({ title: challenges.title, status: challenges.status, scope: challenges.scope })
      .from(challenges);
    expect(challengeRows.map((row) => `${row.scope} ${row.status}`).sort()).toEqual([
      "company active",
      "company proposed",
      "team active",
      "team active",
    ]);
    const ideaStatuses = (await db.select({ status: ideas.status }).from(ideas)).map((row) => row.status).sort();
    expect(ideaStatuses).toEqual(["approved", "draft", "needs_revision", "submitted", "under_review"]);
    expect(await db.$count(actions)).toBe(1);
    // The services told the people concerned, as real use would.
    const types = new Set((await db.select({ type: notifications.type }).from(notifications)).map((row) => row.type));
    for (const type of [
      "new_challenge_posted",
      "challenge_proposal_received",
      "new_team_submission",
      "idea_status_approved",
      "idea_status_needs_revision",
      "new_comment",
    ]) {
      expect(types).toContain(type);
    }
  });

  it("does nothing the second time and still answers the logins", async () => {
    handle = await createTestDatabase();
    const first = await seedDemo(handle);
    const second = await seedDemo(handle);

    expect(second.created).toBe(false);
    expect(second.users).toEqual(first.users);
    expect(await handle.db.$count(companies)).toBe(1);
    expect(await handle.db.$count(users)).toBe(6);
    expect(await handle.db.$count(teamMemberships)).toBe(6);
  });
});
