import {
  IDEA_SORT_LABELS,
  IDEA_SORTS,
  IDEA_STATUS_LABELS,
  IDEA_STATUSES,
  type Idea,
  type IdeaSort,
  type IdeaStatus,
  isAdmin,
  type MessageDescriptor,
  type TagRef,
} from "@ideaport/shared";
import {
  Anchor,
  Button,
  Group,
  NativeSelect,
  Paper,
  SegmentedControl,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconBulb, IconPencil, IconSearch } from "@tabler/icons-react";
import { useId, useState } from "react";
import { EmptyState } from "../../components/empty-state.tsx";
import { ErrorState } from "../../components/error-state.tsx";
import { LoadingState } from "../../components/loading-state.tsx";
import { ShowMoreButton } from "../../components/show-more-button.tsx";
import { useAuth } from "../../lib/auth-provider.tsx";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { formatDate } from "../../lib/format.ts";
import { t } from "../../lib/i18n.ts";
import { TagChips, TagFilterSelect } from "../tags/index.ts";
import { useChallenges } from "./challenges.queries.ts";
import { IdeaCounts, IdeaStatusBadge } from "./idea-ui.tsx";
import { type IdeaFilters, useIdeaCounts, useIdeas, withCount } from "./ideas.queries.ts";
import { IDEAS_TEXTS, SUBMISSIONS_MESSAGES } from "./ideas.texts.ts";
import { VoteButton } from "./vote-button.tsx";

/** One entry of the active-submissions menu: a label and the statuses it lists. */
export interface SubmissionFilter {
  value: string;
  label: MessageDescriptor;
  statuses?: readonly IdeaStatus[];
  /** What an empty list says. */
  empty: MessageDescriptor;
}

/**
 * The active-submissions menu. Ideas waiting for a reviewer to start (submitted, or resubmitted
 * after a revision) count as submitted; ideas a reviewer is working on (including those endorsed
 * to the admins) count as under review.
 */
export const SUBMISSION_FILTERS: readonly SubmissionFilter[] = [
  { value: "all", label: IDEAS_TEXTS.all, empty: SUBMISSIONS_MESSAGES.emptyAll },
  { value: "drafts", label: SUBMISSIONS_MESSAGES.drafts, statuses: ["draft"], empty: SUBMISSIONS_MESSAGES.emptyDrafts },
  {
    value: "submitted",
    label: IDEA_STATUS_LABELS.submitted,
    statuses: ["submitted", "revision_submitted"],
    empty: SUBMISSIONS_MESSAGES.emptySubmitted,
  },
  {
    value: "under-review",
    label: IDEA_STATUS_LABELS.under_review,
    statuses: ["under_review", "pending_review"],
    empty: SUBMISSIONS_MESSAGES.emptyUnderReview,
  },
  {
    value: "needs-revision",
    label: IDEA_STATUS_LABELS.needs_revision,
    statuses: ["needs_revision"],
    empty: SUBMISSIONS_MESSAGES.emptyNeedsRevision,
  },
  {
    value: "approved",
    label: IDEA_STATUS_LABELS.approved,
    statuses: ["approved"],
    empty: SUBMISSIONS_MESSAGES.emptyApproved,
  },
  {
    value: "rejected",
    label: IDEA_STATUS_LABELS.rejected,
    statuses: ["rejected"],
    empty: SUBMISSIONS_MESSAGES.emptyRejected,
  },
];

type Whose = "mine" | "everyone";

interface IdeaCardProps {
  idea: Idea;
  onOpen: (ideaId: string) => void;
  /** Shows the author (lists of other people's ideas). */
  showAuthor?: boolean;
  /** The `data-tour` marker of this card, if it is a tour step. */
  dataTour?: string | undefined;
  /** Filters the list by a tag of the card's chips. */
  onSelectTag?: ((tag: TagRef) => void) | undefined;
}

