// Lighthouse (mobile preset) on every page: the public pages signed out, each /app page signed in
// as the most privileged demo role allowed on it. Prints Performance, Accessibility, Best
// Practices, LCP, TBT, CLS and script bytes per page, marking figures that miss the goals.
// LIGHTHOUSE_PAGES (a regular expression) limits the pages, LIGHTHOUSE_REPORT_DIR keeps the reports.
// Serves the built web app (`npm run build` first) from a fresh demo server unless
// LIGHTHOUSE_BASE_URL points at a running one. Chromium: CHROMIUM_PATH or /usr/bin/chromium.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { LIGHTHOUSE_GOALS } from "../apps/web/scripts/performance-budgets.ts";
import { appPagesByRole, DEMO_PASSWORD, DEMO_ROLES, type DemoRole, publicPages } from "./pages.ts";
import { spawnServer, stopServer, waitUntilReady } from "./server-harness.ts";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const SERVER_PORT = Number(process.env.LIGHTHOUSE_SERVER_PORT ?? 8811);
export const DEBUG_PORT = Number(process.env.LIGHTHOUSE_DEBUG_PORT ?? 9333);
/** Optional: a directory to keep each page's full Lighthouse report in (JSON). */
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR;
/** Optional: measure only the pages whose path matches this regular expression. */
const ONLY = process.env.LIGHTHOUSE_PAGES ? new RegExp(process.env.LIGHTHOUSE_PAGES) : null;

interface PageFigures {
  page: string;
  as: DemoRole | "signed out";
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  scriptBytes: number;
}

/** How long the server (seeding the demo company) and Chromium may take to answer. */
const READY = { timeoutMs: 120_000, intervalMs: 100 };

export async function startServer(dataDir: string): Promise<ChildProcess> {
  const child = spawnServer("apps/server/src/main.ts", {
    NODE_ENV: "test",
    PORT: String(SERVER_PORT),
    APP_URL: `http://localhost:${SERVER_PORT}`,
    DATA_DIR: dataDir,
    SEED_DEMO: "true",
    LOG_LEVEL: "error",
    RATE_LIMIT_MULTIPLIER: "1000",
  });
  await waitUntilReady(child, `http://127.0.0.1:${SERVER_PORT}/readyz`, READY);
  return child;
}

/** A headless Chromium with a profile of its own, reachable on DEBUG_PORT. */
export async function startChromium(profileDir: string): Promise<ChildProcess> {
  const child = spawn(
    CHROMIUM,
    [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--no-first-run",
      `--remote-debugging-port=${DEBUG_PORT}`,
      `--user-data-dir=${profileDir}`,
      "about:blank",
    ],
    { stdio: "ignore" },
  );
  child.once("error", (error) => console.error(`Chromium could not start (${CHROMIUM}): ${error.message}`));
  await waitUntilReady(child, `http://127.0.0.1:${DEBUG_PORT}/json/version`, READY);
  return child;
}

/**
 * Signs in through /login with "Remember me" (the session then lives in localStorage, which the
 * audit keeps), then closes the page: a second live tab would be sent away by the app.
 */
export async function signIn(baseUrl: string, role: DemoRole): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${DEBUG_PORT}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    for (const open of context.pages()) await open.close();
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByRole("textbox", { name: "Email" }).fill(DEMO_ROLES[role].email);
    await page.getByRole("textbox", { name: "Password", exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole("checkbox", { name: "Remember me" }).check();
    await page.getByRole("button", { name: "Log In" }).click();
    await page.waitForURL(/\/app\//);
    await page.close();
  } finally {
    await browser.close();
  }
}

/**
 * Empties the HTTP cache and removes the service worker with its caches (the session in
 * localStorage stays): each page is measured on a cold load (bench/repeat-visit.ts measures the warm one).
 */
async function clearHttpCache(origin: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${DEBUG_PORT}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    const session = await context.newCDPSession(page);
    await session.send("Network.clearBrowserCache");
    await session.send("Storage.clearDataForOrigin", { origin, storageTypes: "service_workers,cache_storage" });
    await page.close();
  } finally {
    await browser.close();
  }
}

/** Lighthouse on one cold load; a run whose trace failed (a busy machine) is tried again once. */
async function lighthouseRun(url: string) {
  for (let attempt = 1; ; attempt += 1) {
    await clearHttpCache(new URL(url).origin);
    const result = await runLighthouse(url);
    if (!result?.lhr.runtimeError || attempt === 2) return result;
    console.error(`${url}: ${result.lhr.runtimeError.code}, measuring again`);
  }
}

function runLighthouse(url: string) {
  return lighthouse(url, {
    port: DEBUG_PORT,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices"],
    // Keeps the signed-in session; clearHttpCache still makes every load a cold one.
    disableStorageReset: true,
  });
}

