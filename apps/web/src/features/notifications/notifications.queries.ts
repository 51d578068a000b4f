import {
  adminRequestsEndpoints,
  ERROR_MESSAGES,
  NOTIFICATION_POLL_INTERVAL_MS,
  type Notification,
  NotificationSchema,
  notificationsEndpoints,
} from "@ideaport/shared";
import {
  type InfiniteData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef } from "react";
import { ApiError, apiClient } from "../../lib/api-client.ts";
import { openEventStream } from "../../lib/event-stream.ts";
import { t } from "../../lib/i18n.ts";
import { invalidateKeys, keysetListOptions } from "../../lib/queries.ts";
import { BALANCE_KEYS } from "../company-portal/index.ts";
import { companyKeys, teamKeys } from "../teams/index.ts";

/** The most ids `POST /api/notifications/mark-read/` takes in one body (its schema's limit). */
const MARK_READ_BATCH_SIZE = 500;

export const notificationKeys = {
  all: ["notifications"] as const,
  list: (userId: string) => [...notificationKeys.all, "list", userId] as const,
  /** Ids the user has seen by opening the bell, which marks them read on the client at once. */
  locallyRead: (userId: string) => [...notificationKeys.all, "locally-read", userId] as const,
  /** Admin requests answered from this browser in this session, by request id. */
  adminDecisions: (userId: string) => [...notificationKeys.all, "admin-decisions", userId] as const,
};

/**
 * `GET /api/notifications/:userId/`, newest first, one page per `next_cursor`; polled every 60 s
 * (also in a background tab) while signed in. A poll refetches every loaded page.
 */
export function notificationsQueryOptions(userId: string) {
  return {
    ...keysetListOptions(notificationKeys.list(userId), async (cursor, signal) => {
      try {
        return await apiClient.call(notificationsEndpoints.notifications, undefined, {
          params: { userId },
          query: cursor === undefined ? undefined : { cursor },
          signal,
        });
      } catch (error) {
        if (!signal.aborted) console.warn(t(ERROR_MESSAGES.notificationsFetchFailed), error);
        throw error;
      }
    }),
    refetchInterval: NOTIFICATION_POLL_INTERVAL_MS,
    refetchIntervalInBackground: true,
  };
}

type NotificationPages = InfiniteData<
  Awaited<ReturnType<typeof apiClient.call<typeof notificationsEndpoints.notifications>>>,
  string | undefined
>;

/** Notifications of a change to the reader's points or redemptions (a credit, a redemption, a refund). */
const CHANGES_BALANCE: ReadonlySet<string> = new Set(["rewards_available", "rewards_redeemed", "redemption_cancelled"]);

/** Puts a notification the stream brought at the top of the loaded list, once. */
function addStreamedNotification(pages: NotificationPages | undefined, item: Notification) {
  if (!pages || pages.pages.length === 0) return pages;
  if (pages.pages.some((page) => page.notifications.some((known) => known.id === item.id))) return pages;
  const [first, ...rest] = pages.pages;
  return {
    ...pages,
    pages: [
      {
        ...first!,
        notifications: [item, ...first!.notifications],
        unread_count: first!.unread_count + (item.read ? 0 : 1),
      },
      ...rest,
    ],
  };
}

/**
 * Live notifications: while signed in, `GET /api/notifications/stream/` pushes each new
 * notification into the list (and so the badge) at once, and hands each unread one to `onArrival`
 * once (a replay after a reconnection is not handed again); one about points or redemptions
 * refreshes the balance, boards and redemption lists shown. The 60 s poll stays as the fallback.
 * Whenever the stream (re)opens the list is read again, so nothing written before it opened is
 * missed. A refused stream is tried again after a poll interval.
 */
export function useLiveNotifications(userId: string, onArrival?: (item: Notification) => void): void {
  const queryClient = useQueryClient();
  const arrival = useRef(onArrival);
  useEffect(() => {
    arrival.current = onArrival;
  });
  useEffect(() => {
    let stream: { close(): void } | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const handedOver = new Set<string>();
    const open = () => {
      stream = openEventStream(notificationsEndpoints.notificationStream, {
        eventTypes: ["notification"],
        onEvent: (_type, data) => {
          let item: Notification;
          try {
            item = NotificationSchema.parse(JSON.parse(data));
          } catch {
            return;
          }
          const queryKey = notificationKeys.list(userId);
          queryClient.setQueryData<NotificationPages>(queryKey, (pages) => addStreamedNotification(pages, item));
          if (!item.read && !handedOver.has(item.id)) {
            handedOver.add(item.id);
            arrival.current?.(item);
            if (CHANGES_BALANCE.has(item.type)) {
              void invalidateKeys(queryClient, BALANCE_KEYS);
            }
          }
          // A read of the list begun before this row was written would put the list back without
          // it: read again (the read in flight is cancelled), now that the row is there.
          if (queryClient.isFetching({ queryKey }) > 0) void queryClient.invalidateQueries({ queryKey });
        },
        onOpen: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.list(userId) }),
        onClosed: () => {
          retry = setTimeout(open, NOTIFICATION_POLL_INTERVAL_MS);
        },
      });
    };
    open();
    return () => {
      clearTimeout(retry);
      stream?.close();
    };
  }, [queryClient, userId]);
}

