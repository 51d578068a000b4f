import "@mantine/charts/styles.css";
import {
  ANALYTICS_FUNNEL_LABELS,
  ANALYTICS_PERIODS,
  ANALYTICS_STALE_REVIEW_DAYS,
  type AnalyticsDuration,
  type AnalyticsOverview as AnalyticsOverviewData,
  type AnalyticsPeriod,
  type AnalyticsQuery,
  AnalyticsQuerySchema,
  type AnalyticsTeamCount,
  IDEA_STATUS_LABELS,
} from "@ideaport/shared";
import { BarChart, type BarChartSeries } from "@mantine/charts";
import {
  Anchor,
  Box,
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { IconDownload, IconTable } from "@tabler/icons-react";
import { type ReactNode, useId, useState } from "react";
import { ActionFeedback } from "../../components/action-feedback.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { ErrorState } from "../../components/error-state.tsx";
import { LoadingState } from "../../components/loading-state.tsx";
import { ScrollableTable } from "../../components/scrollable-table.tsx";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { formatCalendarDay, formatNumber, formatPercent } from "../../lib/format.ts";
import { ACTION_STATUS_LABELS } from "../ideas/index.ts";
import { useTeams } from "../teams/index.ts";
import { downloadIdeasCsv, ideasCsvUrl, useAnalyticsOverview } from "./analytics.queries.ts";

/** The period menu's entries. */
export const ANALYTICS_PERIOD_LABELS: Readonly<Record<AnalyticsPeriod, string>> = {
  "30d": "Last 30 days",
  quarter: "This quarter",
  year: "This year",
  custom: "Custom dates",
};

/** The team menu's entry for the whole company. */
const ALL_TEAMS = "";
/** Bars of every chart: the brand colour dark enough to stand out against the page (3:1). */
const BAR_COLOR = "brand.7";
const SECOND_BAR_COLOR = "teal.9";
const CHART_HEIGHT = 240;

/** A share from 0 to 1 as a percentage; "–" when there was nothing to divide by. */
const formatShare = (share: number | null) => (share === null ? "–" : formatPercent(share));

/** A duration in hours as people say it: hours up to two days, days beyond; "–" without ideas. */
export function formatHours(hours: number | null): string {
  if (hours === null) return "–";
  if (hours < 48) return `${formatNumber(Math.round(hours * 10) / 10)} hours`;
  return `${formatNumber(Math.round((hours / 24) * 10) / 10)} days`;
}

const teamName = (entry: AnalyticsTeamCount) => entry.team_name ?? "No team";

// ---------------------------------------------------------------------------------------------
// Filters
// ---------------------------------------------------------------------------------------------

interface Filters {
  period: AnalyticsPeriod;
  from: string;
  to: string;
  team: string;
}

/** The filters as the API's query, or the custom days' errors (in the shared contract's words). */
function queryOf(filters: Filters): { query: AnalyticsQuery | null; errors: { from?: string; to?: string } } {
  const candidate: AnalyticsQuery = {
    period: filters.period,
    ...(filters.period === "custom"
      ? { from: filters.from === "" ? undefined : filters.from, to: filters.to === "" ? undefined : filters.to }
      : {}),
    ...(filters.team === ALL_TEAMS ? {} : { team: filters.team }),
  };
  const parsed = AnalyticsQuerySchema.safeParse(candidate);
  if (parsed.success) return { query: candidate, errors: {} };
  const errors: { from?: string; to?: string } = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === "from" || field === "to") && errors[field] === undefined) errors[field] = issue.message;
  }
  return { query: null, errors };
}

