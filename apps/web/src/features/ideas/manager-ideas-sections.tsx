import {
  can,
  IDEA_STATUS_LABELS,
  type Idea,
  type IdeaSort,
  type IdeaStatus,
  isAdmin,
  type MessageDescriptor,
  maySortByScore,
  settingsPath,
  type TagRef,
} from "@ideaport/shared";
import {
  Badge,
  Button,
  Checkbox,
  Grid,
  Group,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
  UnstyledButton,
} from "@mantine/core";
import { IconUserPlus, IconUsersGroup } from "@tabler/icons-react";
import { type ReactNode, useId, useState } from "react";
import { Link } from "react-router";
import { EmptyState } from "../../components/empty-state.tsx";
import { ErrorState } from "../../components/error-state.tsx";
import { ListCard } from "../../components/list-card.tsx";
import { LoadingState } from "../../components/loading-state.tsx";
import { ShowMoreButton } from "../../components/show-more-button.tsx";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { formatDate } from "../../lib/format.ts";
import { t } from "../../lib/i18n.ts";
import type { SessionUser } from "../../lib/session.ts";
import { TagChips, TagFilterSelect } from "../tags/index.ts";
import { useTeams } from "../teams/index.ts";
import { ActionBoard } from "./action-board.tsx";
import { BrainDump } from "./brain-dump.tsx";
import { IdeaCounts, IdeaStatusBadge } from "./idea-ui.tsx";
import { useIdeaCounts, useIdeas, withCount } from "./ideas.queries.ts";
import { IDEAS_TEXTS, MANAGER_MESSAGES } from "./ideas.texts.ts";
import type { IdeasSectionsProps } from "./ideas-page-layout.tsx";
import { MyProposals } from "./my-proposals.tsx";
import { ProposedChallenges } from "./proposed-challenges.tsx";
import { SCORECARD_TEXTS } from "./scorecard.texts.ts";
import { formatScore } from "./scorecard-section.tsx";
import { ActiveSubmissions, IdeaSortSelect } from "./submissions.tsx";
import { VoteButton } from "./vote-button.tsx";

/** "All teams": admins review every team's ideas. */
const ALL_TEAMS = "all";

/** The team submissions menu: each entry and the statuses it lists. */
export const SUBMISSION_FILTERS = [
  {
    value: "all",
    label: IDEAS_TEXTS.all,
    statuses: [
      "submitted",
      "under_review",
      "needs_revision",
      "revision_submitted",
      "pending_review",
      "approved",
      "rejected",
    ],
  },
  // A resubmitted revision waits for the reviewer just as a new submission does.
  { value: "submitted", label: IDEA_STATUS_LABELS.submitted, statuses: ["submitted", "revision_submitted"] },
  { value: "under_review", label: IDEA_STATUS_LABELS.under_review, statuses: ["under_review"] },
  { value: "needs_revision", label: IDEA_STATUS_LABELS.needs_revision, statuses: ["needs_revision"] },
  { value: "pending_review", label: MANAGER_MESSAGES.pendingReview, statuses: ["pending_review"] },
  { value: "approved", label: IDEA_STATUS_LABELS.approved, statuses: ["approved"] },
  { value: "rejected", label: IDEA_STATUS_LABELS.rejected, statuses: ["rejected"] },
] as const satisfies readonly { value: string; label: MessageDescriptor; statuses: readonly IdeaStatus[] }[];

type SubmissionFilter = (typeof SUBMISSION_FILTERS)[number]["value"];

interface DisplayedTeam {
  id: string;
  name: string;
  /** Null while the counts load or when they could not be loaded. */
  memberCount: number | null;
}

/** The teams the user manages, with member counts from `GET /api/teams/` (admins managing none: every team). */
function useDisplayedTeams(user: SessionUser) {
  const teams = useTeams();
  const counts = new Map((teams.data?.teams ?? []).map((team) => [team.id, team.member_count]));
  const managed: DisplayedTeam[] = user.team
    .filter((entry) => entry.is_manager)
    .map((entry) => ({ id: entry.id, name: entry.name, memberCount: counts.get(entry.id) ?? null }));
  const displayed =
    managed.length === 0 && isAdmin(user)
      ? (teams.data?.teams ?? []).map((team) => ({ id: team.id, name: team.name, memberCount: team.member_count }))
      : managed;
  return { teams: displayed, query: teams, managesNone: managed.length === 0 };
}

