import type { Config } from "../config/env.ts";
import type { Database, DatabaseHandle } from "../db/client.ts";
import type { AccessTokens } from "../lib/access-token.ts";

/** What app.ts hands to every module's routes. */
export interface ModuleOptions {
  config: Config;
  database: DatabaseHandle;
  accessTokens: AccessTokens;
  /** The current time; tests move it to expire codes and tokens. */
  clock: () => Date;
}

/** What a service factory takes, at least: the database, and the current time (tests move it). */
export interface ServiceDependencies {
  db: Database;
  clock: () => Date;
}

/** The app's database and clock, as a module's routes hand them to its service. */
export function serviceDependenciesOf(options: Pick<ModuleOptions, "database" | "clock">): ServiceDependencies {
  return { db: options.database.db, clock: options.clock };
}
