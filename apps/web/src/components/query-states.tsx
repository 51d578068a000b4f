import { Box } from "@mantine/core";
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
  loadingHeight,
  failure,
  isEmpty,
  empty,
  children,
}: {
  query: LoadedQuery<Data>;
  /** The loading line's words. */
  loading: string;
  /** Room the loading line holds: about the first content's height, so what follows does not jump when it arrives. */
  loadingHeight?: number;
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
  if (query.data === undefined) {
    const line = <LoadingState label={loading} />;
    return loadingHeight ? <Box mih={loadingHeight}>{line}</Box> : line;
  }
  if (isEmpty?.(query.data)) return <EmptyState>{empty}</EmptyState>;
  return children(query.data);
}
