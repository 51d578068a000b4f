/**
 * A real SMTP server for tests (the `smtp-server` package) on an ephemeral port of 127.0.0.1.
 * The app sends to it through nodemailer (SMTP_URL), and tests read the received messages:
 * `await peer.waitForMail("ada@example.com")` answers the next message to that address.
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { startedForSuite } from "./app.ts";

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  /** The decoded text/plain body. */
  text: string;
  /** The decoded text/html body, when the message has one. */
  html: string | null;
  /** The top-level headers, names lower-cased, folded lines joined. */
  headers: Record<string, string>;
  raw: string;
}

export interface MailPeer {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  /** Every message received, oldest first. */
  messages: ReceivedMail[];
  /** The next message to `to` not yet answered by an earlier call; rejects after `timeoutMs`. */
  waitForMail(to: string, options?: { timeoutMs?: number }): Promise<ReceivedMail>;
  /** Messages to `to` received so far. */
  mailTo(to: string): ReceivedMail[];
  close(): Promise<void>;
}

/** Starts a peer accepting every message without authentication or TLS. */
export async function startMailPeer(): Promise<MailPeer> {
  const messages: ReceivedMail[] = [];
  const handedOut = new Set<ReceivedMail>();
  const waiters: Array<{ to: string; resolve: (mail: ReceivedMail) => void }> = [];

  const deliverToWaiters = () => {
    for (const waiter of [...waiters]) {
      const mail = messages.find((message) => !handedOut.has(message) && isAddressedTo(message, waiter.to));
      if (!mail) continue;
      handedOut.add(mail);
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(mail);
    }
  };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", callback);
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        const to = session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase());
        messages.push({ ...parseMessage(raw), from, to, raw });
        deliverToWaiters();
        callback();
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    mailTo: (to) => messages.filter((message) => isAddressedTo(message, to)),
    waitForMail(to, options = {}) {
      const timeoutMs = options.timeoutMs ?? 10_000;
      return new Promise<ReceivedMail>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`No e-mail to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        const waiter = {
          to,
          resolve: (mail: ReceivedMail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        };
        waiters.push(waiter);
        deliverToWaiters();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function isAddressedTo(message: ReceivedMail, to: string): boolean {
  return message.to.includes(to.toLowerCase());
}

/** Just enough MIME to read what nodemailer sends: headers, multipart, base64 and quoted-printable. */
function parseMessage(raw: string): {
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string>;
} {
  const { headers, body } = splitPart(raw);
  const parts = flattenParts(headers, body);
  const text = parts.find((part) => part.type === "text/plain")?.content ?? "";
  const html = parts.find((part) => part.type === "text/html")?.content ?? null;
  return {
    subject: decodeEncodedWords(headers.get("subject") ?? ""),
    text,
    html,
    headers: Object.fromEntries(headers),
  };
}

function splitPart(raw: string): { headers: Map<string, string>; body: string } {
  const normalized = raw.replace(/\r\n/g, "\n");
  const end = normalized.indexOf("\n\n");
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? "" : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function flattenParts(headers: Map<string, string>, body: string): Array<{ type: string; content: string }> {
  const contentType = headers.get("content-type") ?? "text/plain";
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  if (type.startsWith("multipart/")) {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
    if (!boundary) return [];
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((section) => !section.startsWith("--"))
      .flatMap((section) => {
        const part = splitPart(section.replace(/^\n/, ""));
        return flattenParts(part.headers, part.body);
      });
  }
  const encoding = (headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  return [{ type, content: decodeBody(body, encoding).replace(/\n$/, "") }];
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") {
    const bytes = body
      .replace(/=\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`) in a header. */
function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([bq])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, data: string) => {
      if (kind.toLowerCase() === "b") return Buffer.from(data, "base64").toString("utf8");
      const bytes = data
        .replace(/_/g, " ")
        .replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      return Buffer.from(bytes, "latin1").toString("utf8");
    });
}

/** One peer for a test file: started before its tests, closed after them; call it at the top of the file. */
export function mailPeerPerFile(): MailPeer {
  return startedForSuite(startMailPeer);
}
