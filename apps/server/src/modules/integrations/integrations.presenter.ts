import type { IntegrationChannel, Webhook, WebhookDelivery } from "@ideaport/shared";
import type { IntegrationChannelRow, WebhookDeliveryRow, WebhookRow } from "../../db/schema/index.ts";

/** A channel without its address: only the host is shown. */
export function presentChannel(row: IntegrationChannelRow): IntegrationChannel {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    team_id: row.teamId,
    events: row.events,
    url_host: row.urlHost,
    created_at: row.createdAt.toISOString(),
  };
}

/** A webhook without its signing secret. */
export function presentWebhook(row: WebhookRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    enabled: row.enabled,
    consecutive_failures: row.consecutiveFailures,
    disabled_for_failures_at: row.disabledForFailuresAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export function presentDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    delivery_id: row.deliveryId,
    event_type: row.eventType,
    attempt: row.attempt,
    status_code: row.statusCode,
    error: row.error,
    excerpt: row.excerpt,
    created_at: row.createdAt.toISOString(),
  };
}
