/**
 * E-mail about notifications. `mailNotifications` runs inside the transaction that writes the
 * notifications (notify, in the notifications module): each recipient whose category is on
 * "every event" gets one mail through the outbox, a digest category puts the notification aside
 * for the digest, "none" sends nothing. The digests and the due-date reminders run on the job
 * queue (modules/jobs); this service answers the preferences API and one-click unsubscribe.
 */
import {
  AppError,
  DEFAULT_EMAIL_FREQUENCY,
  type DigestFrequency,
  defineMessages,
  describeNotification,
  EMAIL_CATEGORY_LABELS,
  type EmailCategory,
  type EmailPreferences,
  emailCategoriesFor,
  emailCategoryOf,
  ideaPath,
  landingPathFor,
  type NotificationFacts,
  notificationLink,
  type Translate,
} from "@ideaport/shared";
import type { Caller } from "../../core/caller.ts";
import { companyIdOf, roleSubjectOf } from "../../core/caller.ts";
import { languageOf } from "../../core/languages.ts";
import type { ServiceDependencies } from "../../core/module-options.ts";
import type { Database } from "../../db/client.ts";
import type { EmailPreferencesRow } from "../../db/schema/index.ts";
import { effectiveLanguage, translatorFor } from "../../lib/i18n.ts";
import { createUnsubscribeTokens, type UnsubscribeScope, type UnsubscribeTokens } from "../../lib/unsubscribe-token.ts";
import { enqueueMail } from "../mail/mail.service.ts";
import { digestMail, eventMail } from "./email-notifications.mails.ts";
import { presentPreferences } from "./email-notifications.presenter.ts";
import {
  categoriesOn,
  claimDigest,
  frequenciesOf,
  insertDigestItems,
  isCompanyMember,
  type MailRecipient,
  selectDigestRecipientIds,
  selectMailRecipients,
  selectPreferences,
  takeDigestItems,
  upsertPreferences,
} from "./email-notifications.repository.ts";

/** What the unsubscribe page says once a kind of e-mail is stopped. */
const UNSUBSCRIBE_TEXTS = defineMessages({
  digestStopped: {
    id: "server.unsubscribe.digestStopped",
    defaultMessage:
      "You will no longer get the {frequency, select, daily {daily} other {weekly}} digest. You can choose e-mails again in Profile Settings.",
  },
  categoryStopped: {
    id: "server.unsubscribe.categoryStopped",
    defaultMessage:
      'You will no longer get e-mails about "{category}". You can turn them on again in Profile Settings.',
    description: "{category} is the name of a kind of e-mail, as Profile Settings lists it",
  },
});

/** What links in e-mails need: the app's address and the key of the unsubscribe tokens. */
export interface EmailLinkSettings {
  appUrl: string;
  jwtSecret: string;
}

interface EmailLinks {
  appUrl: string;
  tokens: UnsubscribeTokens;
}

/**
 * The process's link settings, set once when the app is built (email-notifications.routes.ts).
 * `notify` is called by every module inside its own transaction with the transaction alone;
 * rather than hand the configuration through each of them, the one process-wide value (APP_URL
 * and JWT_SECRET come from the environment) is kept here.
 */
let links: EmailLinks | undefined;

/** Sets the address and key e-mail links are made with (once per process; the app does it). */
export function configureEmailLinks(settings: EmailLinkSettings): void {
  links = { appUrl: settings.appUrl, tokens: createUnsubscribeTokens(settings.jwtSecret) };
}

/** The path of the one-click unsubscribe endpoint; its GET shows the web app's page. */
export const UNSUBSCRIBE_API_PATH = "/api/email-preferences/unsubscribe/";

async function unsubscribeUrl(
  emailLinks: EmailLinks,
  claims: { userId: string; companyId: string; scope: UnsubscribeScope },
): Promise<string> {
  return `${emailLinks.appUrl}${UNSUBSCRIBE_API_PATH}?token=${encodeURIComponent(await emailLinks.tokens.sign(claims))}`;
}

function readerOf(recipient: MailRecipient) {
  return {
    id: recipient.id,
    role: recipient.role,
    is_admin: recipient.isAdmin,
    team: recipient.managesTeam ? [{ is_manager: true }] : [],
  };
}

/** Says a mail's words in the recipient's language. */
function translatorOf(recipient: MailRecipient): Translate {
  return translatorFor(effectiveLanguage(recipient.language, recipient.companyLanguage));
}

function frequencyOf(row: EmailPreferencesRow | null, category: EmailCategory) {
  return row ? frequenciesOf(row)[category] : DEFAULT_EMAIL_FREQUENCY;
}

/** One event, as `notify` wrote it: its facts (the sentence's) and what it links to. */
export interface MailedEvent {
  companyId: string;
  facts: NotificationFacts;
  relatedIdeaId?: string | null;
  relatedChallengeId?: string | null;
}

/**
 * Mails the notifications `notify` just wrote (`written`: one per recipient), in their
 * transaction: at once for "every event" (the bell's sentence, from the shared renderer), put
 * aside for a digest, or not at all, per recipient and category. Types outside every category
 * are not mailed.
 */
