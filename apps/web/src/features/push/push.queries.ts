import { type PushSubscriptionRequest, pushEndpoints } from "@ideaport/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "../../lib/api-client.ts";
import { useInvalidatingMutation } from "../../lib/queries.ts";

export const pushSubscriptionsKey = () => ["push-subscriptions"] as const;

/** `GET /api/push/subscriptions/`: the caller's subscribed devices. */
export function pushSubscriptionsQueryOptions() {
  return queryOptions({
    queryKey: pushSubscriptionsKey(),
    queryFn: ({ signal }) => apiClient.call(pushEndpoints.pushSubscriptions, undefined, { signal }),
  });
}

export const usePushSubscriptions = () => useQuery(pushSubscriptionsQueryOptions());

/** `GET /api/push/public-key/`: the key the browser subscribes with. */
export function fetchPushPublicKey(): Promise<string> {
  return apiClient.call(pushEndpoints.pushPublicKey, undefined).then((answer) => answer.public_key);
}

/** `POST /api/push/subscriptions/`: this device, with its categories. */
export const useSubscribePush = () =>
  useInvalidatingMutation({
    mutationFn: (subscription: PushSubscriptionRequest) => apiClient.call(pushEndpoints.subscribePush, subscription),
    invalidates: [pushSubscriptionsKey()],
  });

/** `DELETE /api/push/subscriptions/`: this device no longer hears anything. */
export const useUnsubscribePush = () =>
  useInvalidatingMutation({
    mutationFn: (endpoint: string) => apiClient.call(pushEndpoints.unsubscribePush, { endpoint }),
    invalidates: [pushSubscriptionsKey()],
  });
