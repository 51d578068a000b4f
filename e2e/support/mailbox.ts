import { readFileSync } from "node:fs";
import { expect } from "@playwright/test";
import { readMimeMessage } from "../../apps/server/src/test/mime.ts";
import { E2E_MAIL_FILE } from "./environment.ts";

/** One message the SMTP peer (mail-peer.ts) received, decoded enough to read. */
export interface ReceivedMail {
  to: string[];
  subject: string;
  /** The decoded text/plain body. */
  text: string;
  raw: string;
}

/** Every message received so far, oldest first. */
export function readMailbox(): ReceivedMail[] {
  let content = "";
  try {
    content = readFileSync(E2E_MAIL_FILE, "utf8");
  } catch {
    return [];
  }
  return content
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as { to: string[]; raw: string })
    .map(({ to, raw }) => {
      const { subject, text } = readMimeMessage(raw);
      return { to, raw, subject, text };
    });
}

/** Messages to `recipient` so far, oldest first; `subject` narrows them. */
export function mailsTo(recipient: string, subject?: RegExp): ReceivedMail[] {
  const address = recipient.toLowerCase();
  return readMailbox().filter((mail) => mail.to.includes(address) && (!subject || subject.test(mail.subject)));
}

/**
 * Waits for the `index`-th (0-based, default the first) message to `recipient` whose subject
 * matches, polling the peer's file: the server sends through an outbox worker, not at once.
 */
export async function waitForMail(
  recipient: string,
  subject: RegExp,
  { index = 0, timeout = 30_000 }: { index?: number; timeout?: number } = {},
): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      () => {
        found = mailsTo(recipient, subject)[index];
        return found !== undefined;
      },
      { message: `mail ${index + 1} to ${recipient} with subject ${subject}`, timeout, intervals: [200, 300, 500] },
    )
    .toBe(true);
  return found as ReceivedMail;
}

/** The six-digit sign-up code of a verification mail. */
export function verificationCodeOf(mail: ReceivedMail): string {
  const code = /Your Ideaport verification code: (\d{6})/.exec(mail.subject)?.[1] ?? /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`No verification code in mail "${mail.subject}"`);
  return code;
}

/** The path (e.g. `/password-reset/abc`) of the first link into the app that starts with `prefix`. */
export function appPathIn(mail: ReceivedMail, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const match = new RegExp(`https?://[^\\s/"<>]+(${escaped}[^\\s"<>)]+)`).exec(mail.text);
  if (!match?.[1]) throw new Error(`No ${prefix} link in mail "${mail.subject}":\n${mail.text}`);
  return match[1];
}

/** The path and query of the `List-Unsubscribe` header's address (folded lines joined). */
export function unsubscribePathOf(raw: string): string {
  const head = raw
    .replace(/\r\n/g, "\n")
    .split("\n\n")[0]!
    .replace(/\n[ \t]+/g, " ");
  const header = /^List-Unsubscribe: (.*)$/im.exec(head)?.[1] ?? "";
  const url = new URL(/<([^>]+)>/.exec(header.replace(/\s+/g, ""))![1]!);
  return `${url.pathname}${url.search}`;
}
