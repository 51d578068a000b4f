import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import {
  E2E_CALENDAR_TOKEN_KEY,
  E2E_DATA_DIR,
  E2E_OAUTH_CLIENT,
  E2E_OAUTH_ISSUER,
  E2E_PORT,
  E2E_PSEUDO_CATALOGUE,
  E2E_PSEUDO_DATA_DIR,
  E2E_PSEUDO_PORT,
  E2E_RUN_SUFFIX,
  E2E_SMTP_PORT,
  REPO_ROOT,
} from "./support/environment.ts";

/**
 * Browser tests in Debian's Chromium against the real server on a fresh embedded database,
 * seeded with the demo company, sending mail to a real SMTP peer (support/mail-peer.ts).
 */
export default defineConfig({
  testDir: "./tests",
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // Each journey also runs axe on every page and dialog it opens: seconds per check on a busy machine.
  // CI machines run the suite up to ten times slower than a developer's (the whole suite took 15 to
  // 46 min on the same code): an assertion waits up to 30 s (a passing one returns at once), a
  // journey 3 min, and a longer journey says how long it may take, half as long again as the
  // slowest it has taken.
  timeout: 180_000,
  expect: { timeout: 30_000 },
  reporter: process.env.CI
    ? [["list"]]
    : [["list"], ["html", { open: "never", outputFolder: `../.tmp/playwright-report${E2E_RUN_SUFFIX}` }]],
  outputDir: `../.tmp/test-results${E2E_RUN_SUFFIX}`,
  globalSetup: "./support/global-setup.ts",
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    trace: "retain-on-failure",
    // The app's service worker answers page requests itself, out of reach of page.route: the
    // journeys run without it, but the offline journey (tests/offline.spec.ts), which tests it.
    serviceWorkers: "block",
    screenshot: "only-on-failure",
    ...devices["Desktop Chrome"],
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  webServer: [
    {
      // A fresh embedded database every run (webServer starts before globalSetup). The compiled
      // server, as production runs it: `npm run test:e2e` builds it first.
      command: `rm -rf "${E2E_DATA_DIR}" && node --enable-source-maps dist/main.js`,
      cwd: path.join(REPO_ROOT, "apps/server"),
      url: `http://localhost:${E2E_PORT}/readyz`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        NODE_ENV: "test",
        PORT: String(E2E_PORT),
        HOST: "127.0.0.1",
        APP_URL: `http://localhost:${E2E_PORT}`,
        DATA_DIR: E2E_DATA_DIR,
        SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
        LOG_LEVEL: "warn",
        SEED_DEMO: "true",
        RATE_LIMIT_MULTIPLIER: "20",
        // The calendar provider: oidc-provider, started by globalSetup (support/oauth-provider.ts).
        CALENDAR_PROVIDER_NAME: "Test Calendar",
        CALENDAR_CLIENT_ID: E2E_OAUTH_CLIENT.id,
        CALENDAR_CLIENT_SECRET: E2E_OAUTH_CLIENT.secret,
        CALENDAR_AUTH_URL: `${E2E_OAUTH_ISSUER}/auth`,
        CALENDAR_TOKEN_URL: `${E2E_OAUTH_ISSUER}/token`,
        CALENDAR_SCOPE: "openid offline_access",
        CALENDAR_TOKEN_KEY: E2E_CALENDAR_TOKEN_KEY,
        // The single sign-on journey's identity provider is that same provider, on this machine,
        // and the integrations journey's chat channel and webhook receiver run on the loopback too.
        INTEGRATIONS_ALLOW_PRIVATE_NETWORKS: "true",
        // The job queue sends chat messages and webhook deliveries after commit.
        JOB_QUEUE: "true",
      },
    },
    {
      // The pseudo-language journey's server (tests/pseudo-language.spec.ts, docs/decisions.md): a
      // database of its own, English said in the pseudo-locale, the web's pseudo-language build,
      // and no mail (its demo people share the addresses of the suite's).
      command: [
        `node ../../scripts/pseudo-locale.mjs "${E2E_PSEUDO_CATALOGUE}" packages/shared apps/server`,
        `rm -rf "${E2E_PSEUDO_DATA_DIR}"`,
        "node --enable-source-maps dist/main.js",
      ].join(" && "),
      cwd: path.join(REPO_ROOT, "apps/server"),
      url: `http://localhost:${E2E_PSEUDO_PORT}/readyz`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        NODE_ENV: "test",
        PORT: String(E2E_PSEUDO_PORT),
        HOST: "127.0.0.1",
        APP_URL: `http://localhost:${E2E_PSEUDO_PORT}`,
        DATA_DIR: E2E_PSEUDO_DATA_DIR,
        LOG_LEVEL: "warn",
        SEED_DEMO: "true",
        RATE_LIMIT_MULTIPLIER: "20",
        WEB_DIST_DIR: path.join(REPO_ROOT, "apps/web/dist-pseudo"),
        PSEUDO_LOCALE_CATALOGUE: E2E_PSEUDO_CATALOGUE,
      },
    },
  ],
});