function FilterBar({
  filters,
  errors,
  onChange,
  resolvedPeriod,
}: {
  filters: Filters;
  errors: { from?: string | undefined; to?: string | undefined };
  onChange: (filters: Filters) => void;
  /** The days the figures on screen cover, to start a custom period from. */
  resolvedPeriod: { from: string; to: string } | undefined;
}) {
  const teams = useTeams();
  const teamOptions = [
    { value: ALL_TEAMS, label: "All teams" },
    ...(teams.data?.teams ?? []).map((team) => ({ value: team.id, label: team.name })),
  ];
  return (
    <Group align="flex-start" gap="sm" wrap="wrap">
      <NativeSelect
        label="Period"
        data={ANALYTICS_PERIODS.map((period) => ({ value: period, label: ANALYTICS_PERIOD_LABELS[period] }))}
        value={filters.period}
        onChange={(event) => {
          const period = event.currentTarget.value as AnalyticsPeriod;
          const startCustom = period === "custom" && filters.from === "" && filters.to === "" && resolvedPeriod;
          onChange({
            ...filters,
            period,
            ...(startCustom ? { from: resolvedPeriod.from, to: resolvedPeriod.to } : {}),
          });
        }}
        miw={180}
      />
      {filters.period === "custom" && (
        <>
          <TextInput
            label="From"
            type="date"
            required
            value={filters.from}
            error={errors.from}
            onChange={(event) => onChange({ ...filters, from: event.currentTarget.value })}
          />
          <TextInput
            label="To"
            type="date"
            required
            value={filters.to}
            error={errors.to}
            onChange={(event) => onChange({ ...filters, to: event.currentTarget.value })}
          />
        </>
      )}
      <NativeSelect
        label="Team"
        data={teamOptions}
        value={filters.team}
        onChange={(event) => onChange({ ...filters, team: event.currentTarget.value })}
        miw={200}
      />
    </Group>
  );
}

/**
 * The export of the ideas the filters cover. The link names the export's address; the click
 * fetches it signed in and saves it.
 */
function CsvDownload({ query, period }: { query: AnalyticsQuery; period: { from: string; to: string } }) {
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Stack gap={4}>
      <Anchor
        href={ideasCsvUrl(query)}
        download
        aria-disabled={isBusy || undefined}
        onClick={(event) => {
          event.preventDefault();
          if (isBusy) return;
          setBusy(true);
          setError(null);
          downloadIdeasCsv(query, period)
            .catch((failure: unknown) => setError(`Could not download the ideas. ${errorMessageOf(failure)}`))
            .finally(() => setBusy(false));
        }}
        size="sm"
        fw={600}
      >
        <Group gap={6} wrap="nowrap" component="span">
          <IconDownload size={16} aria-hidden />
          {isBusy ? "Preparing the CSV file..." : "Download the ideas as CSV"}
        </Group>
      </Anchor>
      <ActionFeedback error={error} />
    </Stack>
  );
}

// ---------------------------------------------------------------------------------------------
// A chart with its table
// ---------------------------------------------------------------------------------------------

interface TableColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Numbers line up on the right. */
  numeric?: boolean;
}

