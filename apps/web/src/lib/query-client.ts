import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-client.ts";

const MAX_RETRIES = 2;

/** True for failures a retry cannot fix: the server understood and refused (4xx), or the client limit. */
function isPermanent(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/**
 * The app's TanStack Query client: no retries for refusals, two for network and server trouble.
 * A query is tried once whatever the browser says (`networkMode: "offlineFirst"`); while the
 * browser is offline its retries pause instead of failing, so a screen keeps showing what the
 * person last saw (lib/offline-cache.ts) and refreshes when the network returns. Changes are made
 * whether or not the browser says it is online (`networkMode: "always"`): a paused change would
 * spin without end, while a failed one says "Network error. Please check your internet
 * connection." where the person acted (the brain dump, comments and votes are kept instead, in
 * the outbox).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        networkMode: "offlineFirst",
        retry: (failureCount, error) => !isPermanent(error) && failureCount < MAX_RETRIES,
      },
      mutations: { networkMode: "always", retry: false },
    },
  });
}
