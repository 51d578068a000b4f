import { createServer } from "node:net";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { mailOutbox } from "../../db/schema/index.ts";
import { translatorFor } from "../../lib/i18n.ts";
import { createTestClock } from "../../test/app.ts";
import { createTestDatabase } from "../../test/database.ts";
import { type MailPeer, startMailPeer } from "../../test/mail-peer.ts";
import { composeMail, escapeHtml } from "./mail.layout.ts";
import { backoffDelayMs, MAIL_OUTBOX_DEFAULTS, startMailOutbox } from "./mail.outbox.ts";
import { enqueueMail } from "./mail.service.ts";
import { createMailer, type MailLogger } from "./mailer.ts";

let database: DatabaseHandle;
let peer: MailPeer;
const stops: Array<() => Promise<void>> = [];

beforeEach(async () => {
  database = await createTestDatabase();
  peer = await startMailPeer();
});

afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
  await peer.close();
  await database.close();
});

function createLogger() {
  const lines: Array<{ level: string; details: object; message: string | undefined }> = [];
  const logger: MailLogger = {
    info: (details, message) => lines.push({ level: "info", details, message }),
    warn: (details, message) => lines.push({ level: "warn", details, message }),
    error: (details, message) => lines.push({ level: "error", details, message }),
  };
  return { logger, lines };
}

/** A worker that only runs when the test says so. */
function startWorker(smtpUrl: string | undefined, clock = createTestClock(), options: { maxAttempts?: number } = {}) {
  const { logger, lines } = createLogger();
  const config = { smtpUrl, mailFrom: "Ideaport <no-reply@ideaport.test>", isProduction: false };
  const worker = startMailOutbox({
    db: database.db,
    mailer: createMailer(config, logger),
    logger,
    clock,
    intervalMs: 60 * 60 * 1000,
    ...options,
  });
  stops.push(() => worker.stop());
  return { worker, lines, clock };
}

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const mail = (to: string) =>
  composeMail(
    {
      category: "account",
      to,
      subject: "Hello",
      greeting: "Hello Ada,",
      paragraphs: ["Your code is below."],
      code: "123456",
    },
    translatorFor("en"),
  );

async function outboxRows() {
  return database.db.select().from(mailOutbox).orderBy(mailOutbox.createdAt);
}

