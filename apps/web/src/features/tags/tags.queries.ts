import {
  type Tag,
  type TagListQuery,
  type TagSettingsRequest,
  tagsEndpoints,
  type UpdateTagRequest,
} from "@ideaport/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../../lib/api-client.ts";
import { invalidateKeys } from "../../lib/queries.ts";

export const tagKeys = {
  all: ["tags"] as const,
  list: (query: TagListQuery) =>
    [...tagKeys.all, "list", { q: query.q?.trim() || undefined, limit: query.limit }] as const,
};

/** Ideas carry tags: a change of the vocabulary (a rename, a merge) shows on every idea list and idea. */
const IDEA_KEYS = [["ideas"]] as const;

/** `GET /api/tags/?q=&limit=`: the vocabulary by name, those starting with `q`, bounded. */
export function useTags(query: TagListQuery = {}) {
  return useQuery({
    queryKey: tagKeys.list(query),
    queryFn: ({ signal }) =>
      apiClient.call(tagsEndpoints.listTags, undefined, {
        query: { q: query.q?.trim() || undefined, limit: query.limit },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => (await apiClient.call(tagsEndpoints.createTag, { name })).tag,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: tagKeys.all }),
  });
}

/** `PATCH /api/tags/:id/`: rename (`name`) or merge (`merge_into`). */
export function useUpdateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { tagId: string; changes: UpdateTagRequest }): Promise<Tag> =>
      (await apiClient.call(tagsEndpoints.updateTag, input.changes, { params: { id: input.tagId } })).tag,
    onSuccess: () => void invalidateKeys(queryClient, [tagKeys.all, ...IDEA_KEYS]),
  });
}

export function useDeleteTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (tagId: string) => {
      await apiClient.call(tagsEndpoints.deleteTag, undefined, { params: { id: tagId } });
    },
    onSuccess: () => void invalidateKeys(queryClient, [tagKeys.all, ...IDEA_KEYS]),
  });
}

export function useUpdateTagSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: TagSettingsRequest) =>
      (await apiClient.call(tagsEndpoints.updateTagSettings, settings)).people_may_add,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: tagKeys.all }),
  });
}
