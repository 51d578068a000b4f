import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPublicAddress, OutboundCallError, outboundFetch, resolveOutboundTarget } from "./outbound-http.ts";

const closed = { allowPrivateNetworks: false };
const open = { allowPrivateNetworks: true };

async function failureOf(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (error) {
    if (error instanceof OutboundCallError) return error.failure;
    throw error;
  }
  return "none";
}

describe("isPublicAddress", () => {
  it.each([
    ["8.8.8.8", true],
    ["93.184.216.34", true],
    ["2606:4700:4700::1111", true],
    ["127.0.0.1", false],
    ["127.8.9.10", false],
    ["10.1.2.3", false],
    ["172.16.0.1", false],
    ["192.168.1.1", false],
    ["100.64.0.1", false],
    ["169.254.169.254", false],
    ["0.0.0.0", false],
    ["255.255.255.255", false],
    ["224.0.0.1", false],
    ["::1", false],
    ["::", false],
    ["fe80::1", false],
    ["fc00::1", false],
    ["fd12:3456::1", false],
    ["::ffff:127.0.0.1", false],
    ["::ffff:8.8.8.8", false],
    ["::ffff:169.254.169.254", false],
    ["[::1]", false],
    ["not-an-address", false],
  ])("%s is public: %s", (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe("resolveOutboundTarget", () => {
  it.each([
    ["https://127.0.0.1/", "address_refused"],
    ["https://169.254.169.254/latest/meta-data/", "address_refused"],
    ["https://10.0.0.5:8443/", "address_refused"],
    ["https://[::1]/", "address_refused"],
    ["https://[fd00::1]/", "address_refused"],
    ["https://[::ffff:7f00:1]/", "address_refused"],
    ["https://[::ffff:10.0.0.1]/", "address_refused"],
    ["https://0x7f.1/", "address_refused"],
    ["https://localhost/", "address_refused"],
    ["http://8.8.8.8/", "protocol_refused"],
    ["ftp://8.8.8.8/", "protocol_refused"],
    ["https://user:secret@8.8.8.8/", "url_invalid"],
    ["not a url", "url_invalid"],
    ["https://no-such-host.invalid/", "host_unknown"],
  ])("refuses %s (%s)", async (url, failure) => {
    expect(await failureOf(resolveOutboundTarget(url, closed))).toBe(failure);
  });

  it("accepts https to a public address and connects to the address it checked", async () => {
    const target = await resolveOutboundTarget("https://8.8.8.8/path", closed);
    expect(target).toMatchObject({ address: "8.8.8.8", family: 4 });
  });

  it("lifts the address rule and allows http when the installation allows private networks", async () => {
    expect(await resolveOutboundTarget("http://localhost:9/", open)).toMatchObject({ address: expect.any(String) });
    expect(await resolveOutboundTarget("http://169.254.169.254/", open)).toMatchObject({ address: "169.254.169.254" });
    expect(await failureOf(resolveOutboundTarget("ftp://127.0.0.1/", open))).toBe("protocol_refused");
  });
});

describe("outboundFetch", () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === "/redirect") {
        response.writeHead(302, { location: "/secret" }).end();
      } else if (request.url === "/large") {
        response.writeHead(200).end("x".repeat(5000));
      } else if (request.url === "/slow") {
        setTimeout(() => response.writeHead(200).end("late"), 2000);
      } else if (request.url === "/echo") {
        let body = "";
        request.on("data", (chunk) => {
          body += chunk;
        });
        request.on("end", () =>
          response
            .writeHead(200, { "content-type": "application/json" })
            .end(JSON.stringify({ method: request.method, body, type: request.headers["content-type"] })),
        );
      } else {
        response.writeHead(200).end("secret");
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("refuses a server on the loopback address unless private networks are allowed", async () => {
    expect(await failureOf(outboundFetch(`${base}/`, {}, closed))).toBe("protocol_refused");
    expect(await failureOf(outboundFetch(`${base.replace("http:", "https:")}/`, {}, closed))).toBe("address_refused");
    expect(await (await outboundFetch(`${base}/`, {}, open)).text()).toBe("secret");
  });

  it("sends the method, headers and body and reads the answer", async () => {
    const answer = await outboundFetch(
      `${base}/echo`,
      { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "a=1" },
      open,
    );
    expect(await answer.json()).toEqual({ method: "POST", body: "a=1", type: "application/x-www-form-urlencoded" });
  });

  it("answers a redirect as it is, without following it", async () => {
    const answer = await outboundFetch(`${base}/redirect`, {}, open);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/secret");
  });

  it("fails an answer longer than the cap", async () => {
    expect(await failureOf(outboundFetch(`${base}/large`, {}, { ...open, maxResponseBytes: 1000 }))).toBe("too_large");
  });

  it("fails an answer slower than the time limit", async () => {
    expect(await failureOf(outboundFetch(`${base}/slow`, {}, { ...open, timeoutMs: 200 }))).toBe("timeout");
  });
});