describe("mail outbox", () => {
  it("delivers a queued mail through SMTP and marks it sent", async () => {
    await database.db.transaction((tx) => enqueueMail(tx, mail("ada@example.com")));
    const { worker } = startWorker(peer.url);

    expect(await worker.runOnce()).toBe(1);

    const received = await peer.waitForMail("ada@example.com");
    expect(received.subject).toBe("Hello");
    expect(received.text).toContain("123456");
    expect(received.html).toContain("123456");
    const [row] = await outboxRows();
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(row!.sentAt).not.toBeNull();
  });

  it("sends nothing enqueued by a transaction that rolled back", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueMail(tx, mail("ghost@example.com"));
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    const { worker } = startWorker(peer.url);
    expect(await worker.runOnce()).toBe(0);
    expect(await outboxRows()).toHaveLength(0);
  });

  it("keeps a mail whose send failed and retries it after the backoff", async () => {
    await enqueueMail(database.db, mail("retry@example.com"));
    const clock = createTestClock();
    const down = startWorker(`smtp://127.0.0.1:${await closedPort()}`, clock);

    expect(await down.worker.runOnce()).toBe(1);
    let [row] = await outboxRows();
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row!.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(down.lines.some((line) => line.level === "warn")).toBe(true);
    await down.worker.stop();

    // The SMTP server comes back; the row waits for its backoff, then goes out.
    const up = startWorker(peer.url, clock);
    expect(await up.worker.runOnce()).toBe(0);
    clock.advance(backoffDelayMs(1, MAIL_OUTBOX_DEFAULTS.firstBackoffMs, MAIL_OUTBOX_DEFAULTS.maxBackoffMs) + 1);
    expect(await up.worker.runOnce()).toBe(1);

    const received = await peer.waitForMail("retry@example.com");
    expect(received.text).toContain("123456");
    [row] = await outboxRows();
    expect(row).toMatchObject({ status: "sent", attempts: 2, lastError: null });
  });

  it("marks a mail failed after the last attempt and logs it as an error", async () => {
    await enqueueMail(database.db, mail("never@example.com"));
    const clock = createTestClock();
    const { worker, lines } = startWorker(`smtp://127.0.0.1:${await closedPort()}`, clock, { maxAttempts: 3 });

    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await worker.runOnce()).toBe(1);
      clock.advance(MAIL_OUTBOX_DEFAULTS.maxBackoffMs + 1);
    }
    expect(await worker.runOnce()).toBe(0);

    const [row] = await outboxRows();
    expect(row).toMatchObject({ status: "failed", attempts: 3 });
    expect(row!.lastError).toBeTruthy();
    expect(lines.filter((line) => line.level === "error")).toHaveLength(1);
  });

  it("never sends one mail twice when several workers run at once", async () => {
    for (let index = 0; index < 12; index++) await enqueueMail(database.db, mail(`crowd-${index}@example.com`));
    const workers = [startWorker(peer.url), startWorker(peer.url), startWorker(peer.url)];

    const handled = await Promise.all(workers.map(({ worker }) => worker.runOnce()));

    expect(handled.reduce((sum, count) => sum + count, 0)).toBe(12);
    await Promise.all(Array.from({ length: 12 }, (_, index) => peer.waitForMail(`crowd-${index}@example.com`)));
    expect(peer.messages).toHaveLength(12);
    const rows = await outboxRows();
    expect(rows.every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
  });

  it("sends a mail at once when woken after the commit", async () => {
    const { logger } = createLogger();
    const worker = startMailOutbox({
      db: database.db,
      mailer: createMailer({ smtpUrl: peer.url, mailFrom: "x@ideaport.test", isProduction: false }, logger),
      logger,
      intervalMs: 60 * 60 * 1000,
    });
    stops.push(() => worker.stop());
    await enqueueMail(database.db, mail("woken@example.com"));
    worker.wake();
    expect((await peer.waitForMail("woken@example.com", { timeoutMs: 5_000 })).text).toContain("123456");
  });

  it("writes the mail to the log without SMTP_URL and keeps the row as the dev outbox", async () => {
    await enqueueMail(database.db, mail("dev@example.com"));
    const { worker, lines } = startWorker(undefined);

    expect(await worker.runOnce()).toBe(1);

    const logged = lines.find((line) => line.level === "info");
    expect(logged?.message).toContain("dev@example.com");
    expect(logged?.message).toContain("123456");
    const [row] = await outboxRows();
    expect(row).toMatchObject({ status: "sent", to: "dev@example.com" });
    expect(await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, "dev@example.com"))).toHaveLength(1);
  });
});

describe("mail layout", () => {
  it("escapes user-provided text in the HTML body and keeps it readable in the text body", () => {
    const composed = composeMail(
      {
        category: "account",
        to: "x@example.com",
        subject: "Hi",
        greeting: 'Hello <script>alert("x")</script> & co,',
        paragraphs: ["Plain."],
        link: { label: "Open", url: "https://ideas.example.com/a?b=1&c=2" },
      },
      translatorFor("en"),
    );
    expect(composed.html).not.toContain("<script>");
    expect(composed.html).toContain("Hello &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co,");
    expect(composed.html).toContain('href="https://ideas.example.com/a?b=1&amp;c=2"');
    expect(composed.text).toContain('Hello <script>alert("x")</script> & co,');
    expect(composed.text).toContain("Open: https://ideas.example.com/a?b=1&c=2");
  });

  it("escapes the five HTML-significant characters", () => {
    expect(escapeHtml(`<a href='x'>"&"</a>`)).toBe("&lt;a href=&#39;x&#39;&gt;&quot;&amp;&quot;&lt;/a&gt;");
  });
});