function memberCountText(count: number | null): string {
  if (count === null) return t(MANAGER_MESSAGES.countUnavailable);
  return t(MANAGER_MESSAGES.members, { count });
}

function TeamDisplay({
  user,
  displayed,
  selected,
  onSelect,
}: {
  user: SessionUser;
  displayed: ReturnType<typeof useDisplayedTeams>;
  selected: string;
  onSelect: (teamId: string) => void;
}) {
  const headingId = useId();
  const { teams, query, managesNone } = displayed;
  const admin = isAdmin(user);
  const heading = t(
    managesNone ? MANAGER_MESSAGES.teams : teams.length === 1 ? MANAGER_MESSAGES.yourTeam : MANAGER_MESSAGES.yourTeams,
  );
  const canChoose = teams.length > 1 || admin;

  let body: ReactNode;
  if (managesNone && query.isPending) body = <LoadingState label={t(MANAGER_MESSAGES.loadingTeams)} />;
  else if (managesNone && query.isError)
    body = (
      <ErrorState
        message={`${t(MANAGER_MESSAGES.loadTeamsFailed)} ${errorMessageOf(query.error)}`}
        onRetry={() => void query.refetch()}
      />
    );
  else if (teams.length === 0 && !admin) body = <EmptyState>{t(MANAGER_MESSAGES.noTeam)}</EmptyState>;
  else if (!canChoose) {
    const team = teams[0] as DisplayedTeam;
    body = (
      <Group gap="sm" wrap="nowrap">
        <IconUsersGroup size={28} aria-hidden />
        <div>
          <Text fw={600}>{team.name}</Text>
          <Text size="sm" c="gray.7">
            {query.isPending ? t(MANAGER_MESSAGES.countingMembers) : memberCountText(team.memberCount)}
          </Text>
        </div>
      </Group>
    );
  } else {
    body = (
      <Radio.Group
        value={selected}
        onChange={onSelect}
        label={t(MANAGER_MESSAGES.showSubmissionsOf)}
        aria-describedby={query.isError ? `${headingId}-count-error` : undefined}
      >
        <Stack gap="xs" mt="xs">
          {teams.map((team) => (
            <Radio
              key={team.id}
              value={team.id}
              label={team.name}
              description={query.isPending ? t(MANAGER_MESSAGES.countingMembers) : memberCountText(team.memberCount)}
            />
          ))}
          {admin && (
            <Radio
              value={ALL_TEAMS}
              label={t(MANAGER_MESSAGES.allTeams)}
              description={t(MANAGER_MESSAGES.allTeamsHint)}
            />
          )}
        </Stack>
      </Radio.Group>
    );
  }

  return (
    <Paper component="section" withBorder p="lg" radius="md" aria-labelledby={headingId} data-tour="team-display">
      <Stack gap="sm">
        <Title order={2} size="h3" id={headingId}>
          {heading}
        </Title>
        {body}
        {query.isError && !managesNone && (
          <Text size="xs" c="gray.7" id={`${headingId}-count-error`}>
            {t(MANAGER_MESSAGES.countsFailed)}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function SubmissionCard({
  idea,
  isTourTarget,
  onOpen,
  onSelectTag,
}: {
  idea: Idea;
  isTourTarget: boolean;
  onOpen: (ideaId: string) => void;
  onSelectTag: (tag: TagRef) => void;
}) {
  const titleId = useId();
  return (
    <ListCard titleId={titleId} tour={isTourTarget ? "under-review-card" : undefined} padding="sm" gap={6}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <IdeaStatusBadge status={idea.status} />
        {idea.challenge && (
          <Badge variant="outline" color="gray.7" tt="none" style={{ maxWidth: "60%" }}>
            {idea.challenge.title}
          </Badge>
        )}
      </Group>
      <UnstyledButton
        id={titleId}
        onClick={() => onOpen(idea.id)}
        fw={600}
        c="brand.8"
        style={{ overflowWrap: "anywhere", textDecoration: "underline", textUnderlineOffset: 3 }}
      >
        {idea.title}
      </UnstyledButton>
      {idea.description !== "" && (
        <Text size="sm" lineClamp={2} style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {idea.description}
        </Text>
      )}
      <TagChips tags={idea.tags} onSelect={onSelectTag} />
      <Group gap="md" justify="space-between">
        <Text size="xs" c="gray.7">
          {idea.author.display_name}
          {idea.team_name ? ` · ${idea.team_name}` : ""}
          {idea.submitted_at ? ` · ${formatDate(idea.submitted_at)}` : ""}
        </Text>
        <Group gap="sm" c="gray.7">
          <IdeaCounts idea={idea} />
          {idea.score?.value != null && (
            <Text size="sm" fw={600}>
              {t(SCORECARD_TEXTS.listScore, { value: formatScore(idea.score.value) })}
            </Text>
          )}
          <VoteButton idea={idea} />
        </Group>
      </Group>
    </ListCard>
  );
}

function SubmissionList({
  teamId,
  filter,
  sort,
  notScoredByMe,
  tag,
  onOpen,
  onSelectTag,
}: {
  teamId: string | undefined;
  filter: (typeof SUBMISSION_FILTERS)[number];
  sort: IdeaSort;
  notScoredByMe: boolean;
  tag: TagRef | null;
  onOpen: (ideaId: string) => void;
  onSelectTag: (tag: TagRef) => void;
}) {
  const ideas = useIdeas({ team: teamId, status: filter.statuses, sort, notScoredByMe, tag: tag?.id });
  if (ideas.isPending) return <LoadingState label={t(MANAGER_MESSAGES.loadingSubmissions)} />;
  if (ideas.isError)
    return (
      <ErrorState
        message={`${t(MANAGER_MESSAGES.loadSubmissionsFailed)} ${errorMessageOf(ideas.error)}`}
        onRetry={() => void ideas.refetch()}
      />
    );
  const list = ideas.data.pages.flatMap((page) => page.ideas);
  if (list.length === 0) {
    if (filter.value !== "all")
      return <EmptyState>{t(MANAGER_MESSAGES.noneInFilter, { filter: t(filter.label) })}</EmptyState>;
    // A team that has submitted nothing may not be there yet: the next step is to bring it in.
    return (
      <Stack gap="xs" align="flex-start">
        <EmptyState>{t(MANAGER_MESSAGES.noSubmissions)}</EmptyState>
        <Button
          component={Link}
          to={settingsPath("team")}
          variant="light"
          leftSection={<IconUserPlus size={16} aria-hidden />}
        >
          {t(MANAGER_MESSAGES.inviteTeam)}
        </Button>
      </Stack>
    );
  }
  const tourTargetId = (list.find((idea) => idea.status === "under_review") ?? list[0])?.id;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        {list.map((idea) => (
          <SubmissionCard
            key={idea.id}
            idea={idea}
            isTourTarget={idea.id === tourTargetId}
            onOpen={onOpen}
            onSelectTag={onSelectTag}
          />
        ))}
      </SimpleGrid>
      <ShowMoreButton list={ideas} label={t(MANAGER_MESSAGES.showMoreSubmissions)} />
    </Stack>
  );
}

function TeamSubmissions({
  teamId,
  teamName,
  withScore,
  onOpen,
}: {
  teamId: string | undefined;
  teamName: string | null;
  /** The server sorts by score only the lists the caller reviews (maySortByScore). */
  withScore: boolean;
  onOpen: (ideaId: string) => void;
}) {
  const headingId = useId();
  const [filter, setFilter] = useState<SubmissionFilter>("all");
  const [sort, setSort] = useState<IdeaSort>("newest");
  // A team the caller does not review (another one chosen) is never asked for by score.
  const shownSort: IdeaSort = withScore || sort !== "score" ? sort : "newest";
  const [notScoredByMe, setNotScoredByMe] = useState(false);
  const [tag, setTag] = useState<TagRef | null>(null);
  const counts = useIdeaCounts({ team: teamId, tag: tag?.id });
  return (
    <Paper component="section" withBorder p="lg" radius="md" aria-labelledby={headingId}>
      <Stack gap="md">
        <div data-tour="team-submissions">
          <Title order={2} size="h3" id={headingId}>
            {t(MANAGER_MESSAGES.teamSubmissions)}
          </Title>
          <Text size="sm" c="gray.7">
            {teamName
              ? t(MANAGER_MESSAGES.ideasFromTeam, { team: teamName })
              : t(teamId ? MANAGER_MESSAGES.ideasFromSelected : MANAGER_MESSAGES.ideasFromEvery)}
          </Text>
        </div>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TagFilterSelect value={tag} onChange={setTag} />
          <IdeaSortSelect value={shownSort} onChange={setSort} withScore={withScore} />
          <Checkbox
            label={t(SCORECARD_TEXTS.notScoredByMe)}
            checked={notScoredByMe}
            onChange={(event) => setNotScoredByMe(event.currentTarget.checked)}
            mb={8}
          />
        </Group>
        <Tabs value={filter} onChange={(value) => value && setFilter(value as SubmissionFilter)} keepMounted={false}>
          <Tabs.List aria-label={t(MANAGER_MESSAGES.byStatus)}>
            {SUBMISSION_FILTERS.map((entry) => (
              <Tabs.Tab key={entry.value} value={entry.value}>
                {withCount(t(entry.label), entry.statuses, counts.data)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {SUBMISSION_FILTERS.map((entry) => (
            <Tabs.Panel key={entry.value} value={entry.value} pt="md">
              <SubmissionList
                teamId={teamId}
                filter={entry}
                sort={shownSort}
                notScoredByMe={notScoredByMe}
                tag={tag}
                onOpen={onOpen}
                onSelectTag={setTag}
              />
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
    </Paper>
  );
}

/** The team shown first: the first one the user manages; admins managing none see every team. */
function defaultTeamOf(user: SessionUser, teams: readonly DisplayedTeam[]): string {
  return user.team.find((entry) => entry.is_manager)?.id ?? (isAdmin(user) ? ALL_TEAMS : (teams[0]?.id ?? ALL_TEAMS));
}

/**
 * The manager ideas page below its challenges: for whoever decides them (challenge.decide) the
 * proposed company challenges, the team the manager manages and its submissions by review status,
 * and the ideas-to-action board. The page (manager-ideas-page.tsx) loads this chunk as it renders,
 * so the challenges show without waiting for it.
 */
export function ManagerIdeasSections({
  user,
  answering,
  onClearChallenge,
  onOpenIdea,
}: IdeasSectionsProps & { user: SessionUser }) {
  const [selectedTeam, setSelectedTeam] = useState<string | null>(null);
  const displayed = useDisplayedTeams(user);

  const decidesProposals = can(user, "challenge.decide");
  const teamId = selectedTeam ?? defaultTeamOf(user, displayed.teams);
  const teamName = teamId === ALL_TEAMS ? null : (displayed.teams.find((team) => team.id === teamId)?.name ?? null);

  return (
    <Stack gap="lg">
      {decidesProposals && <ProposedChallenges />}
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <TeamDisplay user={user} displayed={displayed} selected={teamId} onSelect={setSelectedTeam} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <TeamSubmissions
            teamId={teamId === ALL_TEAMS ? undefined : teamId}
            teamName={teamName}
            withScore={maySortByScore(
              { isAdmin: isAdmin(user), managedTeamIds: user.team.filter((e) => e.is_manager).map((e) => e.id) },
              { team: teamId === ALL_TEAMS ? undefined : teamId },
            )}
            onOpen={onOpenIdea}
          />
        </Grid.Col>
      </Grid>
      <ActionBoard onOpenIdea={onOpenIdea} />
      {/* Managers and administrators put ideas forward too, and follow their own. */}
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <BrainDump challenge={answering} onClearChallenge={onClearChallenge} onOpenIdea={onOpenIdea} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <ActiveSubmissions onOpenIdea={onOpenIdea} isTourTarget={false} />
        </Grid.Col>
      </Grid>
      {/* Administrators post company challenges directly; everyone else proposes them. */}
      {!decidesProposals && <MyProposals />}
    </Stack>
  );
}
