/**
 * Live notifications across instances: two compiled servers behind no load balancer, on one
 * PostgreSQL (a fresh database made for this file) and one Redis, as a scaled-out deployment runs
 * them. A browser signed in on instance B hears at once of a comment written through instance A:
 * the bell's list shows the sentence within a second (the 60 s poll is only the fallback); with the
 * bell closed, a short toast tells the next one, once, with its link.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { ApiSession } from "../support/accounts.ts";
import { DEMO, DEMO_PASSWORD } from "../support/demo.ts";
import { E2E_PORT, REPO_ROOT } from "../support/environment.ts";
import { expect, expectAccessible, test } from "../support/fixtures.ts";
import { openNotifications, submitLogInForm } from "../support/session.ts";

const POSTGRES = { host: "127.0.0.1", port: "5432", user: "postgres" };
const REDIS_URL = "redis://127.0.0.1:6379";
const DATABASE = `ideaport_e2e_live_${E2E_PORT}_${randomBytes(4).toString("hex")}`;
const JWT_SECRET = randomBytes(32).toString("hex");

interface Instance {
  name: string;
  url: string;
  process: ChildProcess;
  stderr: string[];
}

function runPsql(sql: string): void {
  execFileSync("psql", ["-h", POSTGRES.host, "-p", POSTGRES.port, "-U", POSTGRES.user, "-d", "postgres", "-c", sql], {
    stdio: "pipe",
  });
}

/** Starts `node apps/server/dist/main.js` on `port` and waits until it answers /readyz. */
async function startInstance(name: string, port: number, options: { seedDemo: boolean }): Promise<Instance> {
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, ["--enable-source-maps", "dist/main.js"], {
    cwd: path.join(REPO_ROOT, "apps/server"),
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: url,
      DATABASE_URL: `postgres://${POSTGRES.user}@${POSTGRES.host}:${POSTGRES.port}/${DATABASE}`,
      REDIS_URL,
      JWT_SECRET,
      DATA_DIR: path.join(REPO_ROOT, `.tmp/e2e-live-${port}`),
      LOG_LEVEL: "warn",
      SEED_DEMO: String(options.seedDemo),
      RATE_LIMIT_MULTIPLIER: "20",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  const instance: Instance = { name, url, process: child, stderr: [] };
  child.stderr?.on("data", (chunk: Buffer) => instance.stderr.push(chunk.toString()));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}): ${instance.stderr.join("")}`);
    const ready = await fetch(`${url}/readyz`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (ready) return instance;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill("SIGKILL");
  throw new Error(`${name} did not become ready: ${instance.stderr.join("")}`);
}

/** Stops an instance as an orchestrator does (SIGTERM); answers how long it took to exit. */
async function stopInstance(instance: Instance | undefined): Promise<number> {
  if (!instance || instance.process.exitCode !== null) return 0;
  const started = Date.now();
  const exited = new Promise<void>((resolve) => instance.process.once("exit", () => resolve()));
  instance.process.kill("SIGTERM");
  const timer = setTimeout(() => instance.process.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
  return Date.now() - started;
}

let instanceA: Instance | undefined;
let instanceB: Instance | undefined;

test.describe("live notifications across two instances", () => {
  test.describe.configure({ mode: "serial", timeout: 240_000 });

  test.beforeAll(async () => {
    test.setTimeout(360_000);
    runPsql(`create database ${DATABASE}`);
    // A migrates and seeds the demo company; B then starts on the same database.
    instanceA = await startInstance("instance A", E2E_PORT + 11, { seedDemo: true });
    instanceB = await startInstance("instance B", E2E_PORT + 12, { seedDemo: false });
  });

  test.afterAll(async () => {
    await stopInstance(instanceA);
    await stopInstance(instanceB);
    runPsql(`drop database if exists ${DATABASE} with (force)`);
  });

  test("a comment written through instance A reaches the bell of a page on instance B within a second", async ({
    page,
  }) => {
    const a = instanceA!;
    const b = instanceB!;
    const title = `Live bell ${randomBytes(3).toString("hex")}`;

    // Priya's idea, submitted through A; her tours are done so that nothing covers the bell.
    const priya = await ApiSession.signIn(DEMO.employee.email, DEMO_PASSWORD, a.url);
    await priya.post("/api/user/update-onboarding-status/", { onboarding_status: "admin_overlay_completed" });
    const { idea } = await priya.post<{ idea: { id: string } }>("/api/project-ideas/", {
      title,
      description: "Tell the author the moment someone comments.",
      draft: false,
    });
    await priya.dispose();

    // Priya signs in on B, and her page opens the notification stream there.
    const streamAnswers: string[] = [];
    page.on("response", (response) => {
      if (response.url().includes("/api/notifications/stream/")) streamAnswers.push(String(response.status()));
    });
    page.on("request", (request) => {
      if (request.url().includes("/api/notifications/stream/")) streamAnswers.push("sent");
    });
    page.on("requestfailed", (request) => {
      if (request.url().includes("/api/notifications/stream/"))
        streamAnswers.push(`failed: ${request.failure()?.errorText}`);
    });
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") pageErrors.push(message.text());
    });
    const streamOpened = page
      .waitForResponse(
        (response) => response.url() === `${b.url}/api/notifications/stream/` && response.status() === 200,
        { timeout: 30_000 },
      )
      .catch((error: unknown) => {
        throw new Error(
          `No stream opened on B (answers: ${streamAnswers.join(", ") || "none"}) at ${page.url()}; the page said: ${pageErrors.join(" | ")}; B said: ${b.stderr.join("").slice(-2000)}`,
          { cause: error },
        );
      });
    await page.goto(`${b.url}/login`);
    await submitLogInForm(page, DEMO.employee.email, DEMO_PASSWORD);
    await expect(page).not.toHaveURL(/\/login/);
    await streamOpened;
    await page.getByRole("button", { name: /^Notifications/ }).click();
    const bell = page.getByRole("dialog", { name: "Notifications" });
    await expect(bell).toBeVisible();
    const sentence = `${DEMO.admin.name} commented on your idea "${title}".`;
    await expect(bell.getByText(sentence)).toHaveCount(0);

    // Alice comments through A. Nothing reads the list again before the sentence shows: the
    // stream brings it (the open bell then marks it read, and only that refreshes the list).
    const alice = await ApiSession.signIn(DEMO.admin.email, DEMO_PASSWORD, a.url);
    const bellRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/notifications/")) bellRequests.push(`${request.method()} ${request.url()}`);
    });
    // The page notes the moment the sentence enters the bell (same clock as this process), so the
    // figure is the delivery's, not the test runner's polling.
    await page.evaluate((text) => {
      const record = window as unknown as { sentenceShownAt?: number };
      const observer = new MutationObserver(() => {
        if (!document.querySelector('[role="dialog"]')?.textContent?.includes(text)) return;
        observer.disconnect();
        record.sentenceShownAt = Date.now();
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    }, sentence);
    const started = Date.now();
    await alice.post(`/api/project-ideas/${idea.id}/comments/`, { body: "Let us try it next sprint." });
    const answered = Date.now();
    await expect(bell.getByText(sentence, { exact: true })).toBeVisible({ timeout: 5000 });
    const shownAt = await page.evaluate(() => (window as unknown as { sentenceShownAt?: number }).sentenceShownAt);
    const latency = (shownAt ?? Number.POSITIVE_INFINITY) - started;
    await alice.dispose();
    test.info().annotations.push({
      type: "latency",
      description: `${latency} ms from sending the comment to A to the sentence in the bell on B (A answered after ${answered - started} ms)`,
    });
    expect(latency).toBeLessThan(1000);
    expect(bellRequests[0] ?? "", "the first request of the bell after the comment").toMatch(/^POST .*\/mark-read\/$/);
    await expectAccessible(page);

    // With the bell closed, the next comment is told in a toast: the bell's sentence, linked to the idea.
    await page.keyboard.press("Escape");
    await expect(bell).toBeHidden();
    const toast = page.getByRole("status", { name: "New notification" });
    await expect(toast).toBeEmpty();
    const again = await ApiSession.signIn(DEMO.admin.email, DEMO_PASSWORD, a.url);
    await again.post(`/api/project-ideas/${idea.id}/comments/`, { body: "And the week after, the second team." });
    await again.dispose();
    const toastLink = toast.getByRole("link", { name: sentence, exact: true });
    await expect(toastLink).toBeVisible({ timeout: 5000 });
    // Focused, it stays until it is followed (otherwise it goes after a few seconds).
    await toastLink.focus();
    await expect(toast.getByText(sentence, { exact: true })).toHaveCount(1);
    await expect(page.getByRole("button", { name: "Notifications, 1 unread" })).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`[?&]idea=${idea.id}`));
    await expect(page.getByRole("dialog", { name: title })).toBeVisible();
    await expect(toast).toBeEmpty();
    await page.keyboard.press("Escape");
    // The bell holds one sentence per comment: two comments, two items.
    const bellAgain = await openNotifications(page);
    await expect(bellAgain.getByText(sentence, { exact: true })).toHaveCount(2);
    await page.keyboard.press("Escape");

    // B shuts down promptly although Priya's stream is open.
    expect(await stopInstance(b)).toBeLessThan(10_000);
  });
});
