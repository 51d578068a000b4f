import { appendFileSync, writeFileSync } from "node:fs";
import { SMTPServer } from "smtp-server";
import { E2E_MAIL_FILE, E2E_SMTP_PORT } from "./environment.ts";

/** A real SMTP peer: accepts every message and appends it, raw, to a JSON-lines file tests read. */
export async function startMailPeer(): Promise<() => Promise<void>> {
  writeFileSync(E2E_MAIL_FILE, "");
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase());
        appendFileSync(E2E_MAIL_FILE, `${JSON.stringify({ to, raw: Buffer.concat(chunks).toString("utf8") })}\n`);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(E2E_SMTP_PORT, "127.0.0.1", () => resolve());
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
