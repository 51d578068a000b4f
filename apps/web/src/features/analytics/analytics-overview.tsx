import { Group, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { ErrorState } from "../../components/error-state.tsx";
import { LoadingState } from "../../components/loading-state.tsx";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { formatCalendarDay } from "../../lib/format.ts";
import { t } from "../../lib/i18n.ts";
import { useAnalyticsOverview } from "./analytics.queries.ts";
import { ANALYTICS_OVERVIEW_MESSAGES, ANALYTICS_TEXTS } from "./analytics.texts.ts";
import { ALL_TEAMS, FilterBar, type Filters, queryOf } from "./analytics-filters.tsx";
import { CsvDownload } from "./csv-download.tsx";
import { OverviewFigures } from "./overview-figures.tsx";

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
          {t(ANALYTICS_OVERVIEW_MESSAGES.chooseDays)}
        </Text>
      ) : overview.isError ? (
        <ErrorState
          message={t(ANALYTICS_OVERVIEW_MESSAGES.loadFailed, { reason: errorMessageOf(overview.error) })}
          onRetry={() => void overview.refetch()}
        />
      ) : !data ? (
        <LoadingState label={t(ANALYTICS_TEXTS.loading)} />
      ) : (
        <Stack gap="md" aria-busy={overview.isPlaceholderData || undefined}>
          <Group justify="space-between" align="center" wrap="wrap" gap="xs">
            <Text size="sm" role="status">
              {overview.isPlaceholderData
                ? t(ANALYTICS_TEXTS.loading)
                : data.team
                  ? t(ANALYTICS_OVERVIEW_MESSAGES.periodOfTeam, {
                      from: formatCalendarDay(data.period.from),
                      to: formatCalendarDay(data.period.to),
                      team: data.team.name,
                    })
                  : t(ANALYTICS_OVERVIEW_MESSAGES.periodOfAllTeams, {
                      from: formatCalendarDay(data.period.from),
                      to: formatCalendarDay(data.period.to),
                    })}
            </Text>
            {!overview.isPlaceholderData && <CsvDownload query={query} period={data.period} />}
          </Group>
          <OverviewFigures overview={data} />
        </Stack>
      )}
    </Stack>
  );
}
