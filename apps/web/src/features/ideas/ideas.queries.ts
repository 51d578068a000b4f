import {
  type ApprovalAction,
  type CreateIdeaRequest,
  type Idea,
  type IdeaDetail,
  type IdeaSort,
  type IdeaStatus,
  ideasEndpoints,
  SIMILAR_IDEAS_LIMIT,
  type UpdateIdeaRequest,
} from "@ideaport/shared";
import { useDebouncedValue } from "@mantine/hooks";
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useMutationState,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { apiClient } from "../../lib/api-client.ts";
import type { OutboxEntry, SendResult } from "../../lib/outbox.ts";
import { invalidateKeys, keysetListOptions, updateLoadedPages } from "../../lib/queries.ts";
import { pointsKeys } from "../company-portal/index.ts";
import { actionKeys } from "./actions.queries.ts";
import { challengeKeys } from "./challenges.queries.ts";
import { mustWait, sendOrKeep } from "./ideas.outbox.ts";

/** Page size of idea lists. */
export const IDEAS_PAGE_SIZE = 20;
/** Similar ideas are looked up once the title has this many characters... */
export const SIMILAR_MIN_QUERY_LENGTH = 3;
/** ...and the typing has paused this long. */
export const SIMILAR_DEBOUNCE_MS = 300;

/** Filters of `GET /api/project-ideas/`; a filter left out does not narrow the list. */
export interface IdeaFilters {
  /** Only the caller's own ideas. */
  mine?: boolean | undefined;
  team?: string | undefined;
  challenge?: string | undefined;
  /** Any of these statuses. */
  status?: readonly IdeaStatus[] | undefined;
  /** Full-text search in title and description. */
  q?: string | undefined;
  /** The order; newest first when left out. */
  sort?: IdeaSort | undefined;
  /** Scorecards: only the ideas the caller scores and has not scored yet. */
  notScoredByMe?: boolean | undefined;
  /** Only the ideas carrying this tag (its id). */
  tag?: string | undefined;
}

/** The filters in one canonical shape, so equal filters share one cache entry. */
function normalizeFilters(filters: IdeaFilters) {
  const q = filters.q?.trim();
  return {
    mine: filters.mine === true ? true : undefined,
    team: filters.team,
    challenge: filters.challenge,
    status: filters.status && filters.status.length > 0 ? [...filters.status].sort() : undefined,
    q: q === "" ? undefined : q,
    sort: filters.sort === "newest" ? undefined : filters.sort,
    notScoredByMe: filters.notScoredByMe === true ? true : undefined,
    tag: filters.tag || undefined,
  };
}

export const ideaKeys = {
  all: ["ideas"] as const,
  lists: () => [...ideaKeys.all, "list"] as const,
  list: (filters: IdeaFilters) => [...ideaKeys.lists(), normalizeFilters(filters)] as const,
  /** Counts per status live under the lists, so whatever refreshes the lists refreshes them. */
  counts: (filters: IdeaFilters) => [...ideaKeys.lists(), "counts", normalizeFilters(filters)] as const,
  details: () => [...ideaKeys.all, "detail"] as const,
  detail: (id: string) => [...ideaKeys.details(), id] as const,
  similarAll: () => [...ideaKeys.all, "similar"] as const,
  similar: (q: string, exclude: string | undefined) => [...ideaKeys.similarAll(), { q, exclude }] as const,
  duplicates: (id: string) => [...ideaKeys.all, "duplicates", id] as const,
};

// ---------------------------------------------------------------------------------------------
// Queries
// ---------------------------------------------------------------------------------------------

/** `GET /api/project-ideas/?mine=&team=&challenge=&status=&q=`, newest first, one page per `next_cursor`. */
export function ideasQueryOptions(filters: IdeaFilters) {
  const normalized = normalizeFilters(filters);
  return keysetListOptions(ideaKeys.list(filters), (cursor, signal) =>
    apiClient.call(ideasEndpoints.listIdeas, undefined, {
      query: {
        mine: normalized.mine ? "true" : undefined,
        team: normalized.team,
        challenge: normalized.challenge,
        status: normalized.status?.join(","),
        q: normalized.q,
        sort: normalized.sort,
        not_scored_by_me: normalized.notScoredByMe ? "true" : undefined,
        tag: normalized.tag,
        cursor,
        limit: IDEAS_PAGE_SIZE,
      },
      signal,
    }),
  );
}

