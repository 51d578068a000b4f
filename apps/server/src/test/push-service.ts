/**
 * A push service for tests, as a browser vendor runs one (RFC 8030), on the loopback over HTTPS.
 * Its certificate is made by the test run (`createPushServiceCertificate`) and trusted by the
 * server's process through NODE_EXTRA_CA_CERTS, which Node reads only at start: the server tests'
 * global setup sets it before the test workers start, the e2e configuration before the server does.
 *
 * For each message it checks what a real push service checks: the VAPID header (RFC 8292: an
 * ES256 JWT for the endpoint's origin, not expired, with a subject, signed by the key `k` it
 * carries, which must be the key the subscription was made with), and decrypts the aes128gcm
 * payload (RFC 8291) with the subscription's private key and auth secret, as the browser would.
 */
import { createECDH, createPublicKey, randomBytes, randomUUID, verify } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import path from "node:path";
import ece from "http_ece";
import { generate } from "selfsigned";

/** The certificate and key files of the test push service. */
export interface PushServiceCertificate {
  certFile: string;
  keyFile: string;
}

/** Makes a self-signed certificate for `localhost` and 127.0.0.1 in `folder`. */
export async function createPushServiceCertificate(folder: string): Promise<PushServiceCertificate> {
  const pems = await generate([{ name: "commonName", value: "localhost" }], {
    keyType: "ec",
    curve: "P-256",
    algorithm: "sha256",
    notAfterDate: new Date(Date.now() + 7 * 24 * 60 * 60 * 1000),
    extensions: [
      { name: "basicConstraints", cA: true },
      { name: "keyUsage", digitalSignature: true, keyCertSign: true },
      { name: "extKeyUsage", serverAuth: true },
      {
        name: "subjectAltName",
        altNames: [
          { type: 2, value: "localhost" },
          { type: 7, ip: "127.0.0.1" },
        ],
      },
    ],
  });
  mkdirSync(folder, { recursive: true });
  const certificate = {
    certFile: path.join(folder, "push-service.crt"),
    keyFile: path.join(folder, "push-service.key"),
  };
  writeFileSync(certificate.certFile, pems.cert);
  writeFileSync(certificate.keyFile, pems.private, { mode: 0o600 });
  return certificate;
}

/** A browser's subscription at the test service, with the private keys only the browser has. */
export interface TestSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** A message the service accepted, decrypted. */
export interface ReceivedPush {
  subscriptionId: string;
  payload: unknown;
  ttl: number;
  urgency: string | null;
  /** The `sub` of the VAPID JWT. */
  subject: string;
}

export interface TestPushService {
  origin: string;
  /** A new browser subscription (its own P-256 key pair and auth secret). */
  subscribe(): TestSubscription;
  /** Makes the service answer `status` for a subscription from now on (e.g. 410: unsubscribed). */
  answerWith(subscriptionId: string, status: number): void;
  /** Messages accepted so far, in order. */
  received: ReceivedPush[];
  /** Requests refused, with the reason, in order. */
  refused: Array<{ subscriptionId: string; status: number; reason: string }>;
  /** Resolves when `count` messages have been accepted. */
  waitForMessages(count: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

interface Subscriber {
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
  status: number;
}

function base64UrlJson(part: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(part, "base64url").toString("utf8")) as Record<string, unknown>;
}

/** Why a VAPID header is not acceptable for `origin`, or null when it is. */
function vapidProblem(header: string | undefined, origin: string, expectedKey: string | undefined): string | null {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!match) return "no VAPID Authorization header";
  const [, token = "", key = ""] = match;
  if (expectedKey && key !== expectedKey) return "the VAPID key is not the one the subscription was made with";
  const [headerPart = "", claimsPart = "", signaturePart = ""] = token.split(".");
  const jwtHeader = base64UrlJson(headerPart);
  if (jwtHeader.alg !== "ES256") return "the JWT is not ES256";
  const point = Buffer.from(key, "base64url");
  if (point.length !== 65 || point[0] !== 4) return "k is not an uncompressed P-256 point";
  const publicKey = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33).toString("base64url"),
    },
    format: "jwk",
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${headerPart}.${claimsPart}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signaturePart, "base64url"),
  );
  if (!signed) return "the JWT's signature does not verify";
  const claims = base64UrlJson(claimsPart);
  if (claims.aud !== origin) return `the JWT's audience is ${String(claims.aud)}, not ${origin}`;
  const now = Date.now() / 1000;
  if (typeof claims.exp !== "number" || claims.exp <= now || claims.exp > now + 24 * 60 * 60) {
    return "the JWT's expiry is missing, past or more than 24 hours ahead";
  }
  if (typeof claims.sub !== "string" || !/^(mailto:|https:)/.test(claims.sub)) return "the JWT has no subject";
  return null;
}

