import { eq, or, type SQL } from "drizzle-orm";
import { users } from "../db/schema/index.ts";

/**
 * The shared `isAdmin` rule (the admin flag, or the admin role) as a condition on `users`, for
 * the queries that pick a company's admins in the database: a query cannot call `isAdmin`, so
 * this is its only translation, and `admin-condition.test.ts` holds the two to the same answers.
 */
export function isAdminUser(): SQL {
  return or(eq(users.isAdmin, true), eq(users.role, "admin")) as SQL;
}
