/**
 * The live notification stream (`GET /api/notifications/stream/`) over a real socket, as a
 * browser's fetch-based EventSource reads it: authentication, only the reader's own items (never
 * another company's), delivery on commit only, replay after Last-Event-ID, shutdown; and on
 * PostgreSQL, a notification written through one instance reaching a stream on another.
 */

import http, { type IncomingMessage } from "node:http";
import {
  ACCESS_TOKEN_TTL_SECONDS,
  LoginResponseSchema,
  NOTIFICATION_STREAMS_PER_PERSON,
  NotificationListResponseSchema,
  NotificationSchema,
} from "@ideaport/shared";
import { sql } from "drizzle-orm";
import type { Pool } from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { type Database, openDatabase } from "../../db/client.ts";
import { adminRequests } from "../../db/schema/index.ts";
import { buildTestApp, createTestClient, type TestClient } from "../../test/app.ts";
import { buildCompanyWithAdmin, buildMember } from "../companies/test-kit.ts";
import { type NotifyInput, notify } from "./notifications.service.ts";
import { NOTIFICATIONS_CHANNEL } from "./notifications.stream.ts";

const STREAM = "/api/notifications/stream/";
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function start() {
  const testApp = await buildTestApp();
  cleanups.push(() => testApp.close());
  const fixture = await buildCompanyWithAdmin(testApp.db);
  const member = await buildMember(testApp.db, fixture.team);
  const baseUrl = await testApp.app.listen({ port: 0, host: "127.0.0.1" });
  return { ...testApp, ...fixture, member, baseUrl, memberToken: await testApp.tokenFor(member) };
}

interface StreamEvent {
  id: string | undefined;
  event: string | undefined;
  data: string;
}

