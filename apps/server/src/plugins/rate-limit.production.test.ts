/**
 * Rate limits of the real server started as in production (its own process, NODE_ENV=production):
 * behind a proxy (TRUST_PROXY) and with Redis unreachable.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../config/env.ts";
import { AUTH_GUESS_LIMITS } from "../modules/auth/auth.routes.ts";
import { TEST_JWT_SECRET } from "../test/app.ts";
import { mailPeerPerFile } from "../test/mail-peer.ts";

const MAIN = path.join(REPO_ROOT, "apps/server/src/main.ts");

const peer = mailPeerPerFile();
const running: { child: ChildProcess; dataDir: string }[] = [];

afterEach(async () => {
  for (const { child, dataDir } of running.splice(0)) {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("close", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface ServerProcess {
  url: string;
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
}

/** Spawns main.ts with production settings plus `env`; answers once it listens or has exited. */
async function startServer(env: Record<string, string>, expectExit = false): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "ideaport-rate-limit-"));
  const child = spawn(process.execPath, ["--import", "tsx", MAIN], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "production",
      JWT_SECRET: TEST_JWT_SECRET,
      DATA_DIR: dataDir,
      HOST: "127.0.0.1",
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: peer.url,
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      WEB_DIST_DIR: path.join(REPO_ROOT, ".tmp/no-web-build"),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.push({ child, dataDir });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  child.stderr!.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  const exited = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  // Start-up takes a few seconds, and much longer on a busy machine.
  const deadline = Date.now() + 150_000;
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
  });
  while (!hasExited && Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  if (!expectExit && (hasExited || Date.now() >= deadline)) throw new Error(`the server did not start:\n${output}`);
  return { url, output: () => output, exited };
}

/** A browser-like client of a running server: the CSRF token and cookies on mutating calls. */
async function clientOf(url: string) {
  const csrf = (await (await fetch(`${url}/api/csrf-token/`)).json()) as { csrfToken: string };
  return {
    post: (pathname: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${url}${pathname}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-csrftoken": csrf.csrfToken,
          cookie: `csrftoken=${csrf.csrfToken}`,
          ...headers,
        },
        body: JSON.stringify(body),
      }),
  };
}

/** Signs up through the API (code by mail) and answers the e-mail and password. */
async function signUp(client: Awaited<ReturnType<typeof clientOf>>, name: string) {
  const email = `${name}-${Date.now()}@example.com`;
  const password = "Sunshine-2026";
  const requested = await client.post("/api/request-verification-code/", {
    email,
    password,
    first_name: "Pat",
    last_name: "Proxy",
  });
  expect(requested.status).toBe(200);
  const mail = await peer.waitForMail(email);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  const verified = await client.post("/api/verify-email-register/", { email, code });
  expect(verified.status).toBe(200);
  return { email, password };
}

describe("behind a proxy (TRUST_PROXY)", () => {
  it("refuses TRUST_PROXY=true at start-up with one line saying what to write instead", async () => {
    const server = await startServer({ TRUST_PROXY: "true" }, true);
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("TRUST_PROXY: `true` would trust any X-Forwarded-For a client sends");
    expect(server.output()).toContain("(e.g. 1)");
  }, 200_000);

  it("counts the address the proxy saw, and an account's failures whatever the address", async () => {
    const server = await startServer({ TRUST_PROXY: "1" });
    const client = await clientOf(server.url);
    const first = await signUp(client, "proxied");
    const second = await signUp(client, "botnet-target");

    // One client behind the proxy writes a new left-most X-Forwarded-For entry each time.
    const perAccountAndAddress = AUTH_GUESS_LIMITS.login.rules.find((rule) => rule.per === "target-and-address")!;
    const fromOneClient: number[] = [];
    for (let attempt = 0; attempt <= perAccountAndAddress.max; attempt++) {
      const response = await client.post(
        "/api/auth/login/",
        { email: first.email, password: "wrong-password" },
        { "x-forwarded-for": `10.${attempt}.0.1, 192.0.2.10` },
      );
      fromOneClient.push(response.status);
    }
    expect(fromOneClient).toEqual([...Array(perAccountAndAddress.max).fill(401), 429]);

    // Forty wrong passwords on one account from forty addresses: each address is answered, as the
    // owner's own would be; past the per-account limit, the addresses that failed are refused when
    // they come back.
    const perAccount = AUTH_GUESS_LIMITS.login.rules.find((rule) => rule.per === "target")!;
    const guess = (attempt: number) =>
      client.post(
        "/api/auth/login/",
        { email: second.email, password: "wrong-password" },
        { "x-forwarded-for": `10.${attempt}.0.1, 198.51.100.${attempt + 1}` },
      );
    const fromEverywhere: number[] = [];
    for (let attempt = 0; attempt < 40; attempt++) fromEverywhere.push((await guess(attempt)).status);
    expect(fromEverywhere).toEqual(Array(40).fill(401));
    const comingBack: number[] = [];
    for (let attempt = 0; attempt < perAccount.max; attempt++) comingBack.push((await guess(attempt)).status);
    expect(comingBack).toEqual(Array(perAccount.max).fill(429));
  }, 300_000);
});

describe("with Redis unreachable", () => {
  it("signs people in on in-process limits, never answers 500, and readiness says degraded", async () => {
    const closedPort = await freePort();
    const server = await startServer({ REDIS_URL: `redis://127.0.0.1:${closedPort}` });
    const client = await clientOf(server.url);
    const person = await signUp(client, "no-redis");

    expect((await client.post("/api/auth/login/", { email: person.email, password: "wrong" })).status).toBe(401);
    const login = await client.post("/api/auth/login/", person);
    expect(login.status).toBe(200);
    expect(login.headers.get("x-ratelimit-limit")).not.toBeNull();

    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: "degraded",
      reason: "Redis is unreachable: rate limits are counted per instance.",
    });
    const loudLines = server.output().match(/Redis unreachable: rate limits fall back to in-process counters/g) ?? [];
    expect(loudLines).toHaveLength(1);
  }, 300_000);
});
