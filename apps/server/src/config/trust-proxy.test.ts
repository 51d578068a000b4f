import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./env.ts";

const configWith = (TRUST_PROXY: string | undefined) =>
  loadConfig({ NODE_ENV: "test", JWT_SECRET: "x".repeat(32), DATA_DIR: "/tmp/ideaport-trust-proxy", TRUST_PROXY });

describe("TRUST_PROXY", () => {
  it.each([
    [undefined, false],
    ["false", false],
    ["0", false],
    ["1", 1],
    ["2", 2],
    ["10.0.0.1", ["10.0.0.1"]],
    ["10.0.0.0/8, 192.168.1.7,fd00::/8", ["10.0.0.0/8", "192.168.1.7", "fd00::/8"]],
  ])("reads %s as %j", (value, expected) => {
    expect(configWith(value).trustProxy).toEqual(expected);
  });

  it("refuses true with one line saying what to write instead", () => {
    const error = (() => {
      try {
        configWith("true");
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      "TRUST_PROXY: `true` would trust any X-Forwarded-For a client sends; write the number of proxies in front of the server (e.g. 1) or their addresses/CIDRs (e.g. 10.0.0.0/8)",
    ]);
  });

  it.each(["yes", "10.0.0.0/33", "proxy.internal", "11"])("refuses %s", (value) => {
    expect(() => configWith(value)).toThrow(/TRUST_PROXY: /);
  });
});
