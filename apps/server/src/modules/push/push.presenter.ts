import type { PushSubscription } from "@ideaport/shared";
import type { PushSubscriptionRow } from "../../db/schema/index.ts";

export function presentSubscription(row: PushSubscriptionRow): PushSubscription {
  return {
    endpoint: row.endpoint,
    categories: row.categories,
    created_at: row.createdAt.toISOString(),
    last_success_at: row.lastSuccessAt?.toISOString() ?? null,
  };
}
