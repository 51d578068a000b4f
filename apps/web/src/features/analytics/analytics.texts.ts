import type { AnalyticsPeriod } from "@ideaport/shared";

/** The period menu's entries. */
export const ANALYTICS_PERIOD_LABELS: Readonly<Record<AnalyticsPeriod, string>> = {
  "30d": "Last 30 days",
  quarter: "This quarter",
  year: "This year",
  custom: "Custom dates",
};

/** Words the overview says in more than one place. */
export const ANALYTICS_TEXTS = {
  loading: "Loading the analytics...",
  noIdeasSubmitted: "No idea was submitted in this period.",
} as const;