/** One idea as a card: status, title (opens it), challenge, counts, and Revise when it is the author's turn. */
export function IdeaCard({ idea, onOpen, showAuthor = false, dataTour, onSelectTag }: IdeaCardProps) {
  const titleId = useId();
  const isAuthorsTurn = idea.can_edit && (idea.status === "needs_revision" || idea.status === "draft");
  return (
    <Paper component="article" withBorder p="md" radius="md" aria-labelledby={titleId} data-tour={dataTour}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <IdeaStatusBadge status={idea.status} />
          <Text size="xs" c="gray.7">
            {idea.submitted_at
              ? t(IDEAS_TEXTS.submittedOn, { date: formatDate(idea.submitted_at) })
              : t(IDEAS_TEXTS.createdOn, { date: formatDate(idea.created_at) })}
          </Text>
        </Group>
        <Anchor
          id={titleId}
          component="button"
          type="button"
          fw={600}
          ta="left"
          style={{ overflowWrap: "anywhere" }}
          onClick={() => onOpen(idea.id)}
        >
          {idea.title}
        </Anchor>
        {idea.challenge && (
          <Group gap={6} wrap="nowrap">
            <IconBulb size={14} aria-hidden />
            <Text size="xs" c="gray.7" style={{ overflowWrap: "anywhere" }}>
              {t(SUBMISSIONS_MESSAGES.challengeOf, { scope: idea.challenge.scope, title: idea.challenge.title })}
            </Text>
          </Group>
        )}
        {idea.description.trim() !== "" && (
          <Text size="sm" lineClamp={2} style={{ overflowWrap: "anywhere" }}>
            {idea.description}
          </Text>
        )}
        <TagChips tags={idea.tags} onSelect={onSelectTag} />
        <Group justify="space-between" gap="xs">
          <Group gap="md">
            <IdeaCounts idea={idea} />
            {showAuthor && (
              <Text size="xs" c="gray.7">
                {t(IDEAS_TEXTS.by, { name: idea.author.display_name })}
              </Text>
            )}
          </Group>
          <VoteButton idea={idea} />
          {isAuthorsTurn && (
            <Button
              size="compact-xs"
              variant="light"
              leftSection={<IconPencil size={12} aria-hidden />}
              aria-label={t(
                idea.status === "draft" ? SUBMISSIONS_MESSAGES.finishLabel : SUBMISSIONS_MESSAGES.reviseLabel,
                { title: idea.title },
              )}
              onClick={() => onOpen(idea.id)}
            >
              {t(idea.status === "draft" ? SUBMISSIONS_MESSAGES.finish : SUBMISSIONS_MESSAGES.revise)}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

interface SubmissionListProps {
  filters: IdeaFilters;
  empty: string;
  onOpenIdea: (ideaId: string) => void;
  showAuthor: boolean;
  /** Marks a card as the tour's under-review step. */
  tourTarget: boolean;
  onSelectTag?: ((tag: TagRef) => void) | undefined;
}

/** A list of idea cards, one page at a time, with its loading, error and empty states. */
export function SubmissionList({
  filters,
  empty,
  onOpenIdea,
  showAuthor,
  tourTarget,
  onSelectTag,
}: SubmissionListProps) {
  const ideas = useIdeas(filters);
  if (ideas.isPending) return <LoadingState label={t(SUBMISSIONS_MESSAGES.loading)} />;
  if (ideas.isError) {
    return (
      <ErrorState
        message={`${t(IDEAS_TEXTS.loadIdeasFailed)} ${errorMessageOf(ideas.error)}`}
        onRetry={() => void ideas.refetch()}
      />
    );
  }
  const list = ideas.data.pages.flatMap((page) => page.ideas);
  if (list.length === 0) return <EmptyState>{empty}</EmptyState>;
  // The tour points at an idea under review, or else at the first card.
  const tourIndex = tourTarget
    ? Math.max(
        0,
        list.findIndex((idea) => idea.status === "under_review"),
      )
    : -1;
  return (
    <Stack gap="sm">
      {list.map((idea, index) => (
        <IdeaCard
          key={idea.id}
          idea={idea}
          onOpen={onOpenIdea}
          showAuthor={showAuthor}
          dataTour={index === tourIndex ? "under-review-card" : undefined}
          onSelectTag={onSelectTag}
        />
      ))}
      {ideas.isFetchNextPageError && (
        <Text size="sm" c="red.9" role="alert">
          {t(SUBMISSIONS_MESSAGES.loadMoreFailed)}
        </Text>
      )}
      <ShowMoreButton list={ideas} label={t(IDEAS_TEXTS.showMoreIdeas)} />
    </Stack>
  );
}

/**
 * The active-submissions menu and the cards it filters: the user's own ideas by status (drafts,
 * submitted, under review, needs revision, approved, rejected), or everyone's they may see,
 * with a text search.
 */
export function ActiveSubmissions({
  onOpenIdea,
  isTourTarget = true,
}: {
  onOpenIdea: (ideaId: string) => void;
  /** Carries the employee ideas tour's markers (the manager page has tours of its own). */
  isTourTarget?: boolean;
}) {
  const headingId = useId();
  const { user } = useAuth();
  const [filterValue, setFilterValue] = useState<string>("all");
  const [whose, setWhose] = useState<Whose>("mine");
  const [sort, setSort] = useState<IdeaSort>("newest");
  const [challenge, setChallenge] = useState("");
  const [tag, setTag] = useState<TagRef | null>(null);
  const [search, setSearch] = useState("");
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const counts = useIdeaCounts({
    mine: whose === "mine",
    q: debouncedSearch,
    challenge: challenge || undefined,
    tag: tag?.id,
  });
  // Administrators see every submitted idea; everyone else their teams' and the answers to company challenges.
  const sharedWithEveryone = user !== null && isAdmin(user);

  return (
    <Paper component="section" withBorder p="lg" radius="md" aria-labelledby={headingId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <div>
            <Title order={2} size="h3" id={headingId}>
              {t(
                whose === "mine"
                  ? SUBMISSIONS_MESSAGES.yours
                  : sharedWithEveryone
                    ? SUBMISSIONS_MESSAGES.inYourCompany
                    : SUBMISSIONS_MESSAGES.youCanSee,
              )}
            </Title>
            {whose === "everyone" && !sharedWithEveryone && (
              <Text size="sm" c="gray.7">
                {t(SUBMISSIONS_MESSAGES.youCanSeeHint)}
              </Text>
            )}
          </div>
          <SegmentedControl
            size="xs"
            aria-label={t(SUBMISSIONS_MESSAGES.whose)}
            value={whose}
            onChange={(value) => setWhose(value as Whose)}
            data={[
              { value: "mine", label: t(SUBMISSIONS_MESSAGES.mine) },
              {
                value: "everyone",
                label: t(sharedWithEveryone ? SUBMISSIONS_MESSAGES.everyones : SUBMISSIONS_MESSAGES.teamAndCompany),
              },
            ]}
          />
        </Group>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label={t(SUBMISSIONS_MESSAGES.search)}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            maxLength={200}
            style={{ flex: "1 1 12rem" }}
          />
          <ChallengeFilterSelect value={challenge} onChange={setChallenge} />
          <TagFilterSelect value={tag} onChange={setTag} />
          <IdeaSortSelect value={sort} onChange={setSort} />
        </Group>
        <Tabs
          value={filterValue}
          onChange={(value) => value && setFilterValue(value)}
          variant="pills"
          keepMounted={false}
        >
          <Tabs.List
            aria-label={t(SUBMISSIONS_MESSAGES.byStatus)}
            data-tour={isTourTarget ? "active-submissions" : undefined}
          >
            {SUBMISSION_FILTERS.map((filter) => (
              <Tabs.Tab key={filter.value} value={filter.value}>
                {withCount(t(filter.label), filter.statuses ?? IDEA_STATUSES, counts.data)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {SUBMISSION_FILTERS.map((filter) => (
            <Tabs.Panel key={filter.value} value={filter.value} pt="md">
              <SubmissionList
                filters={{
                  mine: whose === "mine",
                  status: filter.statuses,
                  q: debouncedSearch,
                  sort,
                  challenge: challenge || undefined,
                  tag: tag?.id,
                }}
                empty={
                  debouncedSearch === ""
                    ? t(filter.empty)
                    : t(SUBMISSIONS_MESSAGES.noMatch, { search: debouncedSearch })
                }
                onOpenIdea={onOpenIdea}
                showAuthor={whose === "everyone"}
                tourTarget={isTourTarget}
                onSelectTag={setTag}
              />
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
    </Paper>
  );
}

/** Narrows an idea list to the answers of one challenge (the open ones and the closed ones the person sees). */
function ChallengeFilterSelect({ value, onChange }: { value: string; onChange: (challengeId: string) => void }) {
  const challenges = useChallenges({});
  const list = (challenges.data?.pages.flatMap((page) => page.challenges) ?? []).filter(
    (challenge) => challenge.status === "active" || challenge.status === "closed",
  );
  return (
    <NativeSelect
      label={t(IDEAS_TEXTS.challenge)}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      data={[
        { value: "", label: t(SUBMISSIONS_MESSAGES.anyChallenge) },
        ...list.map((challenge) => ({ value: challenge.id, label: challenge.title })),
      ]}
      style={{ maxWidth: "16rem" }}
    />
  );
}

/** The order of an idea list: newest, most voted, most discussed or trending. */
/** The sort menu; "Score" only where the list is a reviewer's (scores stay hidden from others until the decision). */
export function IdeaSortSelect({
  value,
  onChange,
  withScore = false,
}: {
  value: IdeaSort;
  onChange: (sort: IdeaSort) => void;
  withScore?: boolean;
}) {
  return (
    <NativeSelect
      label={t(SUBMISSIONS_MESSAGES.sortBy)}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value as IdeaSort)}
      data={IDEA_SORTS.filter((sort) => withScore || sort !== "score").map((sort) => ({
        value: sort,
        label: t(IDEA_SORT_LABELS[sort]),
      }))}
    />
  );
}
