import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-client.ts";

const MAX_RETRIES = 2;

/** True for failures a retry cannot fix: the server understood and refused (4xx), or the client limit. */
function isPermanent(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/**
 * The app's TanStack Query client: no retries for refusals, two for network and server trouble.
 * Requests are made whether or not the browser says it is online (`networkMode: "always"`): a
 * paused request would spin without end, while a failed one says "Network error. Please check
 * your internet connection." where the person acted, and can be tried again.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        networkMode: "always",
        retry: (failureCount, error) => !isPermanent(error) && failureCount < MAX_RETRIES,
      },
      mutations: { networkMode: "always", retry: false },
    },
  });
}
