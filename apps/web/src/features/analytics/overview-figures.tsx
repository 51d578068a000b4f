import {
  ANALYTICS_FUNNEL_LABELS,
  ANALYTICS_SCORE_BUCKET_RANGES,
  ANALYTICS_SCORE_BUCKETS,
  ANALYTICS_STALE_REVIEW_DAYS,
  ANALYTICS_TOP_SCORED_CHALLENGES,
  type AnalyticsDuration,
  type AnalyticsOverview as AnalyticsOverviewData,
  type AnalyticsScoreBucket,
  IDEA_STATUS_LABELS,
} from "@ideaport/shared";
import { Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { EmptyState } from "../../components/empty-state.tsx";
import { formatNumber, formatPercent } from "../../lib/format.ts";
import { t } from "../../lib/i18n.ts";
import { ACTION_STATUS_LABELS, formatScore } from "../ideas/index.ts";
import { TAG_ANALYTICS_MESSAGES, TAG_MESSAGES } from "../tags/index.ts";
import { TEAMS_COLUMNS, TEAMS_TEXTS } from "../teams/index.ts";
import { ANALYTICS_TEXTS, FIGURES_MESSAGES, SCORES_MESSAGES } from "./analytics.texts.ts";
import { formatHours, formatShare, teamName } from "./analytics-format.ts";
import { ChartCard, DataTable, OverviewCard } from "./chart-card.tsx";

/** Bars of every chart: the brand colour dark enough to stand out against the page (3:1). */
const BAR_COLOR = "brand.7";
const SECOND_BAR_COLOR = "teal.9";
/** The score buckets' segments, lowest first: warm for low scores, the brand colour for the best. */
const SCORE_BUCKET_COLORS = ["red.9", "orange.9", "teal.9", BAR_COLOR] as const;

/** A bucket's scores as shown, "2.0–2.9" (or its series' name, "Score 2.0–2.9"). */
function bucketLabel(bucket: AnalyticsScoreBucket, series = false): string {
  const range = ANALYTICS_SCORE_BUCKET_RANGES[bucket];
  return t(series ? SCORES_MESSAGES.bucketSeries : SCORES_MESSAGES.bucket, {
    from: formatScore(range.from),
    to: formatScore(range.to),
  });
}

/** A challenge's scored ideas, with how many fall in each bucket (named by the bucket, as the chart's series). */
type ScoreRow = { key: string; challenge: string; scored: number; average: number } & Record<
  AnalyticsScoreBucket,
  number
>;

/** The period's scored ideas by challenge: a bar per challenge, a segment per bucket of scores. */
function ScoresByChallenge({ overview }: { overview: AnalyticsOverviewData }) {
  const rows: ScoreRow[] = overview.scores_per_challenge.map((entry) => {
    const counts = new Map(entry.buckets.map((bucket) => [bucket.bucket, bucket.count]));
    return {
      key: entry.challenge_id ?? "",
      challenge: entry.challenge_title ?? t(SCORES_MESSAGES.noChallenge),
      scored: entry.scored,
      average: entry.average_score,
      ...(Object.fromEntries(ANALYTICS_SCORE_BUCKETS.map((bucket) => [bucket, counts.get(bucket) ?? 0])) as Record<
        AnalyticsScoreBucket,
        number
      >),
    };
  });
  return (
    <ChartCard
      title={t(SCORES_MESSAGES.title)}
      description={t(SCORES_MESSAGES.description, { count: ANALYTICS_TOP_SCORED_CHALLENGES })}
      rows={rows}
      labelKey="challenge"
      rowKey={(row) => row.key}
      series={ANALYTICS_SCORE_BUCKETS.map((bucket, index) => ({
        name: bucket,
        label: bucketLabel(bucket, true),
        color: SCORE_BUCKET_COLORS[index]!,
      }))}
      stacked
      horizontal
      columns={[
        { header: t(FIGURES_MESSAGES.challenge), cell: (row) => row.challenge },
        { header: t(SCORES_MESSAGES.scoredIdeas), cell: (row) => formatNumber(row.scored), numeric: true },
        { header: t(SCORES_MESSAGES.averageScore), cell: (row) => formatScore(row.average), numeric: true },
        ...ANALYTICS_SCORE_BUCKETS.map((bucket) => ({
          header: bucketLabel(bucket),
          cell: (row: ScoreRow) => formatNumber(row[bucket]),
          numeric: true,
        })),
      ]}
      empty={t(SCORES_MESSAGES.noneScored)}
    />
  );
}

function KeyFigures({ overview }: { overview: AnalyticsOverviewData }) {
  const count = (stage: string) => overview.funnel.find((entry) => entry.stage === stage)?.count ?? 0;
  const { participation, review_times: times } = overview;
  const figures = [
    { label: t(ANALYTICS_TEXTS.ideasSubmitted), value: formatNumber(count("submitted")) },
    { label: t(FIGURES_MESSAGES.ideasApproved), value: formatNumber(count("approved")) },
    {
      label: t(FIGURES_MESSAGES.peopleTakingPart),
      value: formatShare(participation.participated_share),
      detail: t(FIGURES_MESSAGES.peopleTakingPartDetail, {
        participated: formatNumber(participation.participated),
        active: formatNumber(participation.active_people),
      }),
    },
    { label: t(FIGURES_MESSAGES.medianFirstReview), value: formatHours(times.first_review.median_hours) },
    { label: t(FIGURES_MESSAGES.medianDecision), value: formatHours(times.decision.median_hours) },
    { label: t(FIGURES_MESSAGES.pointsAwarded), value: formatNumber(overview.points_awarded) },
    { label: t(FIGURES_MESSAGES.overdueActions), value: formatNumber(overview.actions.overdue) },
  ];
  return (
    <SimpleGrid
      component="ul"
      cols={{ base: 1, xs: 2, md: 4 }}
      spacing="sm"
      m={0}
      p={0}
      style={{ listStyle: "none" }}
      aria-label={t(FIGURES_MESSAGES.keyFigures)}
    >
      {figures.map((figure) => (
        <Paper component="li" key={figure.label} withBorder p="sm" radius="md">
          <Text size="sm" c="gray.7">
            {figure.label}
          </Text>
          <Text size="xl" fw={700}>
            {figure.value}
          </Text>
          {figure.detail && (
            <Text size="xs" c="gray.7">
              {figure.detail}
            </Text>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** A step's review times; `medianBar` and `p90Bar` are the bars' lengths (0 without ideas). */
const durationRow = (step: string, duration: AnalyticsDuration) => ({
  step,
  medianBar: duration.median_hours ?? 0,
  p90Bar: duration.p90_hours ?? 0,
  count: duration.count,
  median: duration.median_hours,
  p90: duration.p90_hours,
});

export function OverviewFigures({ overview }: { overview: AnalyticsOverviewData }) {
  const submitted = overview.funnel.find((entry) => entry.stage === "submitted")?.count ?? 0;
  const funnel = overview.funnel.map((entry) => ({
    stage: t(ANALYTICS_FUNNEL_LABELS[entry.stage]),
    ideas: entry.count,
    share: submitted === 0 ? null : entry.count / submitted,
  }));
  const byStatus = overview.by_status.map((entry) => ({
    status: t(IDEA_STATUS_LABELS[entry.status]),
    ideas: entry.count,
  }));
  const perTeam = overview.ideas_per_team.map((entry) => ({ team: teamName(entry), ideas: entry.count }));
  const perTag = overview.ideas_per_tag.map((entry) => ({ tag: entry.tag_name, ideas: entry.count }));
  const { participation } = overview;
  const participationRows = [
    {
      activity: t(FIGURES_MESSAGES.submittedAnIdea),
      people: participation.submitted,
      share: participation.submitted_share,
    },
    { activity: t(FIGURES_MESSAGES.commented), people: participation.commented, share: participation.commented_share },
    { activity: t(FIGURES_MESSAGES.voted), people: participation.voted, share: participation.voted_share },
    {
      activity: t(FIGURES_MESSAGES.anyOfThese),
      people: participation.participated,
      share: participation.participated_share,
    },
  ].map((row) => ({ ...row, shareBar: row.share === null ? 0 : row.share }));
  const reviewTimes = [
    durationRow(t(FIGURES_MESSAGES.firstReview), overview.review_times.first_review),
    durationRow(t(FIGURES_MESSAGES.decision), overview.review_times.decision),
  ];
  const stale = overview.stale_reviews.map((entry) => ({ team: teamName(entry), reviews: entry.count }));
  const actions = overview.actions.by_status.map((entry) => ({
    status: t(ACTION_STATUS_LABELS[entry.status]),
    actions: entry.count,
  }));
  const hasReviewTimes = reviewTimes.some((row) => row.count > 0);

  return (
    <Stack gap="md">
      <KeyFigures overview={overview} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <ChartCard
          title={t(FIGURES_MESSAGES.funnelTitle)}
          description={t(FIGURES_MESSAGES.funnelDescription)}
          rows={submitted === 0 ? [] : funnel}
          labelKey="stage"
          series={[{ name: "ideas", label: t(ANALYTICS_TEXTS.ideas), color: BAR_COLOR }]}
          horizontal
          columns={[
            { header: t(FIGURES_MESSAGES.stage), cell: (row) => row.stage },
            { header: t(ANALYTICS_TEXTS.ideas), cell: (row) => formatNumber(row.ideas), numeric: true },
            { header: t(FIGURES_MESSAGES.shareOfSubmitted), cell: (row) => formatShare(row.share), numeric: true },
          ]}
          empty={t(ANALYTICS_TEXTS.noIdeasSubmitted)}
        />
        <ChartCard
          title={t(FIGURES_MESSAGES.byStatusTitle)}
          description={t(FIGURES_MESSAGES.byStatusDescription)}
          rows={byStatus}
          labelKey="status"
          series={[{ name: "ideas", label: t(ANALYTICS_TEXTS.ideas), color: BAR_COLOR }]}
          columns={[
            { header: t(TEAMS_COLUMNS.status), cell: (row) => row.status },
            { header: t(ANALYTICS_TEXTS.ideas), cell: (row) => formatNumber(row.ideas), numeric: true },
          ]}
          horizontal
          empty={t(ANALYTICS_TEXTS.noIdeasSubmitted)}
        />
        <ChartCard
          title={t(FIGURES_MESSAGES.perTeamTitle)}
          rows={perTeam}
          labelKey="team"
          series={[{ name: "ideas", label: t(ANALYTICS_TEXTS.ideas), color: BAR_COLOR }]}
          columns={[
            { header: t(TEAMS_TEXTS.team), cell: (row) => row.team },
            { header: t(ANALYTICS_TEXTS.ideas), cell: (row) => formatNumber(row.ideas), numeric: true },
          ]}
          horizontal
          empty={t(ANALYTICS_TEXTS.noIdeasSubmitted)}
        />
        <ChartCard
          title={t(TAG_ANALYTICS_MESSAGES.title)}
          rows={perTag}
          labelKey="tag"
          series={[{ name: "ideas", label: t(ANALYTICS_TEXTS.ideas), color: BAR_COLOR }]}
          columns={[
            { header: t(TAG_MESSAGES.filterLabel), cell: (row) => row.tag },
            { header: t(ANALYTICS_TEXTS.ideas), cell: (row) => formatNumber(row.ideas), numeric: true },
          ]}
          horizontal
          empty={t(TAG_ANALYTICS_MESSAGES.none)}
        />
        <ChartCard
          title={t(FIGURES_MESSAGES.participationTitle)}
          description={t(FIGURES_MESSAGES.participationDescription, {
            active: formatNumber(participation.active_people),
          })}
          rows={participationRows}
          labelKey="activity"
          series={[{ name: "shareBar", label: t(FIGURES_MESSAGES.share), color: BAR_COLOR }]}
          horizontal
          valueFormatter={(value) => formatPercent(value)}
          columns={[
            { header: t(FIGURES_MESSAGES.activity), cell: (row) => row.activity },
            { header: t(FIGURES_MESSAGES.people), cell: (row) => formatNumber(row.people), numeric: true },
            { header: t(FIGURES_MESSAGES.shareOfActivePeople), cell: (row) => formatShare(row.share), numeric: true },
          ]}
          empty={t(FIGURES_MESSAGES.noActivePeople)}
        />
        <ChartCard
          title={t(FIGURES_MESSAGES.reviewTimesTitle)}
          description={t(FIGURES_MESSAGES.reviewTimesDescription)}
          rows={hasReviewTimes ? reviewTimes : []}
          labelKey="step"
          series={[
            { name: "medianBar", label: t(ANALYTICS_TEXTS.median), color: BAR_COLOR },
            { name: "p90Bar", label: t(ANALYTICS_TEXTS.percentile90), color: SECOND_BAR_COLOR },
          ]}
          valueFormatter={(value) => formatHours(value)}
          columns={[
            { header: t(FIGURES_MESSAGES.step), cell: (row) => row.step },
            { header: t(ANALYTICS_TEXTS.ideas), cell: (row) => formatNumber(row.count), numeric: true },
            { header: t(ANALYTICS_TEXTS.median), cell: (row) => formatHours(row.median), numeric: true },
            { header: t(ANALYTICS_TEXTS.percentile90), cell: (row) => formatHours(row.p90), numeric: true },
          ]}
          empty={t(FIGURES_MESSAGES.noneReviewed)}
        />
        <ChartCard
          title={t(FIGURES_MESSAGES.backlogTitle)}
          description={t(FIGURES_MESSAGES.backlogDescription, { days: ANALYTICS_STALE_REVIEW_DAYS })}
          rows={stale}
          labelKey="team"
          series={[{ name: "reviews", label: t(FIGURES_MESSAGES.reviews), color: BAR_COLOR }]}
          columns={[
            { header: t(TEAMS_TEXTS.team), cell: (row) => row.team },
            {
              header: t(FIGURES_MESSAGES.waitingMoreThan, { days: ANALYTICS_STALE_REVIEW_DAYS }),
              cell: (row) => formatNumber(row.reviews),
              numeric: true,
            },
          ]}
          horizontal
          empty={t(FIGURES_MESSAGES.noneWaiting, { days: ANALYTICS_STALE_REVIEW_DAYS })}
        />
        <ChartCard
          title={t(ANALYTICS_TEXTS.actions)}
          description={t(FIGURES_MESSAGES.actionsDescription, { overdue: formatNumber(overview.actions.overdue) })}
          rows={actions}
          labelKey="status"
          series={[{ name: "actions", label: t(ANALYTICS_TEXTS.actions), color: BAR_COLOR }]}
          horizontal
          columns={[
            { header: t(TEAMS_COLUMNS.status), cell: (row) => row.status },
            { header: t(ANALYTICS_TEXTS.actions), cell: (row) => formatNumber(row.actions), numeric: true },
          ]}
          empty={t(FIGURES_MESSAGES.noActions)}
        />
      </SimpleGrid>
      <ScoresByChallenge overview={overview} />
      <OverviewCard title={t(ANALYTICS_TEXTS.challenges)} description={t(FIGURES_MESSAGES.challengesDescription)}>
        {overview.challenges.length === 0 ? (
          <EmptyState>{t(FIGURES_MESSAGES.noChallenges)}</EmptyState>
        ) : (
          <DataTable
            caption={t(ANALYTICS_TEXTS.challenges)}
            rows={overview.challenges}
            rowKey={(row) => row.id}
            columns={[
              { header: t(FIGURES_MESSAGES.challenge), cell: (row) => row.title },
              { header: t(FIGURES_MESSAGES.answers), cell: (row) => formatNumber(row.answers), numeric: true },
              { header: t(ANALYTICS_FUNNEL_LABELS.approved), cell: (row) => formatNumber(row.approved), numeric: true },
              {
                header: t(FIGURES_MESSAGES.approvalRate),
                cell: (row) => formatShare(row.approval_rate),
                numeric: true,
              },
            ]}
          />
        )}
      </OverviewCard>
      <OverviewCard
        title={t(ANALYTICS_TEXTS.topContributors)}
        description={t(FIGURES_MESSAGES.topContributorsDescription)}
      >
        {overview.top_contributors.length === 0 ? (
          <EmptyState>{t(FIGURES_MESSAGES.nobodyEarned)}</EmptyState>
        ) : (
          <DataTable
            caption={t(ANALYTICS_TEXTS.topContributors)}
            rows={overview.top_contributors}
            rowKey={(row) => row.user_id}
            columns={[
              { header: t(FIGURES_MESSAGES.rank), cell: (row) => row.rank },
              { header: t(FIGURES_MESSAGES.person), cell: (row) => row.name },
              { header: t(FIGURES_MESSAGES.points), cell: (row) => formatNumber(row.points), numeric: true },
              {
                header: t(ANALYTICS_TEXTS.ideasSubmitted),
                cell: (row) => formatNumber(row.ideas_submitted),
                numeric: true,
              },
            ]}
          />
        )}
      </OverviewCard>
    </Stack>
  );
}
