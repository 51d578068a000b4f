import { z } from "zod";
import { defineEndpoint } from "../api/contract.ts";
import { defineMessages } from "../i18n/messages.ts";
import { schemaMessage } from "../i18n/schema-messages.ts";
import { SuccessSchema } from "./common.ts";
import { EMAIL_CATEGORIES } from "./email-preferences.ts";

/**
 * Push notifications on a person's devices. Each device (a browser's push subscription) is
 * subscribed on its own, with the categories it hears about: the same categories as e-mail
 * (`EMAIL_CATEGORIES`, offered per person by `emailCategoriesFor`).
 */
export const PUSH_MESSAGES = defineMessages({
  endpointInvalid: {
    id: "shared.push.endpointInvalid",
    defaultMessage: "The browser's push address must be a full https address.",
  },
  keyInvalid: {
    id: "shared.push.keyInvalid",
    defaultMessage: "The browser's push keys are missing or malformed.",
  },
  categoryInvalid: {
    id: "shared.push.categoryInvalid",
    defaultMessage: "Choose among the kinds of notifications offered in Profile Settings.",
  },
});

/** The longest push service address accepted (real ones are a few hundred characters). */
export const PUSH_ENDPOINT_MAX_LENGTH = 2000;

/** How many devices one person may subscribe; the oldest beyond it is dropped. */
export const PUSH_SUBSCRIPTIONS_PER_PERSON_MAX = 20;

const endpointMessage = schemaMessage(PUSH_MESSAGES.endpointInvalid);
const keyMessage = schemaMessage(PUSH_MESSAGES.keyInvalid);

/** The push service address of one browser: where its notifications are posted (RFC 8030). */
export const PushEndpointSchema = z
  .string({ error: endpointMessage })
  .max(PUSH_ENDPOINT_MAX_LENGTH, endpointMessage)
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), endpointMessage);

/** A base64url text (no padding), as browsers give a subscription's keys. */
const base64Url = (maxLength: number) =>
  z
    .string({ error: keyMessage })
    .min(1, keyMessage)
    .max(maxLength, keyMessage)
    .regex(/^[A-Za-z0-9_-]+$/, keyMessage);

export const PushCategorySchema = z.enum(EMAIL_CATEGORIES, { message: schemaMessage(PUSH_MESSAGES.categoryInvalid) });

/**
 * A browser's subscription as `PushSubscription.toJSON()` gives it (`expirationTime` is ignored),
 * with the categories this device hears about; without `categories`, every category the person
 * is offered. Posting the same endpoint again replaces its keys and categories.
 */
export const PushSubscriptionRequestSchema = z.object({
  endpoint: PushEndpointSchema,
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      // An uncompressed P-256 point (65 bytes: 87 characters) and a 16-byte secret (22 characters).
      p256dh: base64Url(100),
      auth: base64Url(50),
    },
    { error: keyMessage },
  ),
  categories: z.array(PushCategorySchema).max(EMAIL_CATEGORIES.length).optional(),
});
export type PushSubscriptionRequest = z.infer<typeof PushSubscriptionRequestSchema>;

export const PushUnsubscribeRequestSchema = z.strictObject({ endpoint: PushEndpointSchema });

/** One of the caller's subscribed devices. */
export const PushSubscriptionSchema = z.object({
  endpoint: z.string(),
  categories: z.array(z.enum(EMAIL_CATEGORIES)),
  /** When the device was subscribed (ISO 8601). */
  created_at: z.string(),
  /** When the push service last accepted a notification for it (ISO 8601), or null. */
  last_success_at: z.string().nullable(),
});
export type PushSubscription = z.infer<typeof PushSubscriptionSchema>;

export const PushSubscriptionResponseSchema = SuccessSchema.extend({ subscription: PushSubscriptionSchema });
export const PushSubscriptionsResponseSchema = SuccessSchema.extend({ subscriptions: z.array(PushSubscriptionSchema) });
export const PushPublicKeyResponseSchema = SuccessSchema.extend({
  /** The server's VAPID public key (RFC 8292), base64url: the browser's `applicationServerKey`. */
  public_key: z.string(),
});

/** What a push message carries to the service worker: the sentence and where tapping it leads. */
export interface PushPayload {
  /** The notification's sentence, in the reader's language. */
  body: string;
  /** The path in the app that opens the object (same origin as the service worker). */
  url: string;
  /** The notification's id: a second push of the same notification replaces the first. */
  tag: string;
}

export const pushEndpoints = {
  /** The key browsers subscribe with. */
  pushPublicKey: defineEndpoint({
    method: "GET",
    path: "/api/push/public-key/",
    response: PushPublicKeyResponseSchema,
  }),
  /** The caller's subscribed devices. */
  pushSubscriptions: defineEndpoint({
    method: "GET",
    path: "/api/push/subscriptions/",
    response: PushSubscriptionsResponseSchema,
  }),
  /** Subscribes this device (or changes its keys and categories). */
  subscribePush: defineEndpoint({
    method: "POST",
    path: "/api/push/subscriptions/",
    body: PushSubscriptionRequestSchema,
    response: PushSubscriptionResponseSchema,
  }),
  /** Ends one of the caller's subscriptions. */
  unsubscribePush: defineEndpoint({
    method: "DELETE",
    path: "/api/push/subscriptions/",
    body: PushUnsubscribeRequestSchema,
    response: SuccessSchema,
  }),
} as const;
