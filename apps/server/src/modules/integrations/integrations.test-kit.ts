/**
 * What the integration tests share: their world (a company, its admin, a manager, employees of two
 * teams, another company's admin), a receiver on the loopback address that records every
 * request and answers as the test tells it (a status, or no answer until the caller gives up),
 * an idea submitted through the API, a service bound to a test app, a signature check written from the documented scheme, and the
 * published shapes of a Slack and a Teams message.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv } from "ajv";
import draft06 from "ajv/dist/refs/json-schema-draft-06.json" with { type: "json" };
import addFormats from "ajv-formats";
import { afterEach, expect } from "vitest";
import { z } from "zod";
import { type TestApp, testAppPerTest } from "../../test/app.ts";
import { buildCompany, buildPerson, buildTeam, type Person } from "../../test/factories.ts";
import { createIntegrationsService } from "./integrations.service.ts";

/** A test's world: one company with the teams Alpha and Beta, and the receiver its deliveries go to. */
export interface IntegrationsWorld {
  app: TestApp;
  companyId: string;
  alphaId: string;
  betaId: string;
  /** Ann Admin, the company's admin (in Alpha). */
  admin: Person;
  managerOfAlpha: Person;
  /** Ada Byron. */
  employeeOfAlpha: Person;
  /** Bob Beta. */
  employeeOfBeta: Person;
  /** The admin of another company (with its own team). */
  otherAdmin: Person;
  receiver: Receiver;
}

/**
 * Call at the top of a test file: each test gets a fresh app that may send to the loopback
 * receiver (unless `allowPrivateNetworks` is false: then the outbound rules of production apply),
 * closed with the receiver after the test. Answers the builder of a test's world.
 */
export function integrationsWorlds(): (options?: { allowPrivateNetworks?: boolean }) => Promise<IntegrationsWorld> {
  const testApps = testAppPerTest();
  let receiver: Receiver | undefined;
  afterEach(async () => {
    await receiver?.close();
    receiver = undefined;
  });
  return async ({ allowPrivateNetworks = true } = {}) => {
    const app = await testApps.start(
      allowPrivateNetworks ? { env: { INTEGRATIONS_ALLOW_PRIVATE_NETWORKS: "true" } } : {},
    );
    const company = await buildCompany(app.db);
    const alpha = await buildTeam(app.db, { companyId: company.id, name: "Alpha" });
    const beta = await buildTeam(app.db, { companyId: company.id, name: "Beta" });
    const other = await buildCompany(app.db);
    const otherTeam = await buildTeam(app.db, { companyId: other.id });
    receiver = await startReceiver();
    return {
      app,
      companyId: company.id,
      alphaId: alpha.id,
      betaId: beta.id,
      admin: await buildPerson(app, {
        teamId: alpha.id,
        role: "admin",
        isAdmin: true,
        firstName: "Ann",
        lastName: "Admin",
      }),
      managerOfAlpha: await buildPerson(app, { teamId: alpha.id, role: "manager" }),
      employeeOfAlpha: await buildPerson(app, { teamId: alpha.id, firstName: "Ada", lastName: "Byron" }),
      employeeOfBeta: await buildPerson(app, { teamId: beta.id, firstName: "Bob", lastName: "Beta" }),
      otherAdmin: await buildPerson(app, { teamId: otherTeam.id, role: "admin", isAdmin: true }),
      receiver,
    };
  };
}

/** Submits an idea as `by` through the API; answers its id. */
export async function submitIdea(world: { app: TestApp }, by: Person, title: string): Promise<string> {
  const response = await world.app.client.post(
    "/api/project-ideas/",
    { title, description: "A description long enough to be submitted for review by the team." },
    { token: by.token },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().idea.id as string;
}

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
}

/** How the receiver answers the next request: a status (and body), or not at all. */
export type Answer = { status: number; body?: string } | "hang";

