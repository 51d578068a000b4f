import { isAdmin } from "@ideaport/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/client.ts";
import { users } from "../db/schema/index.ts";
import { createTestDatabase } from "../test/database.ts";
import { buildCompany, buildUser } from "../test/factories.ts";
import { isAdminUser } from "./admin-condition.ts";

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

describe("isAdminUser", () => {
  it("picks exactly the people the shared isAdmin rule calls admins", async () => {
    const { db } = database;
    const company = await buildCompany(db);
    const people = [];
    for (const role of ["employee", "manager", "admin"] as const) {
      for (const flag of [false, true]) {
        people.push(await buildUser(db, { companyId: company.id, role, isAdmin: flag }));
      }
    }
    const picked = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, company.id), isAdminUser()));
    const expected = people.filter((person) => isAdmin({ role: person.role, is_admin: person.isAdmin }));
    expect(picked.map((row) => row.id).sort()).toEqual(expected.map((person) => person.id).sort());
    expect(expected).toHaveLength(4);
  });
});
