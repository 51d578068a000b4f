import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  type QueryFilters,
  type QueryKey,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";

/** A page of a keyset-paged list: `next_cursor` asks for the next page, null (or absent) after the last. */
interface KeysetPage {
  next_cursor?: string | null | undefined;
}

/**
 * An infinite query over one of the API's keyset-paged lists: the first page has no cursor, each
 * further page is asked with the cursor the page before it answered.
 */
export function keysetListOptions<TPage extends KeysetPage, TKey extends QueryKey>(
  queryKey: TKey,
  fetchPage: (cursor: string | undefined, signal: AbortSignal) => Promise<TPage>,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ signal, pageParam }) => fetchPage(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage: TPage) => lastPage.next_cursor ?? undefined,
  });
}

/** Marks these queries stale and refetches the ones on screen; settles once they all did. */
export function invalidateKeys(queryClient: QueryClient, keys: readonly QueryKey[]) {
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/**
 * A mutation that, once it succeeded, invalidates the queries its answer makes stale; it settles
 * after their refetch, so what the caller shows next is already fresh.
 */
export function useInvalidatingMutation<TData, TVariables = void>(options: {
  mutationFn: (variables: TVariables) => Promise<TData>;
  invalidates: readonly QueryKey[] | ((data: TData, variables: TVariables) => readonly QueryKey[]);
}) {
  const queryClient = useQueryClient();
  const { mutationFn, invalidates } = options;
  return useMutation({
    mutationFn,
    onSuccess: (data, variables) =>
      invalidateKeys(queryClient, typeof invalidates === "function" ? invalidates(data, variables) : invalidates),
  });
}

/** A mutation whose answer is the new value of one query: the cache takes it as it is. */
export function useCachingMutation<TData, TVariables = void>(
  queryKey: QueryKey,
  mutationFn: (variables: TVariables) => Promise<TData>,
) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: (answer) => queryClient.setQueryData(queryKey, answer) });
}

/**
 * Rewrites the entries (`pages[].<field>`) of every loaded infinite list under `filters`, such
 * as one changed entry put in place, or a deleted one taken out.
 */
export function updateLoadedPages<TField extends string, TEntry>(
  queryClient: QueryClient,
  filters: QueryFilters,
  field: TField,
  update: (entries: TEntry[]) => TEntry[],
) {
  queryClient.setQueriesData<InfiniteData<Record<TField, TEntry[]>>>(
    filters,
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({ ...page, [field]: update(page[field]) })),
      },
  );
}

/** Puts `entry` in place of the entry with its id in every loaded infinite list under `queryKey`. */
export function replaceInLoadedPages<TEntry extends { id: string }>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  field: string,
  entry: TEntry,
) {
  updateLoadedPages<string, TEntry>(queryClient, { queryKey }, field, (entries) =>
    entries.map((known) => (known.id === entry.id ? entry : known)),
  );
}
