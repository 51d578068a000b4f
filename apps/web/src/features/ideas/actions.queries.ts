import { type ActionStatus, actionsEndpoints, type UpdateActionRequest } from "@ideaport/shared";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../../lib/api-client.ts";
import { keysetListOptions, replaceInLoadedPages } from "../../lib/queries.ts";

/** Page size of the ideas-to-action board. */
export const ACTIONS_PAGE_SIZE = 30;

/** Filters of `GET /api/actions/`: one status, and only the caller's own actions. */
export interface ActionFilters {
  status?: ActionStatus | undefined;
  mine?: boolean | undefined;
}

export const actionKeys = {
  all: ["actions"] as const,
  lists: () => [...actionKeys.all, "list"] as const,
  list: (filters: ActionFilters) => [...actionKeys.lists(), { status: filters.status, mine: filters.mine }] as const,
};

/** `GET /api/actions/?status=&mine=`, newest first, one page per `next_cursor`. */
export function actionsQueryOptions(filters: ActionFilters) {
  return keysetListOptions(actionKeys.list(filters), (cursor, signal) =>
    apiClient.call(actionsEndpoints.listActions, undefined, {
      query: { status: filters.status, mine: filters.mine ? "true" : undefined, cursor, limit: ACTIONS_PAGE_SIZE },
      signal,
    }),
  );
}

export const useActions = (filters: ActionFilters) => useInfiniteQuery(actionsQueryOptions(filters));

/**
 * `PATCH /api/actions/:id/`: owner, due date and/or status. The changed action replaces the old
 * one in every loaded board at once; the boards then reload, since a new status may leave a filter.
 */
export function useUpdateAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { actionId: string; changes: UpdateActionRequest }) =>
      apiClient.call(actionsEndpoints.updateAction, input.changes, { params: { id: input.actionId } }),
    onSuccess: ({ action }) => {
      replaceInLoadedPages(queryClient, actionKeys.lists(), "actions", action);
      void queryClient.invalidateQueries({ queryKey: actionKeys.all });
    },
  });
}
