import { readFileSync } from "node:fs";
import { expect } from "@playwright/test";
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
    .map(({ to, raw }) => ({ to, raw, ...parseMessage(raw) }));
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

// Just enough MIME to read what nodemailer sends: headers, multipart, base64 and quoted-printable.

function parseMessage(raw: string): { subject: string; text: string } {
  const { headers, body } = splitPart(raw);
  const parts = flattenParts(headers, body);
  const text = parts.find((part) => part.type === "text/plain")?.content ?? "";
  return { subject: decodeEncodedWords(headers.get("subject") ?? ""), text };
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
  const type = (contentType.split(";")[0] ?? "").trim().toLowerCase();
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
  return [{ type, content: decodeBody(body, encoding) }];
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