/** Client-only state that lives as long as the session's query cache (signing out clears it). */
function sessionStateOptions<T>(queryKey: readonly unknown[], initial: T) {
  return queryOptions({
    queryKey,
    queryFn: () => initial,
    initialData: initial,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

const NO_IDS: readonly string[] = [];
const NO_DECISIONS: Readonly<Record<string, AdminDecision>> = {};

/** How an admin request ended, as far as this admin knows. */
export type AdminDecision = "approved" | "denied" | "already-answered";

export interface NotificationsView {
  /** The loaded notifications, newest first, with those seen through the bell marked read. */
  notifications: Notification[];
  /**
   * The server's count of unread notifications (all of them, not only the loaded pages), less
   * those read through the bell that the server does not know of yet.
   */
  unreadCount: number;
  isPending: boolean;
  /** The first page could not be loaded. */
  isError: boolean;
  refetch: () => void;
  hasMore: boolean;
  isLoadingMore: boolean;
  /** The last 'Load more' failed. */
  isLoadMoreError: boolean;
  loadMore: () => void;
  /**
   * Marks these notifications read on the client at once, and (best effort) on
   * the server, so the badge is right on the user's other devices too.
   */
  markRead: (ids: readonly string[]) => void;
}

/** The signed-in user's notifications and unread count, for the bell and its modal. */
export function useNotifications(userId: string): NotificationsView {
  const queryClient = useQueryClient();
  const list = useInfiniteQuery(notificationsQueryOptions(userId));
  const { data: locallyRead } = useQuery(sessionStateOptions(notificationKeys.locallyRead(userId), NO_IDS));
  const persistRead = useMutation({
    mutationFn: (ids: string[]) => apiClient.call(notificationsEndpoints.markNotificationsRead, { ids }),
    onError: (error) => console.warn("Could not mark notifications read on the server", error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.list(userId) }),
  });
  const { mutate: persist } = persistRead;

  const notifications = useMemo(() => {
    const seen = new Set(locallyRead);
    const byId = new Map<string, Notification>();
    for (const page of list.data?.pages ?? []) {
      for (const item of page.notifications) {
        // A poll can shift items between pages; keep each once, in order.
        if (!byId.has(item.id)) byId.set(item.id, !item.read && seen.has(item.id) ? { ...item, read: true } : item);
      }
    }
    return [...byId.values()];
  }, [list.data, locallyRead]);

  const markRead = useCallback(
    (ids: readonly string[]) => {
      if (ids.length === 0) return;
      queryClient.setQueryData(notificationKeys.locallyRead(userId), (previous: readonly string[] | undefined) => [
        ...new Set([...(previous ?? []), ...ids]),
      ]);
      for (let start = 0; start < ids.length; start += MARK_READ_BATCH_SIZE) {
        persist(ids.slice(start, start + MARK_READ_BATCH_SIZE));
      }
    },
    [persist, queryClient, userId],
  );

  const unreadCount = useMemo(() => {
    const serverCount = list.data?.pages[0]?.unread_count ?? 0;
    const seen = new Set(locallyRead);
    const loadedUnread = new Set<string>();
    for (const page of list.data?.pages ?? []) {
      for (const item of page.notifications) if (!item.read) loadedUnread.add(item.id);
    }
    const readHere = [...loadedUnread].filter((id) => seen.has(id)).length;
    return Math.max(0, serverCount - readHere);
  }, [list.data, locallyRead]);

  const { refetch, fetchNextPage } = list;
  return {
    notifications,
    unreadCount,
    isPending: list.isPending,
    isError: list.isError && !list.data,
    refetch: useCallback(() => void refetch(), [refetch]),
    hasMore: list.hasNextPage,
    isLoadingMore: list.isFetchingNextPage,
    isLoadMoreError: list.isFetchNextPageError,
    loadMore: useCallback(() => void fetchNextPage(), [fetchNextPage]),
    markRead,
  };
}

/** Admin requests this admin answered in this session: the panel shows the outcome, not the buttons. */
export function useAdminDecisions(userId: string): Readonly<Record<string, AdminDecision>> {
  return useQuery(sessionStateOptions(notificationKeys.adminDecisions(userId), NO_DECISIONS)).data ?? NO_DECISIONS;
}

/**
 * `POST /api/admin-request-response/` with the spec's body: the request, the deciding admin (the
 * signed-in user) and the decision. Refreshes the bell, user management and the teams' members
 * (someone may now be an admin or a team's manager). A request already answered counts as answered.
 */
export function useRespondToAdminRequest(userId: string) {
  const queryClient = useQueryClient();
  const record = (requestId: string, decision: AdminDecision) =>
    queryClient.setQueryData(
      notificationKeys.adminDecisions(userId),
      (previous: Readonly<Record<string, AdminDecision>> | undefined) => ({ ...previous, [requestId]: decision }),
    );
  return useMutation({
    mutationFn: (input: { requestId: string; approved: boolean }) =>
      apiClient.call(adminRequestsEndpoints.adminRequestResponse, {
        requestId: input.requestId,
        adminId: userId,
        approved: input.approved,
      }),
    onSuccess: (_answer, input) => {
      record(input.requestId, input.approved ? "approved" : "denied");
      void queryClient.invalidateQueries({ queryKey: companyKeys.companyUsersAll() });
      // A request to manage a team changes that team's members list.
      void queryClient.invalidateQueries({ queryKey: teamKeys.allTeams() });
    },
    onError: (error, input) => {
      if (error instanceof ApiError && error.code === "admin_request.already_decided") {
        record(input.requestId, "already-answered");
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.list(userId) }),
  });
}
