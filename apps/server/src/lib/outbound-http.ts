/**
 * Calls to URLs that an administrator gave (identity providers today; webhooks and chat later).
 * Such a URL must not reach into the server's own network: the host is resolved once, every
 * address it resolves to must be a public unicast address (no loopback, private, link-local such
 * as 169.254.169.254, unique-local, IPv4-mapped or other special-purpose ranges), and the
 * connection goes to the address that was checked, so a second lookup cannot answer differently.
 * Redirects are never followed, answers are cut off at a size and a time. Only `https` is allowed,
 * unless the installation lifts the rule (INTEGRATIONS_ALLOW_PRIVATE_NETWORKS: tests, providers on
 * the company's own network), which then allows `http` and any address.
 */
import { lookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";

export interface OutboundPolicy {
  /** Lifts the address rule and allows plain `http` (INTEGRATIONS_ALLOW_PRIVATE_NETWORKS). */
  allowPrivateNetworks: boolean;
  /** How long a call may take, connection and answer together. */
  timeoutMs?: number;
  /** The largest answer body read; a longer one fails the call. */
  maxResponseBytes?: number;
}

export const OUTBOUND_TIMEOUT_MS = 10_000;
export const OUTBOUND_MAX_RESPONSE_BYTES = 1_000_000;

/** Why an outbound call was refused or failed. */
export type OutboundFailure =
  | "url_invalid"
  | "protocol_refused"
  | "address_refused"
  | "host_unknown"
  | "timeout"
  | "too_large"
  | "unreachable";

export class OutboundCallError extends Error {
  constructor(
    readonly failure: OutboundFailure,
    message: string,
  ) {
    super(message);
    this.name = "OutboundCallError";
  }
}

/**
 * True for an address on the public internet: ipaddr.js's plain `unicast` range, which leaves out
 * loopback, private, carrier-grade NAT, link-local, unique-local, multicast, IPv4-mapped, 6to4,
 * Teredo and the other special ranges. A text that is no address is not public.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "");
  if (!ipaddr.isValid(bare)) return false;
  return ipaddr.parse(bare).range() === "unicast";
}

/** A URL checked for an outbound call: its protocol, and the address it will connect to. */
export interface OutboundTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

/**
 * Checks a URL against the policy and resolves its host. Throws OutboundCallError when the URL is
 * not https (and the rule is not lifted), when the host is unknown, or when any of its addresses
 * is not public: a name that resolves to a public and a private address is refused as a whole.
 */
export async function resolveOutboundTarget(rawUrl: string | URL, policy: OutboundPolicy): Promise<OutboundTarget> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new OutboundCallError("url_invalid", "not a URL");
  }
  const allowedProtocols = policy.allowPrivateNetworks ? ["https:", "http:"] : ["https:"];
  if (!allowedProtocols.includes(url.protocol)) {
    throw new OutboundCallError("protocol_refused", `${url.protocol} is not allowed`);
  }
  if (url.username || url.password) throw new OutboundCallError("url_invalid", "credentials in the URL");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: { address: string; family: number }[];
  if (ipaddr.isValid(host)) {
    addresses = [{ address: host, family: host.includes(":") ? 6 : 4 }];
  } else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw new OutboundCallError("host_unknown", `${host} does not resolve`);
    }
  }
  if (addresses.length === 0) throw new OutboundCallError("host_unknown", `${host} does not resolve`);
  if (!policy.allowPrivateNetworks && addresses.some(({ address }) => !isPublicAddress(address))) {
    throw new OutboundCallError("address_refused", `${host} is not a public address`);
  }
  const [first] = addresses;
  return { url, address: first!.address, family: first!.family === 6 ? 6 : 4 };
}

/** What `outboundFetch` takes: the part of fetch's options that API clients (oauth4webapi) pass. */
export interface OutboundRequestInit {
  method?: string;
  headers?: Record<string, string> | Headers;
  /** Text, a form, or bytes (an encrypted push message). */
  body?: string | URLSearchParams | Uint8Array | null;
  signal?: AbortSignal | null;
}

const BODYLESS_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * A `fetch` under the outbound rules: resolves and checks the host, connects to that address
 * (TLS still verifies the host name), never follows a redirect (a 3xx is answered as is), and
 * fails with OutboundCallError past the time or size limit.
 */
export async function outboundFetch(
  rawUrl: string | URL,
  init: OutboundRequestInit,
  policy: OutboundPolicy,
): Promise<Response> {
  const target = await resolveOutboundTarget(rawUrl, policy);
  const timeoutMs = policy.timeoutMs ?? OUTBOUND_TIMEOUT_MS;
  const maxBytes = policy.maxResponseBytes ?? OUTBOUND_MAX_RESPONSE_BYTES;
  const pinnedLookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const headers = Object.fromEntries(new Headers(init.headers ?? {}).entries());
  const body =
    init.body === null || init.body === undefined
      ? undefined
      : init.body instanceof Uint8Array
        ? init.body
        : String(init.body);
  const transport = target.url.protocol === "https:" ? https : http;

  return new Promise<Response>((resolve, reject) => {
    const fail = (error: OutboundCallError) => {
      request.destroy();
      reject(error);
    };
    const timer = setTimeout(
      () => fail(new OutboundCallError("timeout", `no answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const request = transport.request(
      target.url,
      { method: init.method ?? "GET", headers, lookup: pinnedLookup, signal: init.signal ?? undefined },
      (answer) => {
        const chunks: Buffer[] = [];
        let size = 0;
        answer.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            clearTimeout(timer);
            fail(new OutboundCallError("too_large", `answer longer than ${maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        answer.on("end", () => {
          clearTimeout(timer);
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(answer.headers)) {
            if (value === undefined) continue;
            for (const item of Array.isArray(value) ? value : [value]) responseHeaders.append(name, item);
          }
          const status = answer.statusCode ?? 502;
          resolve(
            new Response(BODYLESS_STATUSES.has(status) ? null : Buffer.concat(chunks), {
              status,
              statusText: answer.statusMessage,
              headers: responseHeaders,
            }),
          );
        });
        answer.on("error", () => {
          clearTimeout(timer);
          reject(new OutboundCallError("unreachable", "the answer broke off"));
        });
      },
    );
    request.on("error", (error) => {
      clearTimeout(timer);
      if (error instanceof OutboundCallError) return;
      reject(new OutboundCallError("unreachable", error.message));
    });
    request.end(body);
  });
}

/** `outboundFetch` bound to a policy, in the shape of `fetch` that oauth4webapi's `customFetch` takes. */
export function createOutboundFetch(policy: OutboundPolicy) {
  return (url: string, options: OutboundRequestInit) => outboundFetch(url, options, policy);
}
