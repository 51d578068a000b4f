import { randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { REPO_ROOT } from "./config/env.ts";
import { clientErrors, cspReports, webVitals } from "./db/schema/index.ts";
import { buildTestApp, type TestApp } from "./test/app.ts";

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

async function start(env: Record<string, string> = {}) {
  testApp = await buildTestApp({ env });
  return testApp;
}

/** Starts the server on a web build of its own (`label` names its folder) holding `files`, by path in the build. */
async function startWithWebBuild(label: string, files: Record<string, string>) {
  const dist = path.join(REPO_ROOT, `.tmp/web-dist-${label}-${process.pid}`);
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    writeFileSync(path.join(dist, file), content);
  }
  return start({ WEB_DIST_DIR: dist });
}

describe("security headers", () => {
  it("sends every header on API answers, 404s and pages alike", async () => {
    const { app } = await start();
    for (const url of ["/healthz", "/api/nothing-here/", "/app/employee-ideas"]) {
      const response = await app.inject({ method: "GET", url });
      const csp = String(response.headers["content-security-policy"]);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain(
        "frame-src https://www.youtube.com https://www.youtube-nocookie.com https://player.vimeo.com",
      );
      expect(csp).toContain("img-src 'self' data:;");
      expect(csp).toContain("connect-src 'self' http://localhost:8000");
      expect(csp).toContain("worker-src 'self'");
      expect(csp).toContain("manifest-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers["x-frame-options"]).toBe("DENY");
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(response.headers["permissions-policy"]).toBe("camera=(), microphone=(), geolocation=(), payment=()");
      expect(response.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains; preload");
    }
  });

  it("allows connections to the configured API host", async () => {
    const { app } = await start({ APP_URL: "https://ideas.example.com" });
    const response = await app.inject({ method: "GET", url: "/healthz" });
    expect(response.headers["content-security-policy"]).toContain("connect-src 'self' https://ideas.example.com");
  });
});

describe("CSRF (signed double submit on every mutating request)", () => {
  it("refuses a mutating request without the token with a 403 that mentions CSRF", async () => {
    const { client } = await start();
    const response = await client.post(
      "/api/client-errors/",
      { kind: "error", message: "x", path: "/" },
      { withoutCsrf: true },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatch(/CSRF/);
  });

  it("refuses a forged token even when header and cookie agree", async () => {
    const { app } = await start();
    const response = await app.inject({
      method: "POST",
      url: "/api/client-errors/",
      headers: { "x-csrftoken": "forged.token", cookie: "csrftoken=forged.token" },
      payload: { kind: "error", message: "x", path: "/" },
    });
    expect(response.statusCode).toBe(403);
  });

  it("answers the token and sets it as the csrftoken cookie", async () => {
    const { app } = await start();
    const response = await app.inject({ method: "GET", url: "/api/csrf-token/" });
    const { csrfToken } = response.json();
    expect(csrfToken).toMatch(/^[\w-]+\.[\w-]+$/);
    const cookie = response.cookies.find((item) => item.name === "csrftoken");
    expect(cookie?.value).toBe(csrfToken);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Strict");
  });
});

describe("errors", () => {
  it("answers a JSON 404 for unknown API paths", async () => {
    const { client } = await start();
    const response = await client.get("/api/does-not-exist/");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      success: false,
      error: "The requested resource was not found.",
      code: "request.not_found",
    });
  });

  it("answers 400 with a readable sentence and field messages for a bad body", async () => {
    const { client, db } = await start();
    const response = await client.post("/api/client-errors/", { kind: "nonsense", path: 42 });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.success).toBe(false);
    expect(body.code).toBe("request.invalid");
    expect(Object.keys(body.fields)).toEqual(expect.arrayContaining(["kind", "message", "path"]));
    expect(await db.select().from(clientErrors)).toHaveLength(0);
  });

  it("answers 400 for malformed JSON and 415 for a body that is not JSON", async () => {
    const { client } = await start();
    const malformed = await client.postAs("/api/web-vitals/", "{not json", "application/json");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().success).toBe(false);
    const wrongType = await client.postAs("/api/web-vitals/", "name=LCP", "application/x-www-form-urlencoded");
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().error).toBe("The request body must be JSON.");
  });
});