/** `GET /api/project-ideas/counts/`: how many ideas in each status, under the list's filters. */
export function ideaCountsQueryOptions(filters: Omit<IdeaFilters, "status" | "sort">) {
  const normalized = normalizeFilters(filters);
  return queryOptions({
    queryKey: ideaKeys.counts(filters),
    queryFn: async ({ signal }) =>
      (
        await apiClient.call(ideasEndpoints.countIdeas, undefined, {
          query: {
            mine: normalized.mine ? "true" : undefined,
            team: normalized.team,
            challenge: normalized.challenge,
            q: normalized.q,
            tag: normalized.tag,
          },
          signal,
        })
      ).counts,
    placeholderData: keepPreviousData,
  });
}

export const useIdeaCounts = (filters: Omit<IdeaFilters, "status" | "sort">) =>
  useQuery(ideaCountsQueryOptions(filters));

/** The label of a status tab with its count, "Submitted (3)"; the label alone while counts load. */
export function withCount(label: string, statuses: readonly IdeaStatus[], counts: Record<string, number> | undefined) {
  if (!counts) return label;
  return `${label} (${statuses.reduce((sum, status) => sum + (counts[status] ?? 0), 0)})`;
}

/** `GET /api/project-ideas/:id/`: the idea with its status history, revisions and comments. */
export function ideaQueryOptions(id: string) {
  return queryOptions({
    queryKey: ideaKeys.detail(id),
    queryFn: async ({ signal }) =>
      (await apiClient.call(ideasEndpoints.getIdea, undefined, { params: { id }, signal })).idea,
  });
}

/** `GET /api/project-ideas/similar/?q=&exclude=`: at most five visible ideas close to `q`, best first. */
export function similarIdeasQueryOptions(q: string, exclude?: string) {
  return queryOptions({
    queryKey: ideaKeys.similar(q, exclude),
    queryFn: async ({ signal }) =>
      (await apiClient.call(ideasEndpoints.similarIdeas, undefined, { query: { q, exclude }, signal })).ideas.slice(
        0,
        SIMILAR_IDEAS_LIMIT,
      ),
    staleTime: 30_000,
  });
}

export const useIdeas = (filters: IdeaFilters) => useInfiniteQuery(ideasQueryOptions(filters));

/** One idea in full; nothing is fetched while `id` is null. */
export function useIdea(id: string | null) {
  return useQuery({ ...ideaQueryOptions(id ?? ""), enabled: id !== null });
}

/**
 * Ideas like the text being typed, for duplicate detection: asks once the typing pauses for
 * 300 ms and the text has at least 3 characters; shorter text shows nothing.
 */
export function useSimilarIdeas(text: string, options: { exclude?: string | undefined } = {}) {
  const [debounced] = useDebouncedValue(text.trim(), SIMILAR_DEBOUNCE_MS);
  const isLongEnough = debounced.length >= SIMILAR_MIN_QUERY_LENGTH;
  const query = useQuery({
    ...similarIdeasQueryOptions(debounced, options.exclude),
    enabled: isLongEnough,
    placeholderData: keepPreviousData,
  });
  const ideas = isLongEnough && text.trim().length >= SIMILAR_MIN_QUERY_LENGTH ? (query.data ?? []) : [];
  return { ideas, isFetching: isLongEnough && query.isFetching, isError: isLongEnough && query.isError };
}

// ---------------------------------------------------------------------------------------------
// Cache updates
// ---------------------------------------------------------------------------------------------

/** The list fields of a detailed idea (lists carry no history, revisions or comments). */
function toListIdea(detail: IdeaDetail): Idea {
  const { history: _history, revisions: _revisions, comments: _comments, ...idea } = detail;
  return idea;
}

/** Replaces one idea in every loaded list page. */
function patchIdeaInLists(queryClient: QueryClient, id: string, patch: (idea: Idea) => Idea) {
  updateLoadedPages(
    queryClient,
    // The pages of ideas, not the counts that share their key.
    { queryKey: ideaKeys.lists(), predicate: (query) => query.queryKey[2] !== "counts" },
    "ideas",
    (ideas: Idea[]) => ideas.map((entry) => (entry.id === id ? patch(entry) : entry)),
  );
}

/**
 * An idea changed on the server: the detail shows the answer at once, the lists show its new
 * fields at once and then reload (its status may no longer match their filter), and so do the
 * similar-idea lookups.
 */
