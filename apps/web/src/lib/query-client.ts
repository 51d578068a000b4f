import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-client.ts";

const MAX_RETRIES = 2;

/** True for failures a retry cannot fix: the server understood and refused (4xx), or the client limit. */
function isPermanent(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/** The app's TanStack Query client: no retries for refusals, two for network and server trouble. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) => !isPermanent(error) && failureCount < MAX_RETRIES,
      },
      mutations: { retry: false },
    },
  });
}
