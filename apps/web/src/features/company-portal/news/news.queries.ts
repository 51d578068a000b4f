import {
  type CreateNewsRequest,
  type NewsCategory,
  type NewsItem,
  newsEndpoints,
  type UpdateNewsRequest,
} from "@ideaport/shared";
import {
  type InfiniteData,
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client.ts";
import { invalidateKeys, keysetListOptions, updateLoadedPages } from "../../../lib/queries.ts";

/** Page size of the news list. */
export const NEWS_PAGE_SIZE = 12;

export const newsKeys = {
  all: ["news"] as const,
  lists: () => [...newsKeys.all, "list"] as const,
  /** One category's list; `null` is every category. */
  list: (category: string | null) => [...newsKeys.lists(), { category }] as const,
  details: () => [...newsKeys.all, "detail"] as const,
  detail: (id: string) => [...newsKeys.details(), id] as const,
  categories: () => [...newsKeys.all, "categories"] as const,
};

// ---------------------------------------------------------------------------------------------
// Queries
// ---------------------------------------------------------------------------------------------

/** `GET /api/news/?category=&cursor=`: pinned first, then newest, one page per `next_cursor`. */
export function newsListQueryOptions(category: string | null) {
  return keysetListOptions(newsKeys.list(category), (cursor, signal) =>
    apiClient.call(newsEndpoints.listNews, undefined, {
      query: { category: category ?? undefined, cursor, limit: NEWS_PAGE_SIZE },
      signal,
    }),
  );
}

/** The news of one category (or all of them); the previous list stays on screen while another loads. */
export const useNewsList = (category: string | null) =>
  useInfiniteQuery({ ...newsListQueryOptions(category), placeholderData: keepPreviousData });

/** `GET /api/news/categories/`: the company's categories, for the news form and the category manager. */
export function newsCategoriesQueryOptions() {
  return queryOptions({
    queryKey: newsKeys.categories(),
    queryFn: async ({ signal }) =>
      (await apiClient.call(newsEndpoints.newsCategories, undefined, { signal })).categories,
  });
}

export const useNewsCategories = () => useQuery(newsCategoriesQueryOptions());

/**
 * `GET /api/news/:id/`: one post in full. The server marks it read for the caller, so the lists
 * show it read at once. Nothing is fetched while `id` is null.
 */
export function useNewsPost(id: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: newsKeys.detail(id ?? ""),
    queryFn: async ({ signal }) => {
      const { news } = await apiClient.call(newsEndpoints.getNews, undefined, { params: { id: id ?? "" }, signal });
      patchNewsInLists(queryClient, news.id, (entry) => ({ ...entry, read: true }));
      return news;
    },
    enabled: id !== null,
    // The post as a list already shows it, while the full answer (which marks it read) arrives.
    placeholderData: () => (id === null ? undefined : findNewsInLists(queryClient, id)),
  });
}

// ---------------------------------------------------------------------------------------------
// Cache updates
// ---------------------------------------------------------------------------------------------

type NewsPages = InfiniteData<{ news: NewsItem[] }>;

/** Replaces one post in every loaded list page. */
function patchNewsInLists(queryClient: QueryClient, id: string, patch: (news: NewsItem) => NewsItem) {
  updateLoadedPages(queryClient, { queryKey: newsKeys.lists() }, "news", (news: NewsItem[]) =>
    news.map((entry) => (entry.id === id ? patch(entry) : entry)),
  );
}

/** A post as a loaded list holds it. */
function findNewsInLists(queryClient: QueryClient, id: string): NewsItem | undefined {
  for (const [, data] of queryClient.getQueriesData<NewsPages>({ queryKey: newsKeys.lists() })) {
    const found = data?.pages.flatMap((page) => page.news).find((entry) => entry.id === id);
    if (found) return found;
  }
  return undefined;
}

/** Drops one post from every loaded list page. */
function removeNewsFromLists(queryClient: QueryClient, id: string) {
  updateLoadedPages(queryClient, { queryKey: newsKeys.lists() }, "news", (news: NewsItem[]) =>
    news.filter((entry) => entry.id !== id),
  );
}

// ---------------------------------------------------------------------------------------------
// Mutations
// ---------------------------------------------------------------------------------------------

/** `POST /api/news/` (admins): the lists and the categories' counts reload. */
export function useCreateNews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateNewsRequest) => (await apiClient.call(newsEndpoints.createNews, input)).news,
    onSuccess: (news) => {
      queryClient.setQueryData(newsKeys.detail(news.id), news);
      void invalidateKeys(queryClient, [newsKeys.lists(), newsKeys.categories()]);
    },
  });
}

/**
 * `PATCH /api/news/:id/` (admins): edit, re-categorise, pin or unpin, reschedule. The post shows
 * its new fields at once; the lists then reload, since pinning and categories change the order.
 */
export function useUpdateNews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { newsId: string; changes: UpdateNewsRequest }) =>
      (await apiClient.call(newsEndpoints.updateNews, input.changes, { params: { id: input.newsId } })).news,
    onSuccess: (news) => {
      queryClient.setQueryData(newsKeys.detail(news.id), news);
      patchNewsInLists(queryClient, news.id, () => news);
      void invalidateKeys(queryClient, [newsKeys.lists(), newsKeys.categories()]);
    },
  });
}

/** `DELETE /api/news/:id/` (admins): the post leaves every list at once. */
export function useDeleteNews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (newsId: string) => apiClient.call(newsEndpoints.deleteNews, undefined, { params: { id: newsId } }),
    onSuccess: (_answer, newsId) => {
      removeNewsFromLists(queryClient, newsId);
      queryClient.removeQueries({ queryKey: newsKeys.detail(newsId) });
      void invalidateKeys(queryClient, [newsKeys.lists(), newsKeys.categories()]);
    },
  });
}

/** Categories change the tabs of every list and the category of posts: all of the news reloads. */
function categoriesChanged(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: newsKeys.all });
}

/** `POST /api/news/categories/` (admins). */
export function useCreateNewsCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => (await apiClient.call(newsEndpoints.createNewsCategory, { name })).category,
    onSuccess: (category) => {
      queryClient.setQueryData<NewsCategory[]>(newsKeys.categories(), (categories) =>
        categories && !categories.some((entry) => entry.id === category.id) ? [...categories, category] : categories,
      );
      categoriesChanged(queryClient);
    },
  });
}

/** `PATCH /api/news/categories/:id/` (admins). */
export function useRenameNewsCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { categoryId: string; name: string }) =>
      (
        await apiClient.call(
          newsEndpoints.renameNewsCategory,
          { name: input.name },
          { params: { id: input.categoryId } },
        )
      ).category,
    onSuccess: () => categoriesChanged(queryClient),
  });
}

/** `DELETE /api/news/categories/:id/` (admins): only a category without news. */
export function useDeleteNewsCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (categoryId: string) =>
      apiClient.call(newsEndpoints.deleteNewsCategory, undefined, { params: { id: categoryId } }),
    onSuccess: () => categoriesChanged(queryClient),
  });
}
