/**
 * `npm run db:seed`: opens the database the server would open (DATABASE_URL, else DATA_DIR,
 * default ./data at the repository root), migrates it, adds the demo company and prints the logins.
 * Stop the server first when it uses the embedded database: the data directory lock refuses otherwise.
 */
import { databaseOptionsFromEnvironment, openDatabase } from "../db/client.ts";
import { DataDirLockedError } from "../db/data-dir-lock.ts";
import { migrateDatabase } from "../db/migrate.ts";
import { describeError } from "../lib/error-log.ts";
import { type SeedResult, seedDemo } from "./demo.ts";

async function main(): Promise<void> {
  const handle = await openDatabase(databaseOptionsFromEnvironment());
  let result: SeedResult;
  try {
    await migrateDatabase(handle);
    result = await seedDemo(handle);
  } finally {
    await handle.close();
  }
  console.info(formatLogins(result));
}

/** The demo logins as a plain-text table. */
function formatLogins(result: SeedResult): string {
  const header = ["Name", "E-mail", "Password", "Role", "Admin", "Team"];
  const rows = result.users.map((user) => [
    user.displayName,
    user.email,
    user.password,
    user.role,
    user.isAdmin ? "yes" : "no",
    user.team,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join("  ")
      .trimEnd();
  return [
    result.created
      ? "Demo data created."
      : "The database already has a company, so no demo data was added; these logins work if it is the demo's.",
    "",
    `Company: ${result.companyName}   join password: ${result.companyPassword}`,
    "",
    line(header),
    line(widths.map((width) => "-".repeat(width))),
    ...rows.map(line),
  ].join("\n");
}

main().catch((error: unknown) => {
  // One line, without the values a failed query carried.
  console.error(error instanceof DataDirLockedError ? error.message : `Demo data not created: ${describeError(error)}`);
  process.exit(1);
});
