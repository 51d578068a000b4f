import { createECDH } from "node:crypto";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./env.ts";

const base = { JWT_SECRET: "x".repeat(40), DATA_DIR: "/tmp/ideaport-config-test" };

describe("loadConfig", () => {
  it("uses the documented defaults", () => {
    const config = loadConfig(base);
    expect(config.port).toBe(8000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.appUrl).toBe("http://localhost:8000");
    expect(config.cspReporting).toBe(false);
    expect(config.rateLimitMultiplier).toBe(1);
  });

  it("lists one readable line per bad variable", () => {
    try {
      loadConfig({ ...base, PORT: "eighty", DATABASE_URL: "mysql://x", CSP_REPORTING: "maybe" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems;
      expect(problems).toHaveLength(3);
      expect(problems.some((line) => line.startsWith("PORT:"))).toBe(true);
      expect(problems).toContain("DATABASE_URL: must be a postgres:// URL");
      expect(problems.some((line) => line.startsWith("CSP_REPORTING:"))).toBe(true);
    }
  });

  it("requires JWT_SECRET in production", () => {
    expect(() => loadConfig({ DATA_DIR: base.DATA_DIR, NODE_ENV: "production" })).toThrow(/JWT_SECRET/);
  });

  it("refuses production without SMTP_URL with one line, so codes and reset links never go to the log", () => {
    try {
      loadConfig({ ...base, NODE_ENV: "production" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toEqual([
        "SMTP_URL: is required in production (smtp://host:port), so that codes and reset links are mailed, never logged",
      ]);
    }
    expect(loadConfig({ ...base, NODE_ENV: "production", SMTP_URL: "smtp://127.0.0.1:2525" }).smtpUrl).toBe(
      "smtp://127.0.0.1:2525",
    );
    expect(loadConfig({ ...base, NODE_ENV: "development" }).smtpUrl).toBeUndefined();
  });

  it("reads the PostgreSQL time-outs, with defaults of 5 s to connect and 15 s per statement", () => {
    expect(loadConfig(base)).toMatchObject({ databaseConnectTimeoutMs: 5_000, databaseStatementTimeoutMs: 15_000 });
    const config = loadConfig({ ...base, DATABASE_CONNECT_TIMEOUT_MS: "1500", DATABASE_STATEMENT_TIMEOUT_MS: "30000" });
    expect(config).toMatchObject({ databaseConnectTimeoutMs: 1_500, databaseStatementTimeoutMs: 30_000 });
    expect(() => loadConfig({ ...base, DATABASE_CONNECT_TIMEOUT_MS: "soon" })).toThrow(/DATABASE_CONNECT_TIMEOUT_MS/);
  });

  it("generates a development secret once and keeps it in the data directory", () => {
    const dataDir = `/tmp/ideaport-config-test-${process.pid}-${Date.now()}`;
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    const second = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(second).toBe(first);
  });

  it("treats empty variables as unset", () => {
    expect(loadConfig({ ...base, DATABASE_URL: "", PORT: "" }).port).toBe(8000);
  });
});

describe("VAPID keys", () => {
  const pair = () => {
    const curve = createECDH("prime256v1");
    curve.generateKeys();
    const privateKey = curve.getPrivateKey();
    return {
      VAPID_PUBLIC_KEY: curve.getPublicKey("base64url"),
      VAPID_PRIVATE_KEY: Buffer.concat([Buffer.alloc(32 - privateKey.length), privateKey]).toString("base64url"),
    };
  };

  it("are generated into the data directory on first start and kept across restarts", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "ideaport-vapid-"));
    try {
      const first = loadConfig({ ...base, DATA_DIR: dataDir }).vapid;
      expect(first.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
      expect(Buffer.from(first.privateKey, "base64url")).toHaveLength(32);
      expect(statSync(path.join(dataDir, "vapid-keys.json")).mode & 0o777).toBe(0o600);
      expect(loadConfig({ ...base, DATA_DIR: dataDir }).vapid).toEqual(first);
      // The private key signs for the public one: ECDH derives the same public key from it.
      const curve = createECDH("prime256v1");
      curve.setPrivateKey(Buffer.from(first.privateKey, "base64url"));
      expect(curve.getPublicKey("base64url")).toBe(first.publicKey);
      expect(first.subject).toBe("mailto:no-reply@ideaport.local");
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("come from the environment when both are set, with the subject given or the app's https address", () => {
    const keys = pair();
    const config = loadConfig({ ...base, ...keys, APP_URL: "https://ideas.example.com" });
    expect(config.vapid).toEqual({
      publicKey: keys.VAPID_PUBLIC_KEY,
      privateKey: keys.VAPID_PRIVATE_KEY,
      subject: "https://ideas.example.com",
    });
    expect(loadConfig({ ...base, ...keys, VAPID_SUBJECT: "mailto:ops@example.com" }).vapid.subject).toBe(
      "mailto:ops@example.com",
    );
  });

  it("refuses half a pair, malformed keys and a subject push services cannot use, one line each", () => {
    const keys = pair();
    expect(() => loadConfig({ ...base, VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY })).toThrow(
      /VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both/,
    );
    try {
      loadConfig({
        ...base,
        VAPID_PUBLIC_KEY: "abc",
        VAPID_PRIVATE_KEY: "too+short",
        VAPID_SUBJECT: "ops@example.com",
      });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).problems.map((line) => line.split(":")[0])).toEqual([
        "VAPID_PUBLIC_KEY",
        "VAPID_PRIVATE_KEY",
        "VAPID_SUBJECT",
      ]);
    }
  });
});
