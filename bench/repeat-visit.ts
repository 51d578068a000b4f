// The repeat visit of each signed-in page, on Lighthouse's phone (mobile preset, DevTools
// throttling, which slows what the network sends and leaves what the service worker answers from
// the device): the page is opened twice first (the service worker installs and keeps the page),
// then Lighthouse loads it again without clearing anything. Prints First and Largest Contentful
// Paint per page; the goal is the page's content painted within a second.
// LIGHTHOUSE_PAGES (a regular expression) limits the pages. Serves the built web app (`npm run
// build` first) from a fresh demo server unless LIGHTHOUSE_BASE_URL points at a running one.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { DEBUG_PORT, SERVER_PORT, signIn, startChromium, startServer } from "./lighthouse.ts";
import { appPagesByRole, DEMO_ROLES, type DemoRole } from "./pages.ts";
import { stopServer } from "./server-harness.ts";

const ONLY = process.env.LIGHTHOUSE_PAGES ? new RegExp(process.env.LIGHTHOUSE_PAGES) : null;
/** The repeat visit's goal: the page's content painted within a second. */
const REPEAT_PAINT_GOAL_MS = 1000;

interface RepeatFigures {
  page: string;
  as: DemoRole;
  fcpMs: number;
  lcpMs: number;
}

/** How long the warm-up lets the reloaded page settle: its data arrives and the worker keeps the page. */
const WARM_UP_SETTLE_MS = 3000;

/** What the warm-up reads of the page's window (the benchmarks are compiled without the DOM's types). */
interface WindowWithWorker {
  navigator: { serviceWorker: { controller: object | null } };
}

/** Opens `url` twice and waits until the service worker controls it: what a repeat visit finds. */
async function warmUp(url: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${DEBUG_PORT}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    await page.goto(url);
    // A function, not a string: the page's Content-Security-Policy forbids evaluating strings.
    await page.waitForFunction(
      () => (globalThis as unknown as WindowWithWorker).navigator.serviceWorker.controller,
      undefined,
      {
        timeout: 60_000,
      },
    );
    await page.reload();
    // Not "networkidle": a signed-in page keeps its event stream open. The worker keeps the page as it arrives.
    await page.waitForLoadState("load");
    await page.waitForTimeout(WARM_UP_SETTLE_MS);
    await page.close();
  } finally {
    await browser.close();
  }
}

async function repeatVisit(url: string, as: DemoRole): Promise<RepeatFigures> {
  await warmUp(url);
  const result = await lighthouse(url, {
    port: DEBUG_PORT,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
    disableStorageReset: true,
    throttlingMethod: "devtools",
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { audits } = result.lhr;
  return {
    page: new URL(url).pathname,
    as,
    fcpMs: audits["first-contentful-paint"]?.numericValue ?? Number.NaN,
    lcpMs: audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
  };
}

export async function runRepeatVisitBenchmark(): Promise<RepeatFigures[]> {
  const workDir = mkdtempSync(path.join(tmpdir(), "ideaport-bench-repeat-"));
  const server = process.env.LIGHTHOUSE_BASE_URL ? null : await startServer(path.join(workDir, "data"));
  const baseUrl = process.env.LIGHTHOUSE_BASE_URL ?? `http://localhost:${SERVER_PORT}`;
  const rows: RepeatFigures[] = [];
  try {
    const byRole = appPagesByRole();
    for (const role of Object.keys(DEMO_ROLES) as DemoRole[]) {
      const pages = byRole
        .filter((entry) => entry.role === role && (!ONLY || ONLY.test(entry.path)))
        .map((entry) => entry.path);
      if (pages.length === 0) continue;
      const browser = await startChromium(mkdtempSync(path.join(workDir, "profile-")));
      try {
        await signIn(baseUrl, role);
        for (const page of pages) rows.push(await repeatVisit(`${baseUrl}${page}`, role));
      } finally {
        await stopServer(browser);
      }
    }
  } finally {
    if (server) await stopServer(server);
    // Chromium may still be writing its profile as it exits: the removal tries again.
    rmSync(workDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
  console.info("Repeat visit (service worker warm), Lighthouse mobile preset, DevTools throttling:");
  console.info(`${"page".padEnd(36)} ${"as".padEnd(10)}    FCP s    LCP s  goal (content < 1 s)`);
  for (const row of rows) {
    console.info(
      [
        row.page.padEnd(36),
        row.as.padEnd(10),
        (row.fcpMs / 1000).toFixed(2).padStart(8),
        (row.lcpMs / 1000).toFixed(2).padStart(8),
        `  ${row.lcpMs <= REPEAT_PAINT_GOAL_MS ? "met" : "missed"}`,
      ].join(" "),
    );
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) await runRepeatVisitBenchmark();
