import {
  ANALYTICS_FUNNEL_LABELS,
  ANALYTICS_STALE_REVIEW_DAYS,
  type AnalyticsDuration,
  type AnalyticsOverview as AnalyticsOverviewData,
  IDEA_STATUS_LABELS,
} from "@ideaport/shared";
import { Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { EmptyState } from "../../components/empty-state.tsx";
import { formatNumber, formatPercent } from "../../lib/format.ts";
import { t } from "../../lib/i18n.ts";
import { ACTION_STATUS_LABELS } from "../ideas/index.ts";
import { ANALYTICS_TEXTS } from "./analytics.texts.ts";
import { formatHours, formatShare, teamName } from "./analytics-format.ts";
import { ChartCard, DataTable, OverviewCard } from "./chart-card.tsx";

/** Bars of every chart: the brand colour dark enough to stand out against the page (3:1). */
const BAR_COLOR = "brand.7";
const SECOND_BAR_COLOR = "teal.9";

function KeyFigures({ overview }: { overview: AnalyticsOverviewData }) {
  const count = (stage: string) => overview.funnel.find((entry) => entry.stage === stage)?.count ?? 0;
  const { participation, review_times: times } = overview;
  const figures = [
    { label: "Ideas submitted", value: formatNumber(count("submitted")) },
    { label: "Ideas approved", value: formatNumber(count("approved")) },
    {
      label: "People taking part",
      value: formatShare(participation.participated_share),
      detail: `${formatNumber(participation.participated)} of ${formatNumber(participation.active_people)} active people`,
    },
    { label: "Median time to first review", value: formatHours(times.first_review.median_hours) },
    { label: "Median time to decision", value: formatHours(times.decision.median_hours) },
    { label: "Points awarded", value: formatNumber(overview.points_awarded) },
    { label: "Overdue actions", value: formatNumber(overview.actions.overdue) },
  ];
  return (
    <SimpleGrid
      component="ul"
      cols={{ base: 1, xs: 2, md: 4 }}
      spacing="sm"
      m={0}
      p={0}
      style={{ listStyle: "none" }}
      aria-label="Key figures"
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

const durationRow = (step: string, duration: AnalyticsDuration) => ({
  step,
  Median: duration.median_hours ?? 0,
  "90th percentile": duration.p90_hours ?? 0,
  count: duration.count,
  median: duration.median_hours,
  p90: duration.p90_hours,
});

export function OverviewFigures({ overview }: { overview: AnalyticsOverviewData }) {
  const submitted = overview.funnel.find((entry) => entry.stage === "submitted")?.count ?? 0;
  const funnel = overview.funnel.map((entry) => ({
    stage: t(ANALYTICS_FUNNEL_LABELS[entry.stage]),
    Ideas: entry.count,
    share: submitted === 0 ? null : entry.count / submitted,
  }));
  const byStatus = overview.by_status.map((entry) => ({
    status: t(IDEA_STATUS_LABELS[entry.status]),
    Ideas: entry.count,
  }));
  const perTeam = overview.ideas_per_team.map((entry) => ({ team: teamName(entry), Ideas: entry.count }));
  const { participation } = overview;
  const participationRows = [
    { activity: "Submitted an idea", people: participation.submitted, share: participation.submitted_share },
    { activity: "Commented", people: participation.commented, share: participation.commented_share },
    { activity: "Voted", people: participation.voted, share: participation.voted_share },
    { activity: "Any of these", people: participation.participated, share: participation.participated_share },
  ].map((row) => ({ ...row, Share: row.share === null ? 0 : row.share }));
  const reviewTimes = [
    durationRow("First review", overview.review_times.first_review),
    durationRow("Decision", overview.review_times.decision),
  ];
  const stale = overview.stale_reviews.map((entry) => ({ team: teamName(entry), Reviews: entry.count }));
  const actions = overview.actions.by_status.map((entry) => ({
    status: t(ACTION_STATUS_LABELS[entry.status]),
    Actions: entry.count,
  }));
  const hasReviewTimes = reviewTimes.some((row) => row.count > 0);

  return (
    <Stack gap="md">
      <KeyFigures overview={overview} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <ChartCard
          title="Ideas funnel"
          description="Ideas submitted in the period, and how many reached review, approval and action."
          rows={submitted === 0 ? [] : funnel}
          labelKey="stage"
          series={[{ name: "Ideas", color: BAR_COLOR }]}
          horizontal
          columns={[
            { header: "Stage", cell: (row) => row.stage },
            { header: "Ideas", cell: (row) => formatNumber(row.Ideas), numeric: true },
            { header: "Share of submitted", cell: (row) => formatShare(row.share), numeric: true },
          ]}
          empty={ANALYTICS_TEXTS.noIdeasSubmitted}
        />
        <ChartCard
          title="Ideas by status"
          description="Where the period's ideas stand now."
          rows={byStatus}
          labelKey="status"
          series={[{ name: "Ideas", color: BAR_COLOR }]}
          columns={[
            { header: "Status", cell: (row) => row.status },
            { header: "Ideas", cell: (row) => formatNumber(row.Ideas), numeric: true },
          ]}
          horizontal
          empty={ANALYTICS_TEXTS.noIdeasSubmitted}
        />
        <ChartCard
          title="Ideas per team"
          rows={perTeam}
          labelKey="team"
          series={[{ name: "Ideas", color: BAR_COLOR }]}
          columns={[
            { header: "Team", cell: (row) => row.team },
            { header: "Ideas", cell: (row) => formatNumber(row.Ideas), numeric: true },
          ]}
          horizontal
          empty={ANALYTICS_TEXTS.noIdeasSubmitted}
        />
        <ChartCard
          title="Participation"
          description={`Share of the ${formatNumber(participation.active_people)} active people who took part in the period.`}
          rows={participationRows}
          labelKey="activity"
          series={[{ name: "Share", color: BAR_COLOR }]}
          horizontal
          valueFormatter={(value) => formatPercent(value)}
          columns={[
            { header: "Activity", cell: (row) => row.activity },
            { header: "People", cell: (row) => formatNumber(row.people), numeric: true },
            { header: "Share of active people", cell: (row) => formatShare(row.share), numeric: true },
          ]}
          empty="There are no active people."
        />
        <ChartCard
          title="Review times"
          description="From submission to the first review and to the decision, in hours."
          rows={hasReviewTimes ? reviewTimes : []}
          labelKey="step"
          series={[
            { name: "Median", color: BAR_COLOR },
            { name: "90th percentile", color: SECOND_BAR_COLOR },
          ]}
          valueFormatter={(value) => formatHours(value)}
          columns={[
            { header: "Step", cell: (row) => row.step },
            { header: "Ideas", cell: (row) => formatNumber(row.count), numeric: true },
            { header: "Median", cell: (row) => formatHours(row.median), numeric: true },
            { header: "90th percentile", cell: (row) => formatHours(row.p90), numeric: true },
          ]}
          empty="No idea of this period has been reviewed yet."
        />
        <ChartCard
          title="Reviewers' backlog"
          description={`Ideas waiting for review for more than ${ANALYTICS_STALE_REVIEW_DAYS} days, by team.`}
          rows={stale}
          labelKey="team"
          series={[{ name: "Reviews", color: BAR_COLOR }]}
          columns={[
            { header: "Team", cell: (row) => row.team },
            {
              header: `Waiting more than ${ANALYTICS_STALE_REVIEW_DAYS} days`,
              cell: (row) => formatNumber(row.Reviews),
              numeric: true,
            },
          ]}
          horizontal
          empty={`No idea has waited for review for more than ${ANALYTICS_STALE_REVIEW_DAYS} days.`}
        />
        <ChartCard
          title="Actions"
          description={`Actions of the period's approved ideas by status. Overdue: ${formatNumber(overview.actions.overdue)}.`}
          rows={actions}
          labelKey="status"
          series={[{ name: "Actions", color: BAR_COLOR }]}
          horizontal
          columns={[
            { header: "Status", cell: (row) => row.status },
            { header: "Actions", cell: (row) => formatNumber(row.Actions), numeric: true },
          ]}
          empty="No approved idea of this period has an action."
        />
      </SimpleGrid>
      <OverviewCard title="Challenges" description="Challenges answered in the period.">
        {overview.challenges.length === 0 ? (
          <EmptyState>No challenge was answered in this period.</EmptyState>
        ) : (
          <DataTable
            caption="Challenges"
            rows={overview.challenges}
            rowKey={(row) => row.id}
            columns={[
              { header: "Challenge", cell: (row) => row.title },
              { header: "Answers", cell: (row) => formatNumber(row.answers), numeric: true },
              { header: "Approved", cell: (row) => formatNumber(row.approved), numeric: true },
              { header: "Approval rate", cell: (row) => formatShare(row.approval_rate), numeric: true },
            ]}
          />
        )}
      </OverviewCard>
      <OverviewCard title="Top contributors" description="The people who earned the most points in the period.">
        {overview.top_contributors.length === 0 ? (
          <EmptyState>Nobody earned points in this period.</EmptyState>
        ) : (
          <DataTable
            caption="Top contributors"
            rows={overview.top_contributors}
            rowKey={(row) => row.user_id}
            columns={[
              { header: "Rank", cell: (row) => row.rank },
              { header: "Person", cell: (row) => row.name },
              { header: "Points", cell: (row) => formatNumber(row.points), numeric: true },
              { header: "Ideas submitted", cell: (row) => formatNumber(row.ideas_submitted), numeric: true },
            ]}
          />
        )}
      </OverviewCard>
    </Stack>
  );
}
