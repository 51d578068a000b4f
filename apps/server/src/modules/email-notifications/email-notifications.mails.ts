import { type DigestFrequency, EMAIL_CATEGORY_LABELS, type EmailCategory, settingsPath } from "@ideaport/shared";
import { composeMail, type OutgoingMail } from "../mail/mail.service.ts";
import type { DigestLine } from "./email-notifications.repository.ts";

/** The longest subject line; a longer sentence (a long note) is cut after a whole word, with an ellipsis. */
export const SUBJECT_MAX_LENGTH = 150;

/**
 * The sentence as a subject: without its full stop, and when too long, cut at the last space that
 * leaves room for the ellipsis (mid-word only when a single word is longer than the whole line);
 * punctuation left dangling before the cut goes.
 */
export function subjectOf(sentence: string): string {
  const bare = sentence.replace(/\.$/, "");
  if (bare.length <= SUBJECT_MAX_LENGTH) return bare;
  const room = bare.slice(0, SUBJECT_MAX_LENGTH);
  const lastSpace = room.lastIndexOf(" ");
  const kept = lastSpace > 0 ? room.slice(0, lastSpace) : room.slice(0, SUBJECT_MAX_LENGTH - 1);
  return `${kept.replace(/[\s:;,(-]+$/, "")}…`;
}

/** One event's e-mail: its sentence (the bell's, from the shared renderer), a link, and the way out. */
export function eventMail(mail: {
  to: string;
  displayName: string;
  sentence: string;
  category: EmailCategory;
  appUrl: string;
  /** Where the notification leads in the app (notificationLink), or null. */
  link: string | null;
  unsubscribeUrl: string;
}): OutgoingMail {
  return composeMail({
    category: mail.category,
    unsubscribeUrl: mail.unsubscribeUrl,
    to: mail.to,
    subject: subjectOf(mail.sentence),
    greeting: `Hello ${mail.displayName},`,
    paragraphs: [mail.sentence],
    link: { label: "Open in Ideaport", url: `${mail.appUrl}${mail.link ?? ""}` },
    footer: [
      `You get an e-mail for every event of "${EMAIL_CATEGORY_LABELS[mail.category]}". Choose how often in Profile Settings: ${mail.appUrl}${settingsPath("profile")}`,
      `Unsubscribe from these e-mails: ${mail.unsubscribeUrl}`,
    ],
  });
}

/** The heading of a digest's items without an idea. */
export const DIGEST_OTHER_HEADING = "Other updates";

/** A digest: one mail listing the period's items grouped by idea, ideas in order of their first item. */
export function digestMail(mail: {
  to: string;
  displayName: string;
  frequency: DigestFrequency;
  lines: DigestLine[];
  appUrl: string;
  /** The reader's ideas page, where `?idea=` opens an idea. */
  ideaLink: (ideaId: string) => string;
  unsubscribeUrl: string;
}): OutgoingMail {
  const groups = new Map<string, { heading: string; lines: string[]; ideaId: string | null }>();
  for (const line of mail.lines) {
    const key = line.relatedIdeaId ?? "";
    let group = groups.get(key);
    if (!group) {
      const heading = line.relatedIdeaId ? `"${line.projectIdeaTitle?.trim() || "An idea"}"` : DIGEST_OTHER_HEADING;
      group = { heading, lines: [], ideaId: line.relatedIdeaId };
      groups.set(key, group);
    }
    group.lines.push(line.content);
  }
  // The items without an idea come last.
  const ordered = [...groups.values()].sort((a, b) => Number(a.ideaId === null) - Number(b.ideaId === null));
  const count = mail.lines.length;
  const updates = count === 1 ? "1 update" : `${count} updates`;
  return composeMail({
    category: "digest",
    unsubscribeUrl: mail.unsubscribeUrl,
    to: mail.to,
    subject: `Your ${mail.frequency} Ideaport digest: ${updates}`,
    greeting: `Hello ${mail.displayName},`,
    paragraphs: [`Here is what happened since your last ${mail.frequency} digest, by idea.`],
    sections: ordered.map((group) => ({
      heading: group.heading,
      lines: group.ideaId ? [...group.lines, `Open: ${mail.appUrl}${mail.ideaLink(group.ideaId)}`] : group.lines,
    })),
    link: { label: "Open Ideaport", url: mail.appUrl },
    footer: [
      `You get this ${mail.frequency} digest because you chose it in Profile Settings: ${mail.appUrl}${settingsPath("profile")}`,
      `Unsubscribe from this digest: ${mail.unsubscribeUrl}`,
    ],
  });
}