/** An open stream: the events received so far, and a way to wait for more. */
async function openStream(baseUrl: string, token: string, headers: Record<string, string> = {}) {
  // node:http without an agent: one connection per stream, closed when the test closes it.
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    const request = http.get(
      `${baseUrl}${STREAM}`,
      { agent: false, headers: { accept: "text/event-stream", authorization: `Bearer ${token}`, ...headers } },
      resolve,
    );
    request.on("error", reject);
  });
  const events: StreamEvent[] = [];
  const comments: string[] = [];
  let ended = false;
  const reading = (async () => {
    let buffer = "";
    response.setEncoding("utf8");
    try {
      for await (const chunk of response) {
        buffer += chunk as string;
        let end = buffer.indexOf("\n\n");
        while (end !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf("\n\n");
          const fields = block.split("\n");
          comments.push(...fields.filter((line) => line.startsWith(":")));
          const field = (name: string) =>
            fields.filter((line) => line.startsWith(`${name}: `)).map((line) => line.slice(name.length + 2));
          if (field("data").length > 0) {
            events.push({ id: field("id")[0], event: field("event")[0], data: field("data").join("\n") });
          }
        }
      }
    } catch {
      // Closed by the test.
    }
    ended = true;
  })();
  const stream = {
    response,
    events,
    comments,
    get ended() {
      return ended;
    },
    notifications: () => events.map((event) => NotificationSchema.parse(JSON.parse(event.data))),
    /** Waits until `count` events have arrived (or fails after `timeoutMs`). */
    async waitFor(count: number, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (events.length < count) {
        if (Date.now() > deadline) throw new Error(`Expected ${count} events, got ${events.length}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return stream.notifications();
    },
    async close() {
      response.destroy();
      await reading;
    },
  };
  cleanups.push(() => stream.close());
  return stream;
}

/** Writes a notification as the features do: a comment nobody made, unless `facts` say otherwise. */
function writeNotification(db: Database, companyId: string, userIds: string[], facts: Partial<NotifyInput> = {}) {
  return notify(db, { companyId, userIds, actorId: null, type: "new_comment", ...facts });
}

/** Lets the database deliver and the stream write whatever is pending. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe("GET /api/notifications/stream/", () => {
  it("answers 401 without a token or with a bad one, 406 to a client that does not ask for events", async () => {
    const { client, memberToken } = await start();
    const anonymous = await client.get(STREAM, { headers: { accept: "text/event-stream" } });
    expect(anonymous.statusCode).toBe(401);
    const forged = await client.get(STREAM, { token: `${memberToken}x`, headers: { accept: "text/event-stream" } });
    expect(forged.statusCode).toBe(401);
    const plain = await client.get(STREAM, { token: memberToken, headers: { accept: "application/json" } });
    expect(plain.statusCode).toBe(406);
    expect(plain.json()).toMatchObject({ success: false, code: "request.not_acceptable" });
  });

  it("streams uncompressed events, with the security headers of every answer", async () => {
    const { baseUrl, memberToken } = await start();
    const stream = await openStream(baseUrl, memberToken, { "accept-encoding": "br, gzip" });
    const { headers } = stream.response;
    expect(stream.response.statusCode).toBe(200);
    expect(headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    expect(headers["cache-control"]).toBe("no-cache, no-transform");
    expect(headers["content-encoding"]).toBeUndefined();
    expect(headers["content-security-policy"]).toContain("default-src 'self'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["permissions-policy"]).toContain("camera=()");
  });

  it("carries the reader's own new notifications, in the list's shape, and nobody else's", async () => {
    const { baseUrl, memberToken, member, admin, db, company, client, tokenFor } = await start();
    const memberStream = await openStream(baseUrl, memberToken);
    const adminStream = await openStream(baseUrl, await tokenFor(admin));
    await settle();

    await writeNotification(db, company.id, [member.id], {
      type: "admin_approved",
      actorId: admin.id,
      actorName: "Ada Admin",
    });
    const [received] = await memberStream.waitFor(1);
    const list = NotificationListResponseSchema.parse(
      (await client.get(`/api/notifications/${member.id}/`, { token: memberToken })).json(),
    );
    expect(received).toEqual(list.notifications[0]);
    expect(received!.content).toBe("Ada Admin approved your request for administrator rights.");

    await writeNotification(db, company.id, [admin.id], { projectIdeaTitle: "Solar" });
    await adminStream.waitFor(1);
    await settle();
    expect(memberStream.events).toHaveLength(1);
    expect(adminStream.notifications().map((item) => item.project_idea_title)).toEqual(["Solar"]);
  });

  it("never carries another company's rows, even one naming the reader", async () => {
    const { baseUrl, memberToken, member, db, company } = await start();
    const other = await buildCompanyWithAdmin(db);
    const stranger = await buildMember(db, other.team);
    const stream = await openStream(baseUrl, memberToken);
    await settle();

    await writeNotification(db, other.company.id, [stranger.id, other.admin.id]);
    // A row of company B addressed to A's member (no route writes one; the stream must not trust it).
    await writeNotification(db, other.company.id, [member.id]);
    await writeNotification(db, company.id, [member.id], { projectIdeaTitle: "Mine" });
    const received = await stream.waitFor(1);
    await settle();
    expect(stream.events).toHaveLength(1);
    expect(received[0]!.project_idea_title).toBe("Mine");
  });

  it("sends nothing for a transaction that rolls back, and one event per committed row", async () => {
    const { baseUrl, memberToken, member, admin, db, company } = await start();
    const stream = await openStream(baseUrl, memberToken);
    await settle();
    await expect(
      db.transaction(async (tx) => {
        await writeNotification(tx, company.id, [member.id]);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    await db.transaction(async (tx) => {
      await writeNotification(tx, company.id, [member.id, admin.id], { note: "A" });
      await writeNotification(tx, company.id, [member.id], { note: "B" });
    });
    const received = await stream.waitFor(2);
    await settle();
    expect(received.map((item) => item.note)).toEqual(["A", "B"]);
  });

  it("replays what was missed after Last-Event-ID, oldest first, then goes on live, without duplicates", async () => {
    const { baseUrl, memberToken, member, db, company } = await start();
    const say = (note: string) => writeNotification(db, company.id, [member.id], { note });
    await say("before the stream");
    const first = await openStream(baseUrl, memberToken);
    await settle();
    await say("one");
    await say("two");
    await first.waitFor(2);
    const lastEventId = first.events.at(-1)!.id!;
    await first.close();

    await say("three");
    await say("four");
    const second = await openStream(baseUrl, memberToken, { "last-event-id": lastEventId });
    expect((await second.waitFor(2)).map((item) => item.note)).toEqual(["three", "four"]);
    await say("five");
    await second.waitFor(3);
    await settle();
    expect(second.notifications().map((item) => item.note)).toEqual(["three", "four", "five"]);
    // Event ids only grow, so each names everything sent before it.
    const ids = second.events.map((event) => event.id!);
    expect(new Set(ids).size).toBe(3);

    // An id this server did not make starts the stream now, without an error.
    const third = await openStream(baseUrl, memberToken, { "last-event-id": "not-a-cursor" });
    expect(third.response.statusCode).toBe(200);
    await settle();
    expect(third.events).toHaveLength(0);
  });

  it("ends open streams when the server shuts down, without waiting for them", async () => {
    const { baseUrl, memberToken, app } = await start();
    const stream = await openStream(baseUrl, memberToken);
    await settle();
    expect(app.notificationStreams.size).toBe(1);
    const started = Date.now();
    await app.close();
    expect(Date.now() - started).toBeLessThan(2000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stream.ended).toBe(true);
    expect(app.notificationStreams.size).toBe(0);
  });

  it("forgets a stream whose reader left", async () => {
    const { baseUrl, memberToken, app } = await start();
    const stream = await openStream(baseUrl, memberToken);
    await settle();
    expect(app.notificationStreams.size).toBe(1);
    await stream.close();
    await settle();
    expect(app.notificationStreams.size).toBe(0);
  });
});

/** Signs `user` in through the API: a real session (refresh-token family) and its access token. */
async function signIn(client: TestClient, user: { email: string; password: string }) {
  const response = await client.post("/api/auth/login/", { email: user.email, password: user.password });
  expect(response.statusCode).toBe(200);
  return LoginResponseSchema.parse(response.json());
}

/** Milliseconds from now until `stream` has ended; fails after `timeoutMs`. */
async function timeToEnd(stream: { ended: boolean }, timeoutMs = 3000): Promise<number> {
  const started = performance.now();
  while (!stream.ended) {
    if (performance.now() - started > timeoutMs) throw new Error(`The stream is still open after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return performance.now() - started;
}

describe("a stream lives no longer than its session", () => {
  it("ends within a second of signing out, on that device and the person's others, and carries nothing after", async () => {
    const { baseUrl, member, db, company, client, app } = await start();
    const session = await signIn(client, member);
    const otherDevice = await signIn(createTestClient(app), member);
    const stream = await openStream(baseUrl, session.access);
    const otherStream = await openStream(baseUrl, otherDevice.access);
    await settle();

    expect((await client.post("/api/auth/logout/", { refresh: session.refresh })).statusCode).toBe(200);
    expect(await timeToEnd(stream)).toBeLessThan(1000);
    expect(await timeToEnd(otherStream)).toBeLessThan(1000);
    await writeNotification(db, company.id, [member.id], { note: "late" });
    await settle();
    expect(stream.events).toHaveLength(0);
    // The signed-out token opens no new stream.
    expect(
      (await client.get(STREAM, { token: session.access, headers: { accept: "text/event-stream" } })).statusCode,
    ).toBe(401);
  });

  it("ends within a second of an admin deactivating the person", async () => {
    const { baseUrl, memberToken, member, admin, client, tokenFor } = await start();
    const stream = await openStream(baseUrl, memberToken);
    await settle();
    const deactivated = await client.patch(
      `/api/company/users/${member.id}/`,
      { is_active: false },
      { token: await tokenFor(admin) },
    );
    expect(deactivated.statusCode).toBe(200);
    expect(await timeToEnd(stream)).toBeLessThan(1000);
  });

  it("ends within a second of an admin changing the person's role; the client reconnects in the new role", async () => {
    const { baseUrl, memberToken, member, admin, client, tokenFor } = await start();
    const stream = await openStream(baseUrl, memberToken);
    const adminStream = await openStream(baseUrl, await tokenFor(admin));
    await settle();
    const changed = await client.patch(
      `/api/company/users/${member.id}/`,
      { role: "manager" },
      { token: await tokenFor(admin) },
    );
    expect(changed.statusCode).toBe(200);
    expect(await timeToEnd(stream)).toBeLessThan(1000);
    expect(adminStream.ended).toBe(false);
    const reconnected = await openStream(baseUrl, memberToken);
    expect(reconnected.response.statusCode).toBe(200);
    await settle();
    expect(reconnected.ended).toBe(false);
  });

  it("ends within a second of an admin approving the person's request for administrator rights", async () => {
    const { baseUrl, memberToken, member, admin, client, tokenFor, db, company } = await start();
    const [request] = await db
      .insert(adminRequests)
      .values({ companyId: company.id, requesterId: member.id })
      .returning({ id: adminRequests.id });
    const stream = await openStream(baseUrl, memberToken);
    await settle();
    const approved = await client.post(
      "/api/admin-request-response/",
      { requestId: request!.id, adminId: admin.id, approved: true },
      { token: await tokenFor(admin) },
    );
    expect(approved.statusCode).toBe(200);
    expect(await timeToEnd(stream)).toBeLessThan(1000);
  });

  it("ends within a second of the person changing their password", async () => {
    const { baseUrl, member, client } = await start();
    const session = await signIn(client, member);
    const stream = await openStream(baseUrl, session.access);
    await settle();
    const changed = await client.post(
      "/api/users/current/password/",
      { current_password: member.password, new_password: "A-new-password-2026" },
      { token: session.access },
    );
    expect(changed.statusCode).toBe(200);
    expect(await timeToEnd(stream)).toBeLessThan(1000);
  });

  it("ends when its access token expires, not a token's life after it opened", async () => {
    const { baseUrl, member, clock, tokenFor } = await start();
    const token = await tokenFor(member);
    // The token was signed 14 minutes 59 seconds ago: one second of it is left.
    clock.advance((ACCESS_TOKEN_TTL_SECONDS - 1) * 1000);
    const stream = await openStream(baseUrl, token);
    expect(stream.response.statusCode).toBe(200);
    expect(await timeToEnd(stream, 3000)).toBeLessThan(2000);
  });

  it("keeps at most 10 streams per person: a new one closes their oldest", async () => {
    const { baseUrl, memberToken, member, admin, app, tokenFor, db, company } = await start();
    const adminStream = await openStream(baseUrl, await tokenFor(admin));
    const streams = [];
    for (let index = 0; index < NOTIFICATION_STREAMS_PER_PERSON; index++) {
      streams.push(await openStream(baseUrl, memberToken));
    }
    await settle();
    expect(app.notificationStreams.size).toBe(NOTIFICATION_STREAMS_PER_PERSON + 1);
    const newest = await openStream(baseUrl, memberToken);
    expect(await timeToEnd(streams[0]!)).toBeLessThan(1000);
    await settle();
    expect(streams.slice(1).every((stream) => !stream.ended)).toBe(true);
    expect(adminStream.ended).toBe(false);
    expect(app.notificationStreams.size).toBe(NOTIFICATION_STREAMS_PER_PERSON + 1);
    await writeNotification(db, company.id, [member.id]);
    await newest.waitFor(1);
  });

  it("counts a person's streams across instances: the 11th, on another instance, closes the oldest", async () => {
    const a = await start();
    const b = await buildApp({ config: a.config, database: a.database, clock: a.clock, logger: false });
    cleanups.push(() => b.close());
    const baseUrlB = await b.listen({ port: 0, host: "127.0.0.1" });
    const onA = [];
    for (let index = 0; index < 6; index++) onA.push(await openStream(a.baseUrl, a.memberToken));
    await settle();
    const onB = [];
    for (let index = 0; index < NOTIFICATION_STREAMS_PER_PERSON - 6; index++) {
      onB.push(await openStream(baseUrlB, a.memberToken));
    }
    await settle();
    expect(a.app.notificationStreams.size + b.notificationStreams.size).toBe(NOTIFICATION_STREAMS_PER_PERSON);

    const eleventh = await openStream(baseUrlB, a.memberToken);
    expect(await timeToEnd(onA[0]!)).toBeLessThan(1000);
    await settle();
    expect([...onA.slice(1), ...onB, eleventh].filter((stream) => stream.ended)).toEqual([]);
    expect(a.app.notificationStreams.size + b.notificationStreams.size).toBe(NOTIFICATION_STREAMS_PER_PERSON);
  });

  it("closes the person's streams on another instance within a second of signing out", async () => {
    const a = await start();
    // Instance B: the same server on the same database (its own listener on the channel).
    const b = await buildApp({ config: a.config, database: a.database, clock: a.clock, logger: false });
    cleanups.push(() => b.close());
    const baseUrlB = await b.listen({ port: 0, host: "127.0.0.1" });
    const session = await signIn(a.client, a.member);
    const stream = await openStream(baseUrlB, session.access);
    await settle();
    expect(b.notificationStreams.size).toBe(1);

    expect((await a.client.post("/api/auth/logout/", { refresh: session.refresh })).statusCode).toBe(200);
    expect(await timeToEnd(stream)).toBeLessThan(1000);
    expect(b.notificationStreams.size).toBe(0);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("across instances on one PostgreSQL", () => {
  it("carries a notification caused through instance A to a stream on instance B", async () => {
    const a = await start();
    // Instance B: the same server on its own pool of the same database.
    const url = ((a.db as unknown as { $client: Pool }).$client.options.connectionString ?? "") as string;
    const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
    const b = await buildApp({ config: a.config, database, clock: a.clock, logger: false });
    cleanups.push(async () => {
      await b.close();
      await database.close();
    });
    const baseUrlB = await b.listen({ port: 0, host: "127.0.0.1" });
    const stream = await openStream(baseUrlB, a.memberToken);
    await settle();

    const started = performance.now();
    await writeNotification(a.db, a.company.id, [a.member.id], { note: "via A" });
    const [received] = await stream.waitFor(1, 1000);
    expect(received!.note).toBe("via A");
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("listens again after losing its connection, and sends what was announced meanwhile", async () => {
    const { baseUrl, memberToken, member, db, company } = await start();
    const stream = await openStream(baseUrl, memberToken);
    await settle();
    // PostgreSQL ends the notifications' listening connection (a restart, a failover, a proxy's
    // idle cut); the mail outbox listens on a connection of its own.
    const ended = await db.execute<{ ended: boolean }>(
      sql`select pg_terminate_backend(pid) as ended from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()
            and query = ${`LISTEN ${NOTIFICATIONS_CHANNEL}`}`,
    );
    expect(ended.rows).toEqual([{ ended: true }]);
    // Announced while nobody listens: the message is lost, the row is not.
    await writeNotification(db, company.id, [member.id], { note: "meanwhile" });
    const [received] = await stream.waitFor(1, 5000);
    expect(received!.note).toBe("meanwhile");
    await writeNotification(db, company.id, [member.id], { note: "after" });
    await stream.waitFor(2, 5000);
    await settle();
    expect(stream.notifications().map((item) => item.note)).toEqual(["meanwhile", "after"]);
  });
});