async function audit(url: string, as: PageFigures["as"]): Promise<PageFigures> {
  const result = await lighthouseRun(url);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (REPORT_DIR) {
    const name = new URL(url).pathname.replace(/\W+/g, "_") || "_";
    writeFileSync(path.join(REPORT_DIR, `${name}.json`), JSON.stringify(result.lhr));
  }
  const { categories, audits } = result.lhr;
  const requests = (audits["network-requests"]?.details as { items?: Array<Record<string, unknown>> } | undefined)
    ?.items;
  const scriptBytes = (requests ?? [])
    .filter((item) => item.resourceType === "Script")
    .reduce((sum, item) => sum + Number(item.transferSize ?? 0), 0);
  return {
    page: new URL(url).pathname,
    as,
    performance: categories.performance?.score ?? Number.NaN,
    accessibility: categories.accessibility?.score ?? Number.NaN,
    bestPractices: categories["best-practices"]?.score ?? Number.NaN,
    lcpMs: audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
    tbtMs: audits["total-blocking-time"]?.numericValue ?? Number.NaN,
    cls: audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
    scriptBytes,
  };
}

function misses(row: PageFigures): string[] {
  const signedIn = row.as !== "signed out";
  const performanceGoal = signedIn ? LIGHTHOUSE_GOALS.performanceSignedIn : LIGHTHOUSE_GOALS.performancePublic;
  const missed: string[] = [];
  if (Number.isNaN(row.performance) || Number.isNaN(row.cls)) missed.push("not measured");
  if (row.performance < performanceGoal) missed.push(`performance < ${performanceGoal}`);
  if (row.accessibility < LIGHTHOUSE_GOALS.accessibility)
    missed.push(`accessibility < ${LIGHTHOUSE_GOALS.accessibility}`);
  if (row.bestPractices < LIGHTHOUSE_GOALS.bestPractices)
    missed.push(`best practices < ${LIGHTHOUSE_GOALS.bestPractices}`);
  if (row.cls > LIGHTHOUSE_GOALS.cumulativeLayoutShift) missed.push(`CLS > ${LIGHTHOUSE_GOALS.cumulativeLayoutShift}`);
  return missed;
}

function printTable(rows: PageFigures[]): void {
  console.info(`${"page".padEnd(42)} ${"as".padEnd(10)} perf  a11y  b.p.    LCP s   TBT ms    CLS   script KiB  goals`);
  for (const row of rows) {
    const missed = misses(row);
    console.info(
      [
        row.page.padEnd(42),
        row.as.padEnd(10),
        row.performance.toFixed(2),
        ` ${row.accessibility.toFixed(2)}`,
        ` ${row.bestPractices.toFixed(2)}`,
        (row.lcpMs / 1000).toFixed(1).padStart(8),
        row.tbtMs.toFixed(0).padStart(8),
        row.cls.toFixed(3).padStart(6),
        (row.scriptBytes / 1024).toFixed(0).padStart(12),
        ` ${missed.length === 0 ? "met" : `missed: ${missed.join(", ")}`}`,
      ].join(" "),
    );
  }
}

/** Runs Lighthouse on every page and returns the figures. */
export async function runLighthouseBenchmark(): Promise<PageFigures[]> {
  const workDir = mkdtempSync(path.join(tmpdir(), "ideaport-bench-lighthouse-"));
  const server = process.env.LIGHTHOUSE_BASE_URL ? null : await startServer(path.join(workDir, "data"));
  const baseUrl = process.env.LIGHTHOUSE_BASE_URL ?? `http://localhost:${SERVER_PORT}`;
  const rows: PageFigures[] = [];
  try {
    const sessions: Array<{ as: PageFigures["as"]; pages: string[] }> = [{ as: "signed out", pages: publicPages() }];
    const byRole = appPagesByRole();
    for (const role of Object.keys(DEMO_ROLES) as DemoRole[]) {
      const pages = byRole.filter((entry) => entry.role === role).map((entry) => entry.path);
      if (pages.length > 0) sessions.push({ as: role, pages });
    }
    if (REPORT_DIR) mkdirSync(REPORT_DIR, { recursive: true });
    for (const session of sessions) {
      session.pages = session.pages.filter((page) => !ONLY || ONLY.test(page));
      if (session.pages.length === 0) continue;
      const profileDir = mkdtempSync(path.join(workDir, "profile-"));
      const browser = await startChromium(profileDir);
      try {
        if (session.as !== "signed out") await signIn(baseUrl, session.as);
        for (const page of session.pages) rows.push(await audit(`${baseUrl}${page}`, session.as));
      } finally {
        await stopServer(browser);
      }
    }
  } finally {
    if (server) await stopServer(server);
    // Chromium may still be writing its profile as it exits: the removal tries again.
    rmSync(workDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
  console.info("Lighthouse 12, mobile preset:");
  printTable(rows);
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) await runLighthouseBenchmark();
