import type { Config } from "../config/env.ts";
import type { DatabaseHandle } from "../db/client.ts";
import type { AccessTokens } from "../lib/access-token.ts";

/** What app.ts hands to every module's routes. */
export interface ModuleOptions {
  config: Config;
  database: DatabaseHandle;
  accessTokens: AccessTokens;
  /** The current time; tests move it to expire codes and tokens. */
  clock: () => Date;
}
