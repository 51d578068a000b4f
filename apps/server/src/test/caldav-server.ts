/**
 * A real CalDAV server for tests: Debian's Radicale on a free port with its storage in a
 * temporary folder, one calendar collection made with MKCALENDAR. Radicale has no bearer-token
 * authentication, so a small proxy in front records the Authorization header of every request
 * (tests check the person's access token is sent) and forwards it.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/** Marks the test's own requests, which `authorizations` leaves out. */
export const TEST_READER_HEADER = "x-test-reader";

export interface TestCalDavServer {
  /** The calendar collection events are written to (through the proxy). */
  collectionUrl: string;
  /** The Authorization headers the server received, in order (not those of the test's own reads). */
  authorizations: string[];
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function waitForPort(url: string, radicale: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (radicale.exitCode !== null) throw new Error(`Radicale exited with ${radicale.exitCode}`);
    try {
      await fetch(url, { method: "OPTIONS" });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error("Radicale did not start.");
}

export async function startTestCalDavServer(): Promise<TestCalDavServer> {
  if (!existsSync("/usr/bin/radicale")) {
    throw new Error("Radicale is not installed: apt-get install -y radicale (.ci/run does it)");
  }
  const folder = mkdtempSync(path.join(tmpdir(), "ideaport-radicale-"));
  const radicalePort = await freePort();
  const configFile = path.join(folder, "config");
  writeFileSync(
    configFile,
    [
      "[server]",
      `hosts = 127.0.0.1:${radicalePort}`,
      "[auth]",
      "type = none",
      "[rights]",
      "type = authenticated",
      "[storage]",
      `filesystem_folder = ${path.join(folder, "collections")}`,
      "[logging]",
      "level = warning",
      "",
    ].join("\n"),
  );
  const radicale = spawn("/usr/bin/radicale", ["--config", configFile], { stdio: "ignore" });
  try {
    return await serveThroughProxy(radicale, radicalePort, folder);
  } catch (error) {
    // A setup that fails half-way leaves no server behind.
    radicale.kill("SIGTERM");
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}

async function serveThroughProxy(
  radicale: ChildProcess,
  radicalePort: number,
  folder: string,
): Promise<TestCalDavServer> {
  const radicaleUrl = `http://127.0.0.1:${radicalePort}`;
  await waitForPort(`${radicaleUrl}/`, radicale);

  const authorizations: string[] = [];
  const proxy: Server = createServer((incoming, outgoing) => {
    if (!incoming.headers[TEST_READER_HEADER]) authorizations.push(incoming.headers.authorization ?? "");
    const forwarded = httpRequest(
      { host: "127.0.0.1", port: radicalePort, method: incoming.method, path: incoming.url, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;

  const collectionUrl = `${proxyUrl}/ideaport/calendar/`;
  const parent = await fetch(`${proxyUrl}/ideaport/`, { method: "MKCOL" });
  if (parent.status !== 201) throw new Error(`MKCOL answered ${parent.status}: ${await parent.text()}`);
  const made = await fetch(collectionUrl, { method: "MKCALENDAR" });
  if (made.status !== 201) throw new Error(`MKCALENDAR answered ${made.status}: ${await made.text()}`);
  authorizations.length = 0;

  return {
    collectionUrl,
    authorizations,
    async close() {
      await new Promise((resolve) => proxy.close(resolve));
      radicale.kill("SIGTERM");
      await new Promise((resolve) => (radicale.exitCode !== null ? resolve(null) : radicale.once("exit", resolve)));
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
