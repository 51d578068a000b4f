/**
 * Sends push messages to push services (RFC 8030): web-push encrypts each payload for the
 * subscription's keys (RFC 8291, aes128gcm) and signs the VAPID header (RFC 8292); the request it
 * describes is sent through `outboundFetch`, so a push service address must pass the outbound
 * rules at each send (public https addresses only, connected to the address that was checked,
 * no redirects, capped time and size) whatever it resolved to when the device subscribed.
 */
import type WebPush from "web-push";
import type { VapidConfig } from "../../config/env.ts";
import type { Database } from "../../db/client.ts";
import { drainDue, type RetryPolicy, retryDelay } from "../../lib/delivery-retry.ts";
import { OutboundCallError, type OutboundPolicy, outboundFetch } from "../../lib/outbound-http.ts";
import {
  type ClaimedDelivery,
  claimDeliveries,
  deleteDelivery,
  deleteSubscriptionById,
  markSubscriptionDelivered,
  postponeDelivery,
} from "./push.repository.ts";

export interface PushSenderSettings {
  vapid: VapidConfig;
  outbound: OutboundPolicy;
}

/** How long a push service keeps a message for a device that is offline (seconds). */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** Tries of one message before it is given up; each waits twice as long as the one before. */
export const PUSH_MAX_ATTEMPTS = 5;
const PUSH_RETRY: RetryPolicy = { firstDelayMs: 30_000, maxAttempts: PUSH_MAX_ATTEMPTS };
/** A claimed message is another worker's to take only this long after the claim. */
const CLAIM_MS = 2 * 60_000;
const BATCH_SIZE = 50;
/** How long one push service may take to answer. */
const PUSH_TIMEOUT_MS = 10_000;

/** What the push service's answer means for the message and the subscription. */
export type PushOutcome = "delivered" | "gone" | "retry" | "dropped";

/** Encrypts and signs one message and posts it; answers what came of it. */
export async function sendPushMessage(delivery: ClaimedDelivery, settings: PushSenderSettings): Promise<PushOutcome> {
  // Loaded at the first send, not at start-up (its ASN.1 and JWS code is not needed before).
  const { default: webPush } = await import("web-push");
  let details: ReturnType<typeof WebPush.generateRequestDetails>;
  try {
    details = webPush.generateRequestDetails(
      { endpoint: delivery.endpoint, keys: { p256dh: delivery.p256dh, auth: delivery.auth } },
      JSON.stringify(delivery.payload),
      {
        vapidDetails: settings.vapid,
        TTL: PUSH_TTL_SECONDS,
        contentEncoding: "aes128gcm",
        urgency: "normal",
      },
    );
  } catch {
    // Keys no browser would make (the contract checks only their form): nothing can be sent to it.
    return "gone";
  }
  const headers = Object.fromEntries(Object.entries(details.headers).map(([name, value]) => [name, String(value)]));
  try {
    const answer = await outboundFetch(
      details.endpoint,
      { method: details.method, headers, body: details.body ?? null },
      { ...settings.outbound, timeoutMs: PUSH_TIMEOUT_MS, maxResponseBytes: 64 * 1024 },
    );
    if (answer.status >= 200 && answer.status < 300) return "delivered";
    // The subscription expired or was withdrawn (RFC 8030 §7.3).
    if (answer.status === 404 || answer.status === 410) return "gone";
    if (answer.status === 429 || answer.status >= 500) return "retry";
    return "dropped";
  } catch (error) {
    if (error instanceof OutboundCallError) {
      if (["address_refused", "protocol_refused", "url_invalid"].includes(error.failure)) return "gone";
      return "retry";
    }
    throw error;
  }
}

/**
 * Takes the due messages in batches and sends each: delivered or refused for good, the message
 * goes; a subscription the push service no longer knows (404, 410), or one whose address the
 * outbound rules now refuse, goes with its messages; a busy or unreachable service is tried
 * again later, up to PUSH_MAX_ATTEMPTS times. Answers how many messages it handled.
 */
export async function deliverDuePushMessages(
  db: Database,
  clock: () => Date,
  settings: PushSenderSettings,
): Promise<number> {
  return drainDue(
    () => claimDeliveries(db, { claimMs: CLAIM_MS, limit: BATCH_SIZE }),
    async (delivery) => {
      const outcome = await sendPushMessage(delivery, settings);
      // The claim counted this attempt.
      const delay = outcome === "retry" ? retryDelay(PUSH_RETRY, { failures: delivery.attempts }) : null;
      if (outcome === "delivered") {
        await deleteDelivery(db, delivery.id);
        await markSubscriptionDelivered(db, delivery.subscriptionId, clock());
      } else if (outcome === "gone") {
        await deleteSubscriptionById(db, delivery.subscriptionId);
      } else if (delay !== null) {
        await postponeDelivery(db, delivery.id, delay);
      } else {
        await deleteDelivery(db, delivery.id);
      }
    },
  );
}
