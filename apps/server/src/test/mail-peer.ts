/**
 * A real SMTP server for tests (the `smtp-server` package) on an ephemeral port of 127.0.0.1.
 * The app sends to it through nodemailer (SMTP_URL), and tests read the received messages:
 * `await peer.waitForMail("ada@example.com")` answers the next message to that address.
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { startedForSuite } from "./app.ts";
import { readMimeMessage } from "./mime.ts";

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
        messages.push({ ...readMimeMessage(raw), from, to, raw });
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

/** One peer for a test file: started before its tests, closed after them; call it at the top of the file. */
export function mailPeerPerFile(): MailPeer {
  return startedForSuite(startMailPeer);
}