function ideaChanged(queryClient: QueryClient, idea: IdeaDetail) {
  queryClient.setQueryData(ideaKeys.detail(idea.id), idea);
  patchIdeaInLists(queryClient, idea.id, () => toListIdea(idea));
  void invalidateKeys(queryClient, [ideaKeys.lists(), ideaKeys.similarAll()]);
}

// ---------------------------------------------------------------------------------------------
// Mutations
// ---------------------------------------------------------------------------------------------

/**
 * `POST /api/project-ideas/`: a draft (`draft: true`) or a submitted idea. Lists reload, and so
 * do the challenges (a submitted answer counts on its challenge card).
 */
export function useCreateIdea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateIdeaRequest) =>
      (
        await sendOrKeep({ kind: "idea", body: input }, (idempotencyKey) =>
          apiClient.call(ideasEndpoints.createIdea, input, { idempotencyKey }),
        )
      )?.idea ?? null,
    onSuccess: (idea) => {
      if (!idea) return;
      void invalidateKeys(queryClient, [ideaKeys.lists(), ideaKeys.similarAll()]);
      if (idea.challenge) void queryClient.invalidateQueries({ queryKey: challengeKeys.all });
      if (idea.status === "submitted") void queryClient.invalidateQueries({ queryKey: pointsKeys.all });
    },
  });
}

/** `PATCH /api/project-ideas/:id/`: the author edits a draft or an idea that needs revision. */
export function useUpdateIdea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { ideaId: string; changes: UpdateIdeaRequest }) =>
      (await apiClient.call(ideasEndpoints.updateIdea, input.changes, { params: { id: input.ideaId } })).idea,
    onSuccess: (idea) => ideaChanged(queryClient, idea),
  });
}

/** One step of the lifecycle as the screens ask for it. */
export interface IdeaStepInput {
  ideaId: string;
  to: IdeaStatus;
  note?: string | undefined;
  /** The action an approval creates: its owner and due date. */
  action?: ApprovalAction | undefined;
  /** Lets the request outlive the page (a decision sent as the page closes). */
  keepalive?: boolean;
}

/**
 * `POST /api/project-ideas/:id/transition/`: one step of the lifecycle. Beyond the idea itself,
 * a submitted draft counts on its challenge and an approval puts an action on the board.
 */
export function useTransitionIdea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: IdeaStepInput) =>
      (
        await apiClient.call(
          ideasEndpoints.transitionIdea,
          {
            to: input.to,
            ...(input.note?.trim() ? { note: input.note.trim() } : {}),
            ...(input.action ? { action: input.action } : {}),
          },
          { params: { id: input.ideaId }, keepalive: input.keepalive ?? false },
        )
      ).idea,
    onSuccess: (idea, input) => {
      ideaChanged(queryClient, idea);
      if (input.to === "submitted" || input.to === "draft") {
        void invalidateKeys(queryClient, [challengeKeys.all, pointsKeys.all]);
      }
      if (input.to === "approved") void queryClient.invalidateQueries({ queryKey: actionKeys.all });
    },
  });
}

/** `GET /api/project-ideas/:id/duplicates/`: for a reviewer, the open ideas that may be the same, with why. */
export function usePossibleDuplicates(ideaId: string, enabled: boolean) {
  return useQuery({
    queryKey: ideaKeys.duplicates(ideaId),
    queryFn: async () =>
      (await apiClient.call(ideasEndpoints.possibleDuplicates, undefined, { params: { id: ideaId } })).duplicates,
    enabled,
  });
}

/** A merge: the duplicate `ideaId` goes into `into`. */
export interface IdeaMergeInput {
  ideaId: string;
  into: string;
  /** Lets the request outlive the page (a merge sent as the page closes). */
  keepalive?: boolean | undefined;
}

/**
 * `POST /api/project-ideas/:id/merge/`: the duplicate becomes merged; the idea it joined gains its
 * votes, comments and contributor, so both reload, with the lists and the possible duplicates.
 */
export function useMergeIdea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: IdeaMergeInput) =>
      (
        await apiClient.call(
          ideasEndpoints.mergeIdea,
          { into: input.into },
          { params: { id: input.ideaId }, keepalive: input.keepalive ?? false },
        )
      ).idea,
    onSuccess: (idea, input) => {
      ideaChanged(queryClient, idea);
      void invalidateKeys(queryClient, [ideaKeys.detail(input.into), [...ideaKeys.all, "duplicates"]]);
    },
  });
}