describe("text holding the NUL character", () => {
  it("answers 400 naming the field, never 500, in bodies, queries, paths and CSP reports", async () => {
    const { client, db } = await start({ CSP_REPORTING: "true" });
    const report = await client.post("/api/client-errors/", { kind: "error", message: "a\u0000b", path: "/" });
    expect(report.statusCode).toBe(400);
    expect(report.json()).toMatchObject({
      code: "request.invalid",
      error: "Text may not contain the NUL character (\\u0000).",
      fields: { message: "Text may not contain the NUL character (\\u0000)." },
    });
    expect(await db.select().from(clientErrors)).toHaveLength(0);

    const nested = await client.post("/api/web-vitals/", {
      name: "LCP",
      value: 1,
      id: "x",
      path: "/",
      extra: ["\u0000"],
    });
    expect(nested.json().fields).toEqual({ "extra.0": expect.any(String) });
    expect((await client.get("/api/invitations/%00/")).statusCode).toBe(400);
    expect((await client.get("/api/password-reset/x/?q=%00")).statusCode).toBe(400);
    const csp = await client.postAs(
      "/api/csp-report",
      JSON.stringify({ "csp-report": { "blocked-uri": "\u0000" } }),
      "application/csp-report",
    );
    expect(csp.statusCode).toBe(400);
    expect(await db.select().from(cspReports)).toHaveLength(0);
  });
});

describe("health", () => {
  it("answers liveness and readiness", async () => {
    const { app } = await start();
    expect((await app.inject({ url: "/healthz" })).json()).toEqual({ status: "ok" });
    expect((await app.inject({ url: "/readyz" })).json()).toEqual({ status: "ready" });
  });

  it("reports not ready when the database is gone, and answers requests 503 instead of 500", async () => {
    const started = await start();
    const token = await started.tokenFor({ id: randomUUID(), companyId: randomUUID() });
    await started.database.close();
    const response = await started.app.inject({ url: "/readyz" });
    expect(response.statusCode).toBe(503);
    const request = await started.client.get("/api/project-ideas/", { token });
    expect(request.statusCode, request.body).toBe(503);
    expect(request.json()).toEqual({
      success: false,
      error: "The service is temporarily unavailable. Please try again in a moment.",
      code: "service.unavailable",
    });
    await started.app.close();
    testApp = undefined;
  });
});

describe("client reports", () => {
  it("stores client error reports and web-vitals", async () => {
    const { client, db } = await start();
    const report = { kind: "not_found", message: "Unknown route", path: "/nowhere" };
    expect((await client.post("/api/client-errors/", report)).statusCode).toBe(200);
    const vital = { name: "LCP", value: 1234.5, rating: "good", id: "v1-1", path: "/" };
    expect((await client.post("/api/web-vitals/", vital)).statusCode).toBe(200);
    const [storedError] = await db.select().from(clientErrors);
    expect(storedError).toMatchObject({ kind: "not_found", path: "/nowhere" });
    const [storedVital] = await db.select().from(webVitals);
    expect(storedVital).toMatchObject({ name: "LCP", value: 1234.5 });
  });

  it("rate limits client error reports", async () => {
    const { client } = await start();
    const report = { kind: "error", message: "boom", path: "/" };
    const statuses: number[] = [];
    for (let index = 0; index < 31; index += 1)
      statuses.push((await client.post("/api/client-errors/", report)).statusCode);
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    const limited = await client.post("/api/client-errors/", report);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.json().error).toBe("Too many requests. Please try again later.");
  });

  it("stores CSP violation reports only when CSP_REPORTING is on", async () => {
    const off = await start();
    const report = { "csp-report": { "document-uri": "http://localhost:8000/", "violated-directive": "script-src" } };
    // Sent as a browser sends it: no cookie, no CSRF token.
    const sendReport = (to: TestApp) =>
      to.app.inject({
        method: "POST",
        url: "/api/csp-report",
        headers: { "content-type": "application/csp-report" },
        payload: JSON.stringify(report),
      });
    const refused = await sendReport(off);
    expect(refused.statusCode).toBe(404);
    await off.close();

    const on = await start({ CSP_REPORTING: "true" });
    const csp = String((await on.app.inject({ url: "/healthz" })).headers["content-security-policy"]);
    expect(csp).toContain("report-uri /api/csp-report");
    const stored = await sendReport(on);
    expect(stored.statusCode).toBe(204);
    const rows = await on.db.select().from(cspReports);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.report).toEqual(report);
  });
});

