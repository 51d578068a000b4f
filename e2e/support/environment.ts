import path from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** Ports of the e2e server and SMTP peer; overridable so two checkouts can run the suite side by side. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8100);
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2625);
/** The OAuth 2.0 provider of the calendar connection (support/oauth-provider.ts), beside the server's port by default. */
export const E2E_OAUTH_PORT = Number(process.env.E2E_OAUTH_PORT ?? E2E_PORT + 3);
export const E2E_OAUTH_ISSUER = `http://localhost:${E2E_OAUTH_PORT}`;
/** The calendar's CALENDAR_TOKEN_KEY in end-to-end runs: a fixed test key, never a real one. */
export const E2E_CALENDAR_TOKEN_KEY = Buffer.alloc(32, 42).toString("base64");
export const E2E_OAUTH_CLIENT = { id: "ideaport-e2e", secret: "ideaport-e2e-secret-long-enough-for-tests" } as const;
/** Database, mail file and reports are kept per port, so side-by-side runs never share them. */
export const E2E_RUN_SUFFIX = process.env.E2E_PORT ? `-${E2E_PORT}` : "";
export const E2E_DATA_DIR = path.join(REPO_ROOT, `.tmp/e2e-data${E2E_RUN_SUFFIX}`);
export const E2E_MAIL_FILE = path.join(REPO_ROOT, `.tmp/e2e-mail${E2E_RUN_SUFFIX}.jsonl`);

/** The demo company the server is seeded with (apps/server/src/seed/demo.ts). */
export const DEMO_PASSWORD_HINT = "see apps/server/src/seed/demo.ts";

/**
 * The pseudo-language server (tests/pseudo-language.spec.ts): the same server on a database of its
 * own, saying English in the pseudo-locale (PSEUDO_LOCALE_CATALOGUE) and serving the web app's
 * pseudo-language build (`npm run build:pseudo --workspace @ideaport/web`, apps/web/dist-pseudo).
 */
export const E2E_PSEUDO_PORT = Number(process.env.E2E_PSEUDO_PORT ?? E2E_PORT + 4);
export const E2E_PSEUDO_URL = `http://localhost:${E2E_PSEUDO_PORT}`;
export const E2E_PSEUDO_DATA_DIR = path.join(REPO_ROOT, `.tmp/e2e-pseudo-data${E2E_RUN_SUFFIX}`);
export const E2E_PSEUDO_CATALOGUE = path.join(REPO_ROOT, `.tmp/e2e-pseudo-catalogue${E2E_RUN_SUFFIX}.json`);
