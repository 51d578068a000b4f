import path from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** Ports of the e2e server and SMTP peer; overridable so two checkouts can run the suite side by side. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8100);
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2625);
/** Database, mail file and reports are kept per port, so side-by-side runs never share them. */
export const E2E_RUN_SUFFIX = process.env.E2E_PORT ? `-${E2E_PORT}` : "";
export const E2E_DATA_DIR = path.join(REPO_ROOT, `.tmp/e2e-data${E2E_RUN_SUFFIX}`);
export const E2E_MAIL_FILE = path.join(REPO_ROOT, `.tmp/e2e-mail${E2E_RUN_SUFFIX}.jsonl`);

/** The demo company the server is seeded with (apps/server/src/seed/demo.ts). */
export const DEMO_PASSWORD_HINT = "see apps/server/src/seed/demo.ts";