describe("web app", () => {
  it("serves index.html for client routes and caches hashed assets", async () => {
    const { app } = await startWithWebBuild("assets", {
      "index.html": "<!doctype html><title>Ideaport</title>",
      "assets/app-abc123.js": "console.log(1)",
    });
    const page = await app.inject({ url: "/app/manager-ideas" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain("<title>Ideaport</title>");
    const asset = await app.inject({ url: "/assets/app-abc123.js" });
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const missingAsset = await app.inject({ url: "/assets/missing.js" });
    expect(missingAsset.statusCode).toBe(404);
  });

  it("serves landing.html for / and index.html for the other client routes", async () => {
    const { app } = await startWithWebBuild("landing", {
      "index.html": "<!doctype html><title>App</title>",
      "landing.html": "<!doctype html><title>Landing</title>",
    });
    const landing = await app.inject({ url: "/?from=mail" });
    expect(landing.statusCode).toBe(200);
    expect(landing.headers["cache-control"]).toBe("no-cache");
    expect(landing.body).toContain("<title>Landing</title>");
    expect((await app.inject({ url: "/login" })).body).toContain("<title>App</title>");
  });

  it("serves a route's own page, which preloads its code, for every path the route matches", async () => {
    const { app } = await startWithWebBuild("routes", {
      "index.html": "<!doctype html><title>App</title>",
      "routes/en/login.html": "<!doctype html><title>Login page</title>",
      "routes/en/password-reset/_token.html": "<!doctype html><title>Reset page</title>",
      "routes/index.json": JSON.stringify([
        { path: "/login", pages: { en: "routes/en/login.html" } },
        { path: "/password-reset/:token", pages: { en: "routes/en/password-reset/_token.html" } },
      ]),
    });
    const login = await app.inject({ url: "/login?next=%2Fapp" });
    expect(login.statusCode).toBe(200);
    expect(login.headers["cache-control"]).toBe("no-cache");
    expect(login.body).toContain("<title>Login page</title>");
    expect((await app.inject({ url: "/password-reset/4f2c9e1a" })).body).toContain("<title>Reset page</title>");
    // Any other path, and a path with more segments than the route, gets index.html.
    expect((await app.inject({ url: "/password-reset/abc/more" })).body).toContain("<title>App</title>");
    expect((await app.inject({ url: "/somewhere" })).body).toContain("<title>App</title>");
    // The pages are sent for their routes only, never under their own file names.
    expect((await app.inject({ url: "/routes/en/login.html" })).statusCode).toBe(404);
  });

  describe("a page in its reader's language", () => {
    const page = (language: string, name: string) => `<!doctype html><html lang="${language}"><title>${name}</title>`;
    const build = {
      "index.html": page("en", "App"),
      "routes/en/index.html": page("en", "Landing"),
      "routes/de/index.html": page("de", "Startseite"),
      "routes/fr/index.html": page("fr", "Accueil"),
      "routes/en/login.html": page("en", "Log In"),
      "routes/de/login.html": page("de", "Anmelden"),
      "routes/index.json": JSON.stringify([
        { path: "/", pages: { en: "routes/en/index.html", de: "routes/de/index.html", fr: "routes/fr/index.html" } },
        { path: "/login", pages: { en: "routes/en/login.html", de: "routes/de/login.html" } },
      ]),
    };
    const get = (app: TestApp["app"], url: string, headers: Record<string, string> = {}) =>
      app.inject({ url, headers: { "accept-encoding": "identity", ...headers } });

    it("follows Accept-Language: German, French and English browsers each get their own landing page", async () => {
      const { app } = await startWithWebBuild("languages", build);
      for (const [acceptLanguage, language, title] of [
        ["de-DE,de;q=0.9,en;q=0.8", "de", "Startseite"],
        ["fr-CH, fr;q=0.9, en;q=0.5", "fr", "Accueil"],
        ["en-GB,en;q=0.9", "en", "Landing"],
        ["es-ES,es;q=0.9", "en", "Landing"],
        ["en;q=0.5, de;q=0.9", "de", "Startseite"],
      ] as const) {
        const response = await get(app, "/", { "accept-language": acceptLanguage });
        expect(response.statusCode, acceptLanguage).toBe(200);
        expect(response.body, acceptLanguage).toContain(`<html lang="${language}"><title>${title}</title>`);
        expect(response.headers["content-language"], acceptLanguage).toBe(language);
        expect(response.headers.vary, acceptLanguage).toMatch(/Accept-Language/);
        expect(response.headers.vary, acceptLanguage).toMatch(/Cookie/);
      }
      // No Accept-Language at all: English.
      expect((await get(app, "/")).body).toContain("<title>Landing</title>");
    });

    it("takes the language the web keeps in its cookie over the browser's, when the page speaks it", async () => {
      const { app } = await startWithWebBuild("language-cookie", build);
      const german = { "accept-language": "de-DE,de;q=0.9", cookie: "other=1; ideaport_language=fr" };
      expect((await get(app, "/", german)).body).toContain("<title>Accueil</title>");
      expect((await get(app, "/", { ...german, cookie: "ideaport_language=en" })).body).toContain(
        "<title>Landing</title>",
      );
      // /login has no French page: the browser's languages decide, then English.
      const login = await get(app, "/login", german);
      expect(login.body).toContain('<html lang="de"><title>Anmelden</title>');
      expect(login.headers["content-language"]).toBe("de");
      expect(login.headers.vary).toMatch(/Accept-Language/);
      expect((await get(app, "/login", { cookie: "ideaport_language=fr" })).body).toContain("<title>Log In</title>");
      expect((await get(app, "/login", { cookie: "ideaport_language=de" })).body).toContain("<title>Anmelden</title>");
    });

    it("reads a language cookie naming no language of the page as no choice, whatever it holds", async () => {
      const { app } = await startWithWebBuild("language-hostile-cookie", build);
      for (const value of ["__proto__", "constructor", "..%2F..%2Findex.html", "../../index.html", "%E0%A4%A"]) {
        const response = await get(app, "/login", { "accept-language": "de", cookie: `ideaport_language=${value}` });
        expect(response.statusCode, value).toBe(200);
        expect(response.body, value).toContain("<title>Anmelden</title>");
        expect(response.headers["content-language"], value).toBe("de");
      }
    });

    it("keeps Vary when it sends the page's compressed copy", async () => {
      const { app } = await startWithWebBuild("language-vary", {
        ...build,
        "routes/de/login.html.br": "compressed",
      });
      const response = await app.inject({
        url: "/login",
        headers: { "accept-language": "de", "accept-encoding": "br" },
      });
      expect(response.headers["content-encoding"]).toBe("br");
      expect(response.headers.vary).toMatch(/Accept-Language/);
      expect(response.headers.vary).toMatch(/Cookie/);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
    });

    it("sends other paths index.html, which needs no Vary", async () => {
      const { app } = await startWithWebBuild("language-other", build);
      const response = await get(app, "/somewhere", { "accept-language": "de" });
      expect(response.body).toContain("<title>App</title>");
      expect(response.headers.vary ?? "").not.toMatch(/Accept-Language/);
    });
  });

  it("serves the OpenAPI document", async () => {
    const { app } = await start();
    const document = (await app.inject({ url: "/api/docs/" })).json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toContain("/api/web-vitals/");
  });
});