export interface Receiver {
  url(pathname?: string): string;
  requests: ReceivedRequest[];
  /** Answers to give, in order; once used up, every request gets 200. */
  answers: Answer[];
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  const answers: Answer[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      requests.push({
        method: request.method ?? "",
        path: request.url ?? "",
        headers: request.headers,
        rawBody: Buffer.concat(chunks).toString("utf8"),
      });
      const answer = answers.shift() ?? { status: 200, body: "ok" };
      if (answer === "hang") return;
      response.writeHead(answer.status, { "content-type": "text/plain" }).end(answer.body ?? "");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (pathname = "/hook") => `http://127.0.0.1:${port}${pathname}`,
    requests,
    answers,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The integrations service of a test app, as the job queue runs it; a short time limit per call. */
export function integrationsOf(testApp: TestApp, options: { allowPrivateNetworks?: boolean; timeoutMs?: number } = {}) {
  return createIntegrationsService({
    db: testApp.db,
    clock: testApp.clock,
    appUrl: testApp.config.appUrl,
    serverSecret: testApp.config.jwtSecret,
    allowPrivateNetworks: options.allowPrivateNetworks ?? true,
    timeoutMs: options.timeoutMs ?? 500,
  });
}

/**
 * Checks an `Ideaport-Signature` as a receiver would, from the documented scheme alone:
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, within `toleranceSeconds` of `now`.
 */
export function isValidSignature(
  header: string | undefined,
  rawBody: string,
  secret: string,
  now: Date,
  toleranceSeconds = 300,
): boolean {
  if (!header) return false;
  const parts = new Map(header.split(",").map((part) => part.split("=", 2) as [string, string]));
  const timestamp = Number(parts.get("t"));
  const signature = parts.get("v1");
  if (!Number.isInteger(timestamp) || !signature) return false;
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest();
  const given = Buffer.from(signature, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures");

// The published file names itself with draft-04's `id`, which Ajv 8 reads only as `$id`.
const { id: adaptiveCardSchemaId, ...adaptiveCardSchemaBody } = JSON.parse(
  readFileSync(path.join(FIXTURES, "adaptive-card-1.4.schema.json"), "utf8"),
);
const adaptiveCardSchema = { $id: adaptiveCardSchemaId, ...adaptiveCardSchemaBody };
const ajv = new Ajv({ strict: false, allErrors: true });
ajv.addMetaSchema(draft06);
addFormats.default(ajv);
const validateAdaptiveCard = ajv.compile(adaptiveCardSchema);

/** The errors of an Adaptive Card against the published 1.4 schema; empty when it is valid. */
export function adaptiveCardErrors(card: unknown): string[] {
  return validateAdaptiveCard(card)
    ? []
    : (validateAdaptiveCard.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
}

/** A Teams workflow webhook's message: an attachment of an Adaptive Card (Microsoft's documented shape). */
export const TeamsWorkflowMessageSchema = z.strictObject({
  type: z.literal("message"),
  attachments: z
    .array(
      z.strictObject({
        contentType: z.literal("application/vnd.microsoft.card.adaptive"),
        contentUrl: z.null(),
        content: z.record(z.string(), z.unknown()),
      }),
    )
    .min(1),
});

const SlackPlainText = z.strictObject({
  type: z.literal("plain_text"),
  text: z.string().min(1),
  emoji: z.boolean().optional(),
});

/**
 * The documented shape of the Block Kit message Ideaport sends (Slack publishes no JSON schema):
 * fallback `text`, at most 50 blocks; a section's text at most 3000 characters; an actions block
 * of at most 25 elements; a button's text plain_text of at most 75 characters, its url at most 3000.
 */
export const SlackMessageSchema = z.strictObject({
  text: z.string().min(1),
  blocks: z
    .array(
      z.discriminatedUnion("type", [
        z.strictObject({
          type: z.literal("section"),
          text: SlackPlainText.extend({ text: z.string().min(1).max(3000) }),
        }),
        z.strictObject({
          type: z.literal("actions"),
          elements: z
            .array(
              z.strictObject({
                type: z.literal("button"),
                text: SlackPlainText.extend({ text: z.string().min(1).max(75) }),
                url: z.url().max(3000),
              }),
            )
            .min(1)
            .max(25),
        }),
      ]),
    )
    .min(1)
    .max(50),
});
