/**
 * Push notifications on people's devices. A device is subscribed from Profile Settings with the
 * categories it hears about (the e-mail categories). `pushNotifications` runs inside the
 * transaction that writes the notifications (notify, in the notifications module) and writes one
 * push message per subscribed device, its sentence from the shared renderer in the reader's
 * language; the job queue sends them after commit (`deliverDue`), never a request.
 */
import {
  AppError,
  describeNotification,
  type EmailCategory,
  emailCategoriesFor,
  emailCategoryOf,
  landingPathFor,
  type NotificationFacts,
  notificationLink,
  PUSH_SUBSCRIPTIONS_PER_PERSON_MAX,
  type PushPayload,
  type PushSubscription,
  type PushSubscriptionRequest,
} from "@ideaport/shared";
import type { VapidConfig } from "../../config/env.ts";
import { type CompanyCaller, roleSubjectOf } from "../../core/caller.ts";
import type { ServiceDependencies } from "../../core/module-options.ts";
import type { Database } from "../../db/client.ts";
import { effectiveLanguage, translatorFor } from "../../lib/i18n.ts";
import { OutboundCallError, type OutboundPolicy, resolveOutboundTarget } from "../../lib/outbound-http.ts";
import { presentSubscription } from "./push.presenter.ts";
import {
  deleteSubscription,
  insertDeliveries,
  selectPushRecipients,
  selectSubscriptions,
  trimSubscriptions,
  upsertSubscription,
} from "./push.repository.ts";
import { deliverDuePushMessages, type PushSenderSettings } from "./push.sender.ts";

/** The channel new push messages are announced on when their transaction commits. */
export { PUSH_DELIVERIES_CHANNEL } from "./push.repository.ts";

export type PushService = ReturnType<typeof createPushService>;

/** The push settings of the app's configuration. */
export function pushSettingsOf(config: {
  vapid: VapidConfig;
  integrationsAllowPrivateNetworks: boolean;
}): PushSenderSettings {
  return { vapid: config.vapid, outbound: { allowPrivateNetworks: config.integrationsAllowPrivateNetworks } };
}

export interface PushServiceDependencies extends ServiceDependencies {
  /** The VAPID keys and subject, and the outbound rules push services are called under. */
  push: PushSenderSettings;
}

/** Checks a push service address against the outbound rules; a refused one answers 400. */
async function checkEndpoint(endpoint: string, policy: OutboundPolicy): Promise<void> {
  try {
    await resolveOutboundTarget(endpoint, policy);
  } catch (error) {
    if (error instanceof OutboundCallError) throw new AppError("push.endpoint_refused");
    throw error;
  }
}

export function createPushService({ db, clock, push }: PushServiceDependencies) {
  return {
    /** The key browsers subscribe with (`applicationServerKey`). */
    publicKey(): string {
      return push.vapid.publicKey;
    },

    async list(caller: CompanyCaller): Promise<PushSubscription[]> {
      const rows = await selectSubscriptions(db, caller.companyId, caller.id);
      return rows.map(presentSubscription);
    },

    /**
     * Subscribes the caller's device, or changes its keys and categories: the categories the
     * caller is offered (all of them when none are named; others are dropped). The push service
     * must pass the outbound rules now, and again at each send. A person keeps at most
     * PUSH_SUBSCRIPTIONS_PER_PERSON_MAX devices; the oldest go.
     */
    async subscribe(caller: CompanyCaller, input: PushSubscriptionRequest): Promise<PushSubscription> {
      await checkEndpoint(input.endpoint, push.outbound);
      const offered = emailCategoriesFor(roleSubjectOf(caller));
      const categories: EmailCategory[] = input.categories
        ? offered.filter((category) => input.categories?.includes(category))
        : offered;
      const row = await db.transaction(async (tx) => {
        const saved = await upsertSubscription(tx, {
          companyId: caller.companyId,
          userId: caller.id,
          endpoint: input.endpoint,
          p256dh: input.keys.p256dh,
          auth: input.keys.auth,
          categories,
        });
        await trimSubscriptions(tx, caller.companyId, caller.id, PUSH_SUBSCRIPTIONS_PER_PERSON_MAX);
        return saved;
      });
      return presentSubscription(row);
    },

    /** Ends the caller's subscription of `endpoint`; another person's, or none, is not found. */
    async unsubscribe(caller: CompanyCaller, endpoint: string): Promise<void> {
      if (!(await deleteSubscription(db, caller.companyId, caller.id, endpoint))) {
        throw new AppError("push.subscription_not_found");
      }
    },

    /** Sends the push messages that are due; the job queue runs it. Answers how many it handled. */
    deliverDue(): Promise<number> {
      return deliverDuePushMessages(db, clock, push);
    },
  };
}

/** A person's subscribed devices, as their data export lists them. */
export async function pushSubscriptionsOf(
  db: Database,
  companyId: string,
  userId: string,
): Promise<PushSubscription[]> {
  return (await selectSubscriptions(db, companyId, userId)).map(presentSubscription);
}

/** One event, as `notify` wrote it: its facts (the sentence's) and what it links to. */
export interface PushedEvent {
  companyId: string;
  facts: NotificationFacts;
  relatedIdeaId?: string | null;
  relatedChallengeId?: string | null;
}

/**
 * Writes a push message for each subscribed device of the recipients of the notifications
 * `notify` just wrote (`written`: one per recipient), in their transaction, when the device is on
 * for the notification's category (and the person is offered it). Types outside every category
 * are not pushed. The payload holds the bell's sentence in the reader's language and the path of
 * what it is about.
 */
export async function pushNotifications(
  tx: Database,
  event: PushedEvent,
  written: ReadonlyArray<{ id: string; userId: string }>,
): Promise<void> {
  const category = emailCategoryOf(event.facts.type);
  if (!category || written.length === 0) return;
  const notificationOf = new Map(written.map((row) => [row.userId, row.id]));
  const recipients = await selectPushRecipients(tx, event.companyId, [...notificationOf.keys()], category);
  const deliveries = recipients.flatMap((recipient) => {
    const reader = {
      id: recipient.userId,
      role: recipient.role,
      is_admin: recipient.isAdmin,
      team: recipient.managesTeam ? [{ is_manager: true }] : [],
    };
    if (!emailCategoriesFor(reader).includes(category)) return [];
    const t = translatorFor(effectiveLanguage(recipient.language, recipient.companyLanguage));
    const link = notificationLink(
      {
        ...event.facts,
        related_idea_id: event.relatedIdeaId ?? null,
        related_challenge_id: event.relatedChallengeId ?? null,
      },
      reader,
    );
    const payload: PushPayload = {
      body: describeNotification(event.facts, reader, t),
      url: link ?? landingPathFor(reader),
      tag: notificationOf.get(recipient.userId) ?? "",
    };
    return [{ companyId: event.companyId, subscriptionId: recipient.subscriptionId, payload }];
  });
  await insertDeliveries(tx, deliveries);
}
