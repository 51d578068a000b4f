import { stripVTControlCharacters } from "node:util";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { isPrettyLog, LOG_SERIALIZERS, type LogOutput, loggerOptions } from "./logger.ts";

function capturedOutput(isTerminal: boolean, npmScript?: string): LogOutput & { text: () => string } {
  const written: string[] = [];
  return {
    isTerminal,
    npmScript,
    write: (text) => void written.push(text),
    text: () => stripVTControlCharacters(written.join("")),
  };
}

describe("the server log", () => {
  it.each([
    ["development", true, undefined, true],
    ["development", false, "dev", true],
    ["development", false, "start", false],
    ["development", false, undefined, false],
    ["production", true, "dev", false],
    ["test", true, "dev", false],
  ] as const)("in %s (terminal: %s, npm script: %s) is readable: %s", (nodeEnv, isTerminal, npmScript, pretty) => {
    expect(isPrettyLog(nodeEnv, { isTerminal, npmScript })).toBe(pretty);
  });

  it("reads as lines of time, level and message for a developer at a terminal", async () => {
    const output = capturedOutput(true);
    const app = Fastify({ logger: await loggerOptions({ nodeEnv: "development", logLevel: "info" }, output) });
    app.log.info("Demo company created. Sign in with:\n  admin@demo.example  Password1!");
    app.log.warn({ companyId: 7 }, "slow query");
    app.log.debug("below the level");
    await app.close();

    const lines = output.text().split("\n");
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: Demo company created\. Sign in with:$/);
    expect(lines[1]).toBe("  admin@demo.example  Password1!");
    expect(lines[2]).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] WARN: slow query$/);
    expect(lines[3]).toBe("    companyId: 7");
    expect(output.text()).not.toContain("below the level");
    expect(output.text()).not.toContain('"msg"');
  });

  it("stays pino's JSON lines in production, even at a terminal", async () => {
    const output = capturedOutput(true, "dev");
    expect(await loggerOptions({ nodeEnv: "production", logLevel: "warn" }, output)).toEqual({
      level: "warn",
      serializers: LOG_SERIALIZERS,
    });
  });
});
