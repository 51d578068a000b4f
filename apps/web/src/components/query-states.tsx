import type { ReactNode } from "react";
import { errorMessageOf } from "../lib/form-errors.ts";
import { EmptyState } from "./empty-state.tsx";
import { ErrorState } from "./error-state.tsx";
import { LoadingState } from "./loading-state.tsx";

/** What `QueryStates` reads of a TanStack query (a list's or an infinite one's). */
interface LoadedQuery<Data> {
  data: Data | undefined;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * A section's content once its query has loaded; until then a loading line, when it failed the
 * reason with "Try again", and when `isEmpty` says so the `empty` line instead of the content.
 */
export function QueryStates<Data>({
  query,
  loading,
  failure,
  isEmpty,
  empty,
  children,
}: {
  query: LoadedQuery<Data>;
  /** The loading line's words. */
  loading: string;
  /** The sentence before the server's reason, e.g. "Could not load the teams."; none says the reason alone. */
  failure?: string;
  isEmpty?: (data: Data) => boolean;
  empty?: ReactNode;
  children: (data: Data) => ReactNode;
}) {
  if (query.isError) {
    const reason = errorMessageOf(query.error);
    return <ErrorState message={failure ? `${failure} ${reason}` : reason} onRetry={() => void query.refetch()} />;
  }
  if (query.data === undefined) return <LoadingState label={loading} />;
  if (isEmpty?.(query.data)) return <EmptyState>{empty}</EmptyState>;
  return children(query.data);
}
