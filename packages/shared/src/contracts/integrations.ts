import { z } from "zod";
import { defineEndpoint } from "../api/contract.ts";
import { defineMessages } from "../i18n/messages.ts";
import { schemaMessage } from "../i18n/schema-messages.ts";
import { VALIDATION_MESSAGES as M } from "../messages.ts";
import { requiredText, SuccessSchema } from "./common.ts";

// Integrations: chat channels (Slack incoming webhooks, Microsoft Teams workflow webhooks) that hear
// what happens in the company, and signed outgoing webhooks for the company's own systems.

/** What a channel or a webhook can hear about, by its wire name (a webhook delivery's `type`). */
export const INTEGRATION_EVENTS = [
  "idea.submitted",
  "idea.approved",
  "action.done",
  "challenge.posted",
  "challenge.closing",
  "news.published",
  "reward.redeemed",
] as const;
export type IntegrationEvent = (typeof INTEGRATION_EVENTS)[number];

/** The events a team's own channel may choose: a redemption is told only in the company's channels. */
export const TEAM_CHANNEL_EVENTS: readonly IntegrationEvent[] = INTEGRATION_EVENTS.filter(
  (event) => event !== "reward.redeemed",
);

/** The `type` of a webhook's test delivery, which no event sends. */
export const WEBHOOK_TEST_EVENT = "webhook.test";

export const CHANNEL_KINDS = ["slack", "teams"] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

/** How many channels one company, and webhooks one company, may have. */
export const CHANNELS_MAX = 50;
export const WEBHOOKS_MAX = 20;
/** How many attempts each webhook's delivery log keeps. */
export const WEBHOOK_DELIVERY_LOG_SIZE = 100;

export const INTEGRATION_MESSAGES = defineMessages({
  nameRequired: { id: "shared.integrations.nameRequired", defaultMessage: "Enter a name for the channel." },
  urlRequired: { id: "shared.integrations.urlRequired", defaultMessage: "Enter the webhook address." },
  urlInvalid: {
    id: "shared.integrations.urlInvalid",
    defaultMessage: "Enter a full https address, such as https://hooks.example.com/ideaport.",
  },
  eventsRequired: { id: "shared.integrations.eventsRequired", defaultMessage: "Choose at least one event." },
});

const urlField = requiredText(INTEGRATION_MESSAGES.urlRequired, 2000, {
  message: M.textTooLong,
  values: { max: 2000 },
}).refine(
  (value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol),
  schemaMessage(INTEGRATION_MESSAGES.urlInvalid),
);

const eventsField = z
  .array(z.enum(INTEGRATION_EVENTS), { error: schemaMessage(INTEGRATION_MESSAGES.eventsRequired) })
  .min(1, schemaMessage(INTEGRATION_MESSAGES.eventsRequired))
  .max(INTEGRATION_EVENTS.length)
  .transform((events) => [...new Set(events)]);

const channelNameField = requiredText(INTEGRATION_MESSAGES.nameRequired, 100, {
  message: M.textTooLong,
  values: { max: 100 },
});

/** A channel as its settings show it: its address is write-only, only its host is shown. */
export const IntegrationChannelSchema = z.object({
  id: z.string(),
  kind: z.enum(CHANNEL_KINDS),
  name: z.string(),
  /** The team whose channel it is; null for a company channel (admins). */
  team_id: z.string().nullable(),
  events: z.array(z.enum(INTEGRATION_EVENTS)),
  /** The host of its address, such as `hooks.slack.com`; the rest is a secret. */
  url_host: z.string(),
  created_at: z.string(),
});
export type IntegrationChannel = z.infer<typeof IntegrationChannelSchema>;

export const CreateChannelRequestSchema = z.strictObject({
  kind: z.enum(CHANNEL_KINDS),
  name: channelNameField,
  url: urlField,
  events: eventsField,
  /** The team whose channel this is (its managers, or admins); absent or null: a company channel. */
  team_id: z.uuid().nullable().optional(),
});
export type CreateChannelRequest = z.infer<typeof CreateChannelRequestSchema>;

/** A change; an absent `url` keeps the saved address. */
export const UpdateChannelRequestSchema = z.strictObject({
  name: channelNameField.optional(),
  url: urlField.optional(),
  events: eventsField.optional(),
});
export type UpdateChannelRequest = z.infer<typeof UpdateChannelRequestSchema>;

export const ChannelsQuerySchema = z.object({ team_id: z.uuid().optional() });

/** The outcome of a test message or a test delivery. */
export const TestSendResponseSchema = SuccessSchema.extend({
  delivered: z.boolean(),
  /** The receiver's HTTP status; null when none answered. */
  status_code: z.number().int().nullable(),
  /** Why it failed, when it did (refused address, time-out, …). */
  error: z.string().nullable(),
});
export type TestSendResponse = z.infer<typeof TestSendResponseSchema>;

export const WebhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(INTEGRATION_EVENTS)),
  enabled: z.boolean(),
  /** Failed deliveries in a row; at WEBHOOK_FAILURES_BEFORE_DISABLING (notifications.ts) it is switched off. */
  consecutive_failures: z.number().int(),
  /** When it was switched off for failing; null when it was not. */
  disabled_for_failures_at: z.string().nullable(),
  created_at: z.string(),
});
export type Webhook = z.infer<typeof WebhookSchema>;

