import type { QueryClient } from "@tanstack/react-query";

// What every page needs to know of the kept answers (lib/offline-cache.ts, loaded on demand).

/** True where the device can keep answers (IndexedDB exists). */
export function canKeepLastSeen(): boolean {
  return typeof indexedDB !== "undefined";
}

/** When the newest answer on screen was received (ms), or null when none: what "showing what you saw at" names. */
export function lastSeenAt(queryClient: QueryClient): number | null {
  let newest = 0;
  for (const query of queryClient.getQueryCache().getAll()) {
    if (query.state.data !== undefined) newest = Math.max(newest, query.state.dataUpdatedAt);
  }
  return newest > 0 ? newest : null;
}