function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  scrollable = true,
}: {
  caption: string;
  columns: TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** In a named scroll region (a tab stop); off for a table that is not on screen. */
  scrollable?: boolean;
}) {
  const [first, ...rest] = columns;
  if (!first) return null;
  const table = (
    <Table verticalSpacing="xs">
      <Table.Caption style={{ captionSide: "top", textAlign: "left" }}>
        <VisuallyHidden>{caption}</VisuallyHidden>
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column.header} scope="col" ta={column.numeric ? "right" : undefined}>
              {column.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={rowKey(row)}>
            <Table.Th scope="row" fw={500} ta={first.numeric ? "right" : undefined}>
              {first.cell(row)}
            </Table.Th>
            {rest.map((column) => (
              <Table.Td key={column.header} ta={column.numeric ? "right" : undefined}>
                {column.cell(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return scrollable ? (
    <ScrollableTable label={`${caption} table`} minWidth={360}>
      {table}
    </ScrollableTable>
  ) : (
    table
  );
}

/** A titled card of the overview. */
function OverviewCard({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <div>
            <Title order={4} size="h5" id={headingId}>
              {title}
            </Title>
            {description && (
              <Text size="sm" c="gray.7">
                {description}
              </Text>
            )}
          </div>
          {actions}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * A bar chart and the same figures as a table. Screen readers get the table (the drawing is
 * hidden from them); "Show as table" puts the table in the chart's place on screen.
 */
function ChartCard<Row extends object>({
  title,
  description,
  rows,
  labelKey,
  series,
  columns,
  horizontal = false,
  valueFormatter = formatNumber,
  empty,
}: {
  title: string;
  description?: ReactNode;
  rows: readonly Row[];
  /** The row field that names each bar. */
  labelKey: keyof Row & string;
  series: BarChartSeries[];
  columns: TableColumn<Row>[];
  /**
   * Bars across the card, each named on its own line: for long names (teams, activities) and for
   * more than two bars, whose names side by side would not fit a phone's width.
   */
  horizontal?: boolean;
  valueFormatter?: (value: number) => string;
  /** Said instead of the chart and the table when there are no rows. */
  empty: string;
}) {
  const [asTable, setAsTable] = useState(false);
  const table = (scrollable: boolean) => (
    <DataTable
      caption={title}
      columns={columns}
      rows={rows}
      rowKey={(row) => String(row[labelKey])}
      scrollable={scrollable}
    />
  );
  return (
    <OverviewCard
      title={title}
      description={description}
      actions={
        rows.length > 0 && (
          <Button
            size="xs"
            variant={asTable ? "filled" : "default"}
            leftSection={<IconTable size={14} aria-hidden />}
            aria-pressed={asTable}
            aria-label={`Show as table: ${title}`}
            onClick={() => setAsTable((value) => !value)}
          >
            Show as table
          </Button>
        )
      }
    >
      {rows.length === 0 ? (
        <EmptyState>{empty}</EmptyState>
      ) : asTable ? (
        table(true)
      ) : (
        <>
          <Box aria-hidden data-testid="analytics-chart">
            <BarChart
              h={horizontal ? Math.max(CHART_HEIGHT, rows.length * 36 + 40) : CHART_HEIGHT}
              data={rows as unknown as Record<string, unknown>[]}
              dataKey={labelKey}
              series={series}
              orientation={horizontal ? "vertical" : "horizontal"}
              // Every bar keeps its label: the axis never drops one to make room.
              xAxisProps={horizontal ? undefined : { interval: 0 }}
              yAxisProps={horizontal ? { width: 120, interval: 0 } : undefined}
              tickLine="none"
              gridAxis={horizontal ? "x" : "y"}
              valueFormatter={valueFormatter}
              withLegend={series.length > 1}
              textColor="gray.8"
              tooltipAnimationDuration={0}
              // The drawing is hidden from screen readers (the table says it all), so it takes no focus either.
              accessibilityLayer={false}
            />
          </Box>
          <VisuallyHidden>{table(false)}</VisuallyHidden>
        </>
      )}
    </OverviewCard>
  );
}

// ---------------------------------------------------------------------------------------------
// The overview's parts
// ---------------------------------------------------------------------------------------------

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

function OverviewFigures({ overview }: { overview: AnalyticsOverviewData }) {
  const submitted = overview.funnel.find((entry) => entry.stage === "submitted")?.count ?? 0;
  const funnel = overview.funnel.map((entry) => ({
    stage: ANALYTICS_FUNNEL_LABELS[entry.stage],
    Ideas: entry.count,
    share: submitted === 0 ? null : entry.count / submitted,
  }));
  const byStatus = overview.by_status.map((entry) => ({
    status: IDEA_STATUS_LABELS[entry.status],
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
    status: ACTION_STATUS_LABELS[entry.status],
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
          empty="No idea was submitted in this period."
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
          empty="No idea was submitted in this period."
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
          empty="No idea was submitted in this period."
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

/**
 * The administrators' analytics overview (Company Settings): a period (the last 30 days, this
 * quarter, this year or custom days) and optionally one team; the ideas funnel, ideas by status and
 * by team, participation, review times, the reviewers' backlog, actions, challenges and top
 * contributors for it; and the ideas of the period as a CSV file. Loaded with its chart library
 * when the section first renders.
 */
export function AnalyticsOverview() {
  const [filters, setFilters] = useState<Filters>({ period: "30d", from: "", to: "", team: ALL_TEAMS });
  const { query, errors } = queryOf(filters);
  const overview = useAnalyticsOverview(query);
  const data = overview.data;

  return (
    <Stack gap="md">
      <FilterBar
        filters={filters}
        errors={errors}
        onChange={setFilters}
        resolvedPeriod={data ? { from: data.period.from, to: data.period.to } : undefined}
      />
      {query === null ? (
        <Text size="sm" c="gray.7">
          Choose the from and to days of the period to see its figures.
        </Text>
      ) : overview.isError ? (
        <ErrorState
          message={`Could not load the analytics. ${errorMessageOf(overview.error)}`}
          onRetry={() => void overview.refetch()}
        />
      ) : !data ? (
        <LoadingState label="Loading the analytics..." />
      ) : (
        <Stack gap="md" aria-busy={overview.isPlaceholderData || undefined}>
          <Group justify="space-between" align="center" wrap="wrap" gap="xs">
            <Text size="sm" role="status">
              {overview.isPlaceholderData
                ? "Loading the analytics..."
                : `From ${formatCalendarDay(data.period.from)} to ${formatCalendarDay(data.period.to)}, ${data.team ? `team ${data.team.name}` : "all teams"}.`}
            </Text>
            {!overview.isPlaceholderData && <CsvDownload query={query} period={data.period} />}
          </Group>
          <OverviewFigures overview={data} />
        </Stack>
      )}
    </Stack>
  );
}