const DELETE_IDEA_MUTATION_KEY = [...ideaKeys.all, "delete"] as const;

/** `DELETE /api/project-ideas/:id/`: the author deletes a draft; it leaves every list. */
export function useDeleteIdea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: DELETE_IDEA_MUTATION_KEY,
    mutationFn: async (ideaId: string) =>
      apiClient.call(ideasEndpoints.deleteIdea, undefined, { params: { id: ideaId } }),
    onSuccess: (_answer, ideaId) => {
      queryClient.removeQueries({ queryKey: ideaKeys.detail(ideaId) });
      void invalidateKeys(queryClient, [ideaKeys.lists(), ideaKeys.similarAll(), challengeKeys.all]);
    },
  });
}

/** The ids of the ideas deleted in this tab (while their delete is remembered by the mutation cache). */
export function useDeletedIdeaIds(): string[] {
  return useMutationState({
    filters: { mutationKey: DELETE_IDEA_MUTATION_KEY, status: "success" },
    select: (mutation) => mutation.state.variables as string,
  });
}

/** `POST /api/project-ideas/:id/comments/`: the detail shows the comment, lists its count. */
export function useCommentOnIdea(ideaId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: string) =>
      (
        await sendOrKeep({ kind: "comment", ideaId, body: { body } }, (idempotencyKey) =>
          apiClient.call(ideasEndpoints.commentOnIdea, { body }, { params: { id: ideaId }, idempotencyKey }),
        )
      )?.comment ?? null,
    onSuccess: (comment) => {
      if (!comment) return;
      queryClient.setQueryData<IdeaDetail>(
        ideaKeys.detail(ideaId),
        (idea) =>
          idea && {
            ...idea,
            comments: idea.comments.some((entry) => entry.id === comment.id)
              ? idea.comments
              : [...idea.comments, comment],
            comment_count: idea.comment_count + 1,
          },
      );
      patchIdeaInLists(queryClient, ideaId, (idea) => ({ ...idea, comment_count: idea.comment_count + 1 }));
      void invalidateKeys(queryClient, [ideaKeys.detail(ideaId), ideaKeys.lists(), pointsKeys.all]);
    },
  });
}

/**
 * `POST /api/project-ideas/:id/vote/` to vote, `DELETE` the same path to take the vote back.
 * Both answer the new count, which replaces the old one wherever the idea is shown.
 */
export function useVoteForIdea(ideaId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vote: boolean) =>
      vote
        ? sendOrKeep({ kind: "vote", ideaId, body: null }, (idempotencyKey) =>
            apiClient.call(ideasEndpoints.voteForIdea, undefined, { params: { id: ideaId }, idempotencyKey }),
          )
        : apiClient.call(ideasEndpoints.removeVote, undefined, { params: { id: ideaId } }),
    onSuccess: (answer) => {
      if (!answer) return;
      const { votes, has_voted } = answer;
      queryClient.setQueryData<IdeaDetail>(ideaKeys.detail(ideaId), (idea) => idea && { ...idea, votes, has_voted });
      patchIdeaInLists(queryClient, ideaId, (idea) => ({ ...idea, votes, has_voted }));
    },
  });
}

/** One try of a kept write, with its key; what the server answered refreshes the screens. */
export function sendKeptIdeaWrite(queryClient: QueryClient) {
  return async (entry: OutboxEntry): Promise<SendResult> => {
    const options = { idempotencyKey: entry.key, params: { id: entry.ideaId ?? "" } };
    try {
      if (entry.kind === "idea") {
        await apiClient.call(ideasEndpoints.createIdea, entry.body as never, { idempotencyKey: entry.key });
      } else if (entry.kind === "comment") {
        await apiClient.call(ideasEndpoints.commentOnIdea, entry.body as never, options);
      } else {
        await apiClient.call(ideasEndpoints.voteForIdea, undefined, options);
      }
    } catch (error) {
      if (mustWait(error)) return "wait";
      console.warn(`A write kept offline was refused: ${error instanceof Error ? error.message : String(error)}`);
      return "refused";
    }
    // The page's early answers were asked before this write, and a list that mounts later must not show them.
    globalThis.window?.ideaportEarlyRequests?.forget();
    void invalidateKeys(queryClient, [ideaKeys.all, pointsKeys.all]);
    return "sent";
  };
}
