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