export async function mailNotifications(
  tx: Database,
  event: MailedEvent,
  written: ReadonlyArray<{ id: string; userId: string }>,
): Promise<void> {
  const category = emailCategoryOf(event.facts.type);
  if (!category || written.length === 0 || !links) return;
  const emailLinks = links;
  const { companyId } = event;
  const recipients = new Map(
    (
      await selectMailRecipients(
        tx,
        companyId,
        written.map((row) => row.userId),
      )
    ).map((recipient) => [recipient.id, recipient]),
  );
  const digestItems: Array<{ companyId: string; userId: string; notificationId: string; category: EmailCategory }> = [];
  for (const row of written) {
    const recipient = recipients.get(row.userId);
    // Nobody is mailed in a category their Profile Settings do not offer them.
    if (!recipient || !emailCategoriesFor(readerOf(recipient)).includes(category)) continue;
    const frequency = frequencyOf(recipient.preferences, category);
    if (frequency === "none") continue;
    if (frequency !== "immediate") {
      digestItems.push({ companyId, userId: row.userId, notificationId: row.id, category });
      continue;
    }
    const reader = readerOf(recipient);
    const link = notificationLink(
      {
        ...event.facts,
        related_idea_id: event.relatedIdeaId ?? null,
        related_challenge_id: event.relatedChallengeId ?? null,
      },
      reader,
    );
    const t = translatorOf(recipient);
    await enqueueMail(
      tx,
      eventMail(
        {
          to: recipient.email,
          displayName: recipient.displayName,
          sentence: describeNotification(event.facts, reader, t),
          category,
          appUrl: emailLinks.appUrl,
          link,
          unsubscribeUrl: await unsubscribeUrl(emailLinks, { userId: row.userId, companyId, scope: category }),
        },
        t,
      ),
    );
  }
  await insertDigestItems(tx, digestItems);
}

/** The day a daily digest closes, or the Monday of the week a weekly one closes (UTC, YYYY-MM-DD). */
export function digestPeriod(frequency: DigestFrequency, now: Date): string {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  if (frequency === "weekly") day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

/** One person's digest of one period, as the job queue carries it. */
export interface DigestJob {
  userId: string;
  companyId: string;
  frequency: DigestFrequency;
  period: string;
}

export type EmailNotificationsService = ReturnType<typeof createEmailNotificationsService>;

/** Preferences, unsubscribe links, and the digests. */
export function createEmailNotificationsService({ db, clock }: ServiceDependencies) {
  const emailLinks = () => {
    if (!links) throw new Error("configureEmailLinks was not called");
    return links;
  };

  return {
    /** The caller's preferences: each category they are offered, filled in (defaults where never chosen). */
    async getPreferences(caller: Caller): Promise<EmailPreferences> {
      const person = { companyId: companyIdOf(caller), userId: caller.id };
      return presentPreferences((await selectPreferences(db, person)) ?? null, roleSubjectOf(caller));
    },

    /** Replaces the caller's preferences; a category they are not offered is refused (400). */
    async updatePreferences(caller: Caller, preferences: EmailPreferences): Promise<EmailPreferences> {
      const person = { companyId: companyIdOf(caller), userId: caller.id };
      const offered = emailCategoriesFor(roleSubjectOf(caller));
      if (Object.keys(preferences).some((category) => !offered.includes(category as EmailCategory))) {
        throw new AppError("email.category_not_offered");
      }
      return presentPreferences(await upsertPreferences(db, person, preferences), roleSubjectOf(caller));
    },

    /**
     * One-click unsubscribe: the signed token names the person, their company and what to stop;
     * that is set to "none" and nothing else changes. Answers the sentence the page shows, in the
     * person's language.
     */
    async unsubscribe(token: string): Promise<string> {
      const claims = await emailLinks().tokens.verify(token);
      if (!claims) throw new AppError("email.unsubscribe_invalid");
      const person = { companyId: claims.companyId, userId: claims.userId };
      if (!(await isCompanyMember(db, person))) throw new AppError("email.unsubscribe_invalid");
      const t = translatorFor(await languageOf(db, claims.userId));
      return db.transaction(async (tx) => {
        if (claims.scope === "daily" || claims.scope === "weekly") {
          const stored = (await selectPreferences(tx, person)) ?? null;
          const categories = categoriesOn(stored, claims.scope);
          await upsertPreferences(tx, person, Object.fromEntries(categories.map((category) => [category, "none"])));
          return t(UNSUBSCRIBE_TEXTS.digestStopped, { frequency: claims.scope });
        }
        await upsertPreferences(tx, person, { [claims.scope]: "none" });
        return t(UNSUBSCRIBE_TEXTS.categoryStopped, { category: t(EMAIL_CATEGORY_LABELS[claims.scope]) });
      });
    },

    /** The digests due for `frequency` now: one per person with items waiting. */
    async dueDigests(frequency: DigestFrequency): Promise<DigestJob[]> {
      const period = digestPeriod(frequency, clock());
      const people = await selectDigestRecipientIds(db, frequency);
      return people.map((person) => ({ ...person, frequency, period }));
    },

    /**
     * Sends one person's digest of one period, exactly once however many workers run it: the
     * digest row (unique per person, frequency and period), the items it takes and its mail are
     * written in one transaction. Answers the number of items mailed (0 when already sent).
     */
    async sendDigest(job: DigestJob): Promise<number> {
      const settings = emailLinks();
      return db.transaction(async (tx) => {
        const digestId = await claimDigest(tx, job);
        if (!digestId) return 0;
        const [recipient] = await selectMailRecipients(tx, job.companyId, [job.userId]);
        if (!recipient) return 0;
        const categories = categoriesOn(recipient.preferences, job.frequency);
        const lines = await takeDigestItems(tx, { ...job, categories, digestId });
        if (lines.length === 0) return 0;
        const ideasPage = landingPathFor(readerOf(recipient));
        await enqueueMail(
          tx,
          digestMail(
            {
              to: recipient.email,
              displayName: recipient.displayName,
              frequency: job.frequency,
              lines,
              appUrl: settings.appUrl,
              ideaLink: (ideaId) => ideaPath(ideasPage, ideaId),
              unsubscribeUrl: await unsubscribeUrl(settings, { ...job, scope: job.frequency }),
            },
            translatorOf(recipient),
          ),
        );
        return lines.length;
      });
    },
  };
}
