import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import Fastify from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../test/app.ts";
import { compression, JSON_COMPRESSION_THRESHOLD_BYTES } from "./compression.ts";

let testApp: TestApp | undefined;
let dist: string | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
  if (dist) rmSync(dist, { recursive: true, force: true });
  dist = undefined;
});

const SCRIPT = `export const greeting = ${JSON.stringify("hello ".repeat(500))};\n`;
const PAGE = `<!doctype html><title>Ideaport</title><p>${"text ".repeat(300)}</p>`;

/** A built web app in a temp dir: each text file with its brotli and gzip copies beside it, as the build writes them. */
function builtWebApp(): string {
  const root = mkdtempSync(path.join(tmpdir(), "ideaport-web-dist-"));
  mkdirSync(path.join(root, "assets"));
  for (const [name, content] of [
    ["index.html", PAGE],
    ["assets/index-abc123.js", SCRIPT],
  ] as const) {
    writeFileSync(path.join(root, name), content);
    writeFileSync(path.join(root, `${name}.br`), brotliCompressSync(content));
    writeFileSync(path.join(root, `${name}.gz`), gzipSync(content));
  }
  dist = root;
  return root;
}

async function start(env: Record<string, string> = {}) {
  testApp = await buildTestApp({ env });
  return testApp.app;
}

describe("the web app's files are sent compressed", () => {
  it("sends the brotli copy of a hashed script to a browser that accepts br, still cached for a year", async () => {
    const app = await start({ WEB_DIST_DIR: builtWebApp() });
    const response = await app.inject({
      url: "/assets/index-abc123.js",
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toContain("javascript");
    expect(response.headers.vary).toContain("accept-encoding");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.rawPayload.length).toBeLessThan(SCRIPT.length / 10);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it("sends the gzip copy to a browser that accepts only gzip, and the file itself to one that accepts neither", async () => {
    const app = await start({ WEB_DIST_DIR: builtWebApp() });
    const gzipped = await app.inject({ url: "/assets/index-abc123.js", headers: { "accept-encoding": "gzip" } });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(SCRIPT);

    const plain = await app.inject({ url: "/assets/index-abc123.js", headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it("sends index.html compressed for a client route, never cached", async () => {
    const app = await start({ WEB_DIST_DIR: builtWebApp() });
    const response = await app.inject({ url: "/app/manager-ideas", headers: { "accept-encoding": "br, gzip" } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(PAGE);
  });
});

describe("JSON answers are compressed above the threshold", () => {
  it("compresses a large JSON answer with brotli when the client accepts it", async () => {
    const app = await start();
    const plain = await app.inject({ url: "/api/docs/" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(JSON_COMPRESSION_THRESHOLD_BYTES);

    const response = await app.inject({ url: "/api/docs/", headers: { "accept-encoding": "br" } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toContain("application/json");
    expect(response.rawPayload.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString())).toEqual(plain.json());
  });

  it("sends a small JSON answer as it is", async () => {
    const app = await start();
    const response = await app.inject({ url: "/healthz", headers: { "accept-encoding": "br, gzip" } });
    expect(response.statusCode).toBe(200);
    expect(response.body.length).toBeLessThan(JSON_COMPRESSION_THRESHOLD_BYTES);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.json()).toBeTruthy();
  });

  it("leaves event streams uncompressed", async () => {
    const app = Fastify();
    await app.register(compression);
    app.get("/api/test-events/", async (_request, reply) => {
      reply.type("text/event-stream");
      return `data: ${"x".repeat(4 * JSON_COMPRESSION_THRESHOLD_BYTES)}\n\n`;
    });
    const response = await app.inject({ url: "/api/test-events/", headers: { "accept-encoding": "br, gzip" } });
    await app.close();
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.body).toMatch(/^data: x+/);
  });
});
