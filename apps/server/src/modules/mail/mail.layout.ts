import { defineMessages, type EmailCategory, type Translate } from "@ideaport/shared";

/** The words every e-mail shares: its greeting and its sign-off. */
export const MAIL_TEXTS = defineMessages({
  greeting: { id: "server.mail.greeting", defaultMessage: "Hello {name},", description: "An e-mail's first line" },
  greetingWithoutName: {
    id: "server.mail.greetingWithoutName",
    defaultMessage: "Hello,",
    description: "An e-mail's first line, when the reader's name is not known",
  },
  signOff: { id: "server.mail.signOff", defaultMessage: "— Ideaport", description: "An e-mail's last line" },
});

/**
 * What an e-mail is about, which decides whether its reader can turn it off: an event of one of
 * the e-mail preference categories (`EMAIL_CATEGORIES`, sent as the reader chose in Profile
 * Settings), a digest gathering those categories, or the account itself (a sign-up code, a
 * password reset or change, an invitation, a security warning: always sent, no preference stops it).
 */
export type MailCategory = EmailCategory | "digest" | "account";

/** One e-mail: a plain-text body and a simple HTML body (user-provided text escaped). */
export interface OutgoingMail {
  category: MailCategory;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058). */
  headers?: Record<string, string>;
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058): one-click unsubscribe from the mail client. */
export function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/** An account mail is always sent; every other mail can be turned off, so it carries its one-click way out. */
type MailCategoryContent =
  | { category: "account" }
  | { category: Exclude<MailCategory, "account"> /** The one-click unsubscribe address. */; unsubscribeUrl: string };

export type MailContent = MailCategoryContent & {
  to: string;
  subject: string;
  /** "Hello Ada," — the name is user-provided and escaped in the HTML body. */
  greeting: string;
  /** Plain sentences; each becomes a paragraph. */
  paragraphs: string[];
  /** A code shown large (the sign-up verification code). */
  code?: string;
  /** A button in HTML, a bare URL in text. */
  link?: { label: string; url: string };
  /** Headed lists after the paragraphs (a digest's items, grouped by idea). */
  sections?: Array<{ heading: string; lines: string[] }>;
  /** Closing sentences shown after the code or link. */
  footer?: string[];
};

/**
 * Composes one e-mail in both forms: plain text (what the log mailer prints and tests read) and a
 * simple HTML body with every piece of text escaped. `t` says the layout's own words (the
 * sign-off) in the reader's language, the language the content is in.
 */
export function composeMail(content: MailContent, t: Translate): OutgoingMail {
  const signOff = t(MAIL_TEXTS.signOff);
  const text = [
    content.greeting,
    ...content.paragraphs,
    ...(content.sections ?? []).map((section) =>
      [section.heading, ...section.lines.map((line) => `- ${line}`)].join("\n"),
    ),
    ...(content.code ? [content.code] : []),
    ...(content.link ? [`${content.link.label}: ${content.link.url}`] : []),
    ...(content.footer ?? []),
    signOff,
  ].join("\n\n");

  const paragraph = (line: string) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`;
  const html = [
    `<!doctype html><html lang="${escapeHtml(t.language)}"><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">`,
    paragraph(content.greeting),
    ...content.paragraphs.map(paragraph),
    ...(content.sections ?? []).map(
      (section) =>
        `<h3 style="margin:0 0 8px;font-size:16px">${escapeHtml(section.heading)}</h3>` +
        `<ul style="margin:0 0 16px;padding-left:20px">${section.lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>`,
    ),
    content.code
      ? `<p style="margin:0 0 16px;font-size:28px;font-weight:bold;letter-spacing:6px">${escapeHtml(content.code)}</p>`
      : "",
    content.link
      ? `<p style="margin:0 0 16px"><a href="${escapeHtml(content.link.url)}" style="background:#4361ee;color:#ffffff;padding:10px 16px;border-radius:4px;text-decoration:none">${escapeHtml(content.link.label)}</a></p>` +
        `<p style="margin:0 0 16px;font-size:12px;color:#6b7280">${escapeHtml(content.link.url)}</p>`
      : "",
    ...(content.footer ?? []).map(paragraph),
    paragraph(signOff),
    "</body></html>",
  ].join("");

  return {
    category: content.category,
    to: content.to,
    subject: content.subject,
    text,
    html,
    ...("unsubscribeUrl" in content ? { headers: unsubscribeHeaders(content.unsubscribeUrl) } : {}),
  };
}