export const CreateWebhookRequestSchema = z.strictObject({ url: urlField, events: eventsField });
export type CreateWebhookRequest = z.infer<typeof CreateWebhookRequestSchema>;

export const UpdateWebhookRequestSchema = z.strictObject({
  url: urlField.optional(),
  events: eventsField.optional(),
  enabled: z.boolean().optional(),
});
export type UpdateWebhookRequest = z.infer<typeof UpdateWebhookRequestSchema>;

/** One attempt of a delivery, as the webhook's log shows it. */
export const WebhookDeliverySchema = z.object({
  id: z.string(),
  /** The `Ideaport-Delivery` id, the same on every attempt of one delivery. */
  delivery_id: z.string(),
  event_type: z.string(),
  attempt: z.number().int(),
  status_code: z.number().int().nullable(),
  error: z.string().nullable(),
  /** The start of the receiver's answer, at most 500 characters. */
  excerpt: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const ChannelsResponseSchema = SuccessSchema.extend({ channels: z.array(IntegrationChannelSchema) });
export const ChannelResponseSchema = SuccessSchema.extend({ channel: IntegrationChannelSchema });
export const WebhooksResponseSchema = SuccessSchema.extend({ webhooks: z.array(WebhookSchema) });
export const WebhookResponseSchema = SuccessSchema.extend({ webhook: WebhookSchema });
/** A new webhook and its signing secret: shown this once. */
export const CreateWebhookResponseSchema = WebhookResponseSchema.extend({ secret: z.string() });
export const WebhookDeliveriesResponseSchema = SuccessSchema.extend({ deliveries: z.array(WebhookDeliverySchema) });

/** Company Settings → Integrations (admins) and Team Settings (a team's managers). */
export const integrationsEndpoints = {
  integrationChannels: defineEndpoint({
    method: "GET",
    path: "/api/integrations/channels/",
    query: ChannelsQuerySchema,
    response: ChannelsResponseSchema,
  }),
  createIntegrationChannel: defineEndpoint({
    method: "POST",
    path: "/api/integrations/channels/",
    body: CreateChannelRequestSchema,
    response: ChannelResponseSchema,
  }),
  updateIntegrationChannel: defineEndpoint({
    method: "PATCH",
    path: "/api/integrations/channels/:id/",
    body: UpdateChannelRequestSchema,
    response: ChannelResponseSchema,
  }),
  deleteIntegrationChannel: defineEndpoint({
    method: "DELETE",
    path: "/api/integrations/channels/:id/",
    response: SuccessSchema,
  }),
  testIntegrationChannel: defineEndpoint({
    method: "POST",
    path: "/api/integrations/channels/:id/test/",
    response: TestSendResponseSchema,
  }),
  webhooks: defineEndpoint({
    method: "GET",
    path: "/api/webhooks/",
    tokenScope: "admin",
    response: WebhooksResponseSchema,
  }),
  createWebhook: defineEndpoint({
    method: "POST",
    path: "/api/webhooks/",
    tokenScope: "admin",
    body: CreateWebhookRequestSchema,
    response: CreateWebhookResponseSchema,
  }),
  updateWebhook: defineEndpoint({
    method: "PATCH",
    path: "/api/webhooks/:id/",
    tokenScope: "admin",
    body: UpdateWebhookRequestSchema,
    response: WebhookResponseSchema,
  }),
  deleteWebhook: defineEndpoint({
    method: "DELETE",
    path: "/api/webhooks/:id/",
    tokenScope: "admin",
    response: SuccessSchema,
  }),
  webhookDeliveries: defineEndpoint({
    method: "GET",
    path: "/api/webhooks/:id/deliveries/",
    tokenScope: "admin",
    response: WebhookDeliveriesResponseSchema,
  }),
  testWebhook: defineEndpoint({
    method: "POST",
    path: "/api/webhooks/:id/test/",
    tokenScope: "admin",
    response: TestSendResponseSchema,
  }),
  resendWebhookDelivery: defineEndpoint({
    method: "POST",
    path: "/api/webhooks/:id/deliveries/:deliveryId/resend/",
    tokenScope: "admin",
    response: SuccessSchema,
  }),
} as const;

/** Each event as the settings name it. */
export const INTEGRATION_EVENT_LABELS = defineMessages({
  "idea.submitted": { id: "shared.integrations.event.ideaSubmitted", defaultMessage: "Idea submitted" },
  "idea.approved": { id: "shared.integrations.event.ideaApproved", defaultMessage: "Idea approved" },
  "action.done": { id: "shared.integrations.event.actionDone", defaultMessage: "Action done" },
  "challenge.posted": { id: "shared.integrations.event.challengePosted", defaultMessage: "Challenge posted" },
  "challenge.closing": {
    id: "shared.integrations.event.challengeClosing",
    defaultMessage: "Challenge closing in two days",
  },
  "news.published": { id: "shared.integrations.event.newsPublished", defaultMessage: "News published" },
  "reward.redeemed": { id: "shared.integrations.event.rewardRedeemed", defaultMessage: "Reward redeemed" },
} satisfies Record<IntegrationEvent, unknown>);
