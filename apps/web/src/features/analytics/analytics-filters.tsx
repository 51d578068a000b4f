import {
  ANALYTICS_PERIODS,
  type AnalyticsPeriod,
  type AnalyticsQuery,
  AnalyticsQuerySchema,
  translateSchemaMessage,
} from "@ideaport/shared";
import { Group, NativeSelect, TextInput } from "@mantine/core";
import { t } from "../../lib/i18n.ts";
import { TEAMS_TEXTS, useTeams } from "../teams/index.ts";
import { ANALYTICS_OVERVIEW_MESSAGES, ANALYTICS_PERIOD_LABELS } from "./analytics.texts.ts";

/** The team menu's entry for the whole company. */
export const ALL_TEAMS = "";

export interface Filters {
  period: AnalyticsPeriod;
  from: string;
  to: string;
  team: string;
}

/** The filters as the API's query, or the custom days' errors (in the shared contract's words). */
export function queryOf(filters: Filters): { query: AnalyticsQuery | null; errors: { from?: string; to?: string } } {
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
    if ((field === "from" || field === "to") && errors[field] === undefined)
      errors[field] = translateSchemaMessage(issue.message, t);
  }
  return { query: null, errors };
}

export function FilterBar({
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
    { value: ALL_TEAMS, label: t(ANALYTICS_OVERVIEW_MESSAGES.allTeams) },
    ...(teams.data?.teams ?? []).map((team) => ({ value: team.id, label: team.name })),
  ];
  return (
    <Group align="flex-start" gap="sm" wrap="wrap">
      <NativeSelect
        label={t(ANALYTICS_OVERVIEW_MESSAGES.period)}
        data={ANALYTICS_PERIODS.map((period) => ({ value: period, label: t(ANALYTICS_PERIOD_LABELS[period]) }))}
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
            label={t(ANALYTICS_OVERVIEW_MESSAGES.from)}
            type="date"
            required
            value={filters.from}
            error={errors.from}
            onChange={(event) => onChange({ ...filters, from: event.currentTarget.value })}
          />
          <TextInput
            label={t(ANALYTICS_OVERVIEW_MESSAGES.to)}
            type="date"
            required
            value={filters.to}
            error={errors.to}
            onChange={(event) => onChange({ ...filters, to: event.currentTarget.value })}
          />
        </>
      )}
      <NativeSelect
        label={t(TEAMS_TEXTS.team)}
        data={teamOptions}
        value={filters.team}
        onChange={(event) => onChange({ ...filters, team: event.currentTarget.value })}
        miw={200}
      />
    </Group>
  );
}
