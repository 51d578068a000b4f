import type { AnalyticsTeamCount } from "@ideaport/shared";
import { formatNumber, formatPercent } from "../../lib/format.ts";

/** A share from 0 to 1 as a percentage; "–" when there was nothing to divide by. */
export const formatShare = (share: number | null) => (share === null ? "–" : formatPercent(share));

/** A duration in hours as people say it: hours up to two days, days beyond; "–" without ideas. */
export function formatHours(hours: number | null): string {
  if (hours === null) return "–";
  if (hours < 48) return `${formatNumber(Math.round(hours * 10) / 10)} hours`;
  return `${formatNumber(Math.round((hours / 24) * 10) / 10)} days`;
}

export const teamName = (entry: AnalyticsTeamCount) => entry.team_name ?? "No team";