/**
 * Starts the service on 127.0.0.1; endpoints are named `https://localhost:<port>/push/<id>`.
 * `vapidPublicKey`, when given, is the application server key every subscription was made with.
 */
export async function startTestPushService(
  certificate: PushServiceCertificate,
  options: { vapidPublicKey?: string } = {},
): Promise<TestPushService> {
  const subscribers = new Map<string, Subscriber>();
  const received: ReceivedPush[] = [];
  const refused: TestPushService["refused"] = [];
  const waiters: Array<() => void> = [];
  let origin = "";

  const server: Server = createServer(
    { cert: readFileSync(certificate.certFile), key: readFileSync(certificate.keyFile) },
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const id = /^\/push\/([\w-]+)$/.exec(request.url ?? "")?.[1] ?? "";
        const subscriber = subscribers.get(id);
        const refuse = (status: number, reason: string) => {
          refused.push({ subscriptionId: id, status, reason });
          response.writeHead(status).end(reason);
        };
        if (request.method !== "POST") return refuse(405, "only POST");
        if (!subscriber) return refuse(404, "no such subscription");
        const problem = vapidProblem(request.headers.authorization, origin, options.vapidPublicKey);
        if (problem) return refuse(403, problem);
        if (request.headers["content-encoding"] !== "aes128gcm") return refuse(415, "not aes128gcm");
        const ttl = Number(request.headers.ttl);
        if (!Number.isInteger(ttl) || ttl < 0) return refuse(400, "no TTL");
        if (subscriber.status !== 201) return refuse(subscriber.status, "answer chosen by the test");
        let payload: unknown;
        try {
          const plain = ece.decrypt(Buffer.concat(chunks), {
            version: "aes128gcm",
            privateKey: subscriber.ecdh,
            authSecret: subscriber.auth.toString("base64url"),
          });
          payload = JSON.parse(plain.toString("utf8"));
        } catch (error) {
          return refuse(400, `cannot decrypt: ${(error as Error).message}`);
        }
        const urgency = request.headers.urgency;
        const claims = base64UrlJson(
          /t=([^,\s]+)/.exec(request.headers.authorization ?? "")?.[1]?.split(".")[1] ?? "e30",
        );
        received.push({
          subscriptionId: id,
          payload,
          ttl,
          urgency: typeof urgency === "string" ? urgency : null,
          subject: String(claims.sub),
        });
        response.writeHead(201, { Location: `${origin}/message/${randomUUID()}` }).end();
        for (const wake of waiters.splice(0)) wake();
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `https://localhost:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    refused,
    subscribe() {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomUUID();
      subscribers.set(id, { ecdh, auth, status: 201 });
      return {
        id,
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: ecdh.getPublicKey("base64url"), auth: auth.toString("base64url") },
      };
    },
    answerWith(subscriptionId, status) {
      const subscriber = subscribers.get(subscriptionId);
      if (subscriber) subscriber.status = status;
    },
    async waitForMessages(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) {
          throw new Error(`${received.length} of ${count} push messages arrived; refused: ${JSON.stringify(refused)}`);
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(left, 200));
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received.slice(0, count);
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
