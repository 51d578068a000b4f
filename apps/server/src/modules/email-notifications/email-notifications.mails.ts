import {
  type DigestFrequency,
  defineMessages,
  EMAIL_CATEGORY_LABELS,
  type EmailCategory,
  settingsPath,
  type Translate,
} from "@ideaport/shared";
import { composeMail, MAIL_TEXTS, type OutgoingMail } from "../mail/mail.service.ts";
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

const NOTIFICATION_MAIL_TEXTS = defineMessages({
  openInIdeaport: {
    id: "server.notificationMails.openInIdeaport",
    defaultMessage: "Open in Ideaport",
    description: "An e-mail's button",
  },
  eventFooterFrequency: {
    id: "server.notificationMails.event.footerFrequency",
    defaultMessage: 'You get an e-mail for every event of "{category}". Choose how often in Profile Settings: {url}',
    description: "{category} is the name of a kind of e-mail, as Profile Settings lists it",
  },
  eventFooterUnsubscribe: {
    id: "server.notificationMails.event.footerUnsubscribe",
    defaultMessage: "Unsubscribe from these e-mails: {url}",
  },
  otherUpdates: {
    id: "server.notificationMails.digest.otherUpdates",
    defaultMessage: "Other updates",
    description: "The heading of a digest's items that are about no idea",
  },
  ideaHeading: {
    id: "server.notificationMails.digest.ideaHeading",
    defaultMessage: '{titleKnown, select, yes {"{title}"} other {"An idea"}}',
    description: "The heading of a digest's items about one idea: its title",
  },
  digestSubject: {
    id: "server.notificationMails.digest.subject",
    defaultMessage:
      "Your {frequency, select, daily {daily} other {weekly}} Ideaport digest: {count, plural, one {# update} other {# updates}}",
  },
  digestIntro: {
    id: "server.notificationMails.digest.intro",
    defaultMessage:
      "Here is what happened since your last {frequency, select, daily {daily} other {weekly}} digest, by idea.",
  },
  digestOpenIdea: { id: "server.notificationMails.digest.openIdea", defaultMessage: "Open: {url}" },
  openIdeaport: {
    id: "server.notificationMails.digest.openIdeaport",
    defaultMessage: "Open Ideaport",
    description: "An e-mail's button",
  },
  digestFooterChosen: {
    id: "server.notificationMails.digest.footerChosen",
    defaultMessage:
      "You get this {frequency, select, daily {daily} other {weekly}} digest because you chose it in Profile Settings: {url}",
  },
  digestFooterUnsubscribe: {
    id: "server.notificationMails.digest.footerUnsubscribe",
    defaultMessage: "Unsubscribe from this digest: {url}",
  },
});

/**
 * One event's e-mail: its sentence (the bell's, from the shared renderer), a link, and the way
 * out, in the recipient's language (`t`, the sentence's too).
 */
export function eventMail(
  mail: {
    to: string;
    displayName: string;
    sentence: string;
    category: EmailCategory;
    appUrl: string;
    /** Where the notification leads in the app (notificationLink), or null. */
    link: string | null;
    unsubscribeUrl: string;
  },
  t: Translate,
): OutgoingMail {
  return composeMail(
    {
      category: mail.category,
      unsubscribeUrl: mail.unsubscribeUrl,
      to: mail.to,
      subject: subjectOf(mail.sentence),
      greeting: t(MAIL_TEXTS.greeting, { name: mail.displayName }),
      paragraphs: [mail.sentence],
      link: { label: t(NOTIFICATION_MAIL_TEXTS.openInIdeaport), url: `${mail.appUrl}${mail.link ?? ""}` },
      footer: [
        t(NOTIFICATION_MAIL_TEXTS.eventFooterFrequency, {
          category: t(EMAIL_CATEGORY_LABELS[mail.category]),
          url: `${mail.appUrl}${settingsPath("profile")}`,
        }),
        t(NOTIFICATION_MAIL_TEXTS.eventFooterUnsubscribe, { url: mail.unsubscribeUrl }),
      ],
    },
    t,
  );
}

/**
 * A digest: one mail listing the period's items (their stored sentences, written in the
 * recipient's language) grouped by idea, ideas in order of their first item; in the language of `t`.
 */
export function digestMail(
  mail: {
    to: string;
    displayName: string;
    frequency: DigestFrequency;
    lines: DigestLine[];
    appUrl: string;
    /** The reader's ideas page, where `?idea=` opens an idea. */
    ideaLink: (ideaId: string) => string;
    unsubscribeUrl: string;
  },
  t: Translate,
): OutgoingMail {
  const groups = new Map<string, { heading: string; lines: string[]; ideaId: string | null }>();
  for (const line of mail.lines) {
    const key = line.relatedIdeaId ?? "";
    let group = groups.get(key);
    if (!group) {
      const title = line.projectIdeaTitle?.trim() ?? "";
      const heading = line.relatedIdeaId
        ? t(NOTIFICATION_MAIL_TEXTS.ideaHeading, { title, titleKnown: title ? "yes" : "no" })
        : t(NOTIFICATION_MAIL_TEXTS.otherUpdates);
      group = { heading, lines: [], ideaId: line.relatedIdeaId };
      groups.set(key, group);
    }
    group.lines.push(line.content);
  }
  // The items without an idea come last.
  const ordered = [...groups.values()].sort((a, b) => Number(a.ideaId === null) - Number(b.ideaId === null));
  const frequency = { frequency: mail.frequency };
  return composeMail(
    {
      category: "digest",
      unsubscribeUrl: mail.unsubscribeUrl,
      to: mail.to,
      subject: t(NOTIFICATION_MAIL_TEXTS.digestSubject, { ...frequency, count: mail.lines.length }),
      greeting: t(MAIL_TEXTS.greeting, { name: mail.displayName }),
      paragraphs: [t(NOTIFICATION_MAIL_TEXTS.digestIntro, frequency)],
      sections: ordered.map((group) => ({
        heading: group.heading,
        lines: group.ideaId
          ? [
              ...group.lines,
              t(NOTIFICATION_MAIL_TEXTS.digestOpenIdea, { url: `${mail.appUrl}${mail.ideaLink(group.ideaId)}` }),
            ]
          : group.lines,
      })),
      link: { label: t(NOTIFICATION_MAIL_TEXTS.openIdeaport), url: mail.appUrl },
      footer: [
        t(NOTIFICATION_MAIL_TEXTS.digestFooterChosen, {
          ...frequency,
          url: `${mail.appUrl}${settingsPath("profile")}`,
        }),
        t(NOTIFICATION_MAIL_TEXTS.digestFooterUnsubscribe, { url: mail.unsubscribeUrl }),
      ],
    },
    t,
  );
}
