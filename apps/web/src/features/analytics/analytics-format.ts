import type { AnalyticsTeamCount } from "@ideaport/shared";
import { formatNumber, formatPercent } from "../../lib/format.ts";
import { t } from "../../lib/i18n.ts";
import { TEAMS_TEXTS } from "../teams/index.ts";
import { ANALYTICS_TEXTS } from "./analytics.texts.ts";

/** A share from 0 to 1 as a percentage; "–" when there was nothing to divide by. */
export const formatShare = (share: number | null) => (share === null ? "–" : formatPercent(share));

/** A duration in hours as people say it: hours up to two days, days beyond; "–" without ideas. */
export function formatHours(hours: number | null): string {
  if (hours === null) return "–";
  if (hours < 48) return t(ANALYTICS_TEXTS.hours, { hours: formatNumber(Math.round(hours * 10) / 10) });
  return t(ANALYTICS_TEXTS.days, { days: formatNumber(Math.round((hours / 24) * 10) / 10) });
}

export const teamName = (entry: AnalyticsTeamCount) => entry.team_name ?? t(TEAMS_TEXTS.noTeam);
