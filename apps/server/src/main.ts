import { ConfigError, loadConfig } from "./config/env.ts";
import { openDatabase } from "./db/client.ts";
import { migrateDatabase } from "./db/migrate.ts";
import { describeError, safeStack } from "./lib/error-log.ts";

/** Starts the server: configuration, database, migrations, then listen; stops gracefully. */
async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfig();
  // The app's modules load while the database opens (PGlite compiles its WebAssembly off the
  // main thread and reads its files asynchronously), so the two overlap instead of adding up.
  const opening = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : config.dataDir,
    poolSize: config.databasePoolSize,
    connectTimeoutMs: config.databaseConnectTimeoutMs,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
  });
  const [{ buildApp }, database] = await Promise.all([import("./app.ts"), opening]);
  await migrateDatabase(database);
  const app = await buildApp({ config, database });
  if (config.seedDemo) {
    // The demo is a convenience: whatever stops it, the server starts without it.
    try {
      const { seedDemo } = await import("./seed/demo.ts");
      const demo = await seedDemo(database);
      if (demo.created) {
        const logins = demo.users.map(
          (user) =>
            `  ${user.email.padEnd(24)} ${user.password}  (${user.displayName}, ${user.role}${user.isAdmin ? ", admin" : ""})`,
        );
        app.log.info(
          `Demo company "${demo.companyName}" created (join password ${demo.companyPassword}). Sign in with:\n${logins.join("\n")}`,
        );
      }
    } catch (error) {
      app.log.error(`Demo data not created: ${describeError(error)}`);
    }
  }

  let isStopping = false;
  const stop = async (signal: string) => {
    if (isStopping) {
      app.log.warn(`${signal} received again, exiting now`);
      process.exit(1);
    }
    isStopping = true;
    app.log.info(`${signal} received, shutting down`);
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "error during shutdown");
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  const storage = config.databaseUrl ? "PostgreSQL" : `embedded database in ${config.dataDir}`;
  app.log.info(
    `Ideaport is ready at ${config.appUrl} (${storage}, started in ${Math.round(performance.now() - startedAt)} ms)`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    // Without the values a failed query carried (lib/error-log.ts).
    console.error("Ideaport could not start:", describeError(error));
    if (error instanceof Error && process.env.LOG_LEVEL === "debug") console.error(safeStack(error));
  }
  process.exit(1);
});
