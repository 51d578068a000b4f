import {
  ANALYTICS_CSV_BYTE_ORDER_MARK,
  type AnalyticsQuery,
  analyticsCsvFileName,
  analyticsEndpoints,
  analyticsQueryString,
} from "@ideaport/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiClient } from "../../lib/api-client.ts";

export const analyticsKeys = {
  all: ["analytics"] as const,
  overview: (query: AnalyticsQuery) => [...analyticsKeys.all, "overview", analyticsQueryString(query)] as const,
};

/**
 * `GET /api/analytics/overview/?period=&from=&to=&team=` for a valid query; `null` fetches
 * nothing (a custom period still being typed). The figures shown stay while the next ones load.
 */
export function useAnalyticsOverview(query: AnalyticsQuery | null) {
  return useQuery({
    queryKey: analyticsKeys.overview(query ?? {}),
    queryFn: async ({ signal }) =>
      (await apiClient.call(analyticsEndpoints.analyticsOverview, undefined, { query: query ?? {}, signal })).overview,
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}

/** Where the ideas export of `query` is: `/api/analytics/ideas.csv?period=…`. */
export function ideasCsvUrl(query: AnalyticsQuery): string {
  const search = analyticsQueryString(query);
  return search === ""
    ? analyticsEndpoints.analyticsIdeasCsv.path
    : `${analyticsEndpoints.analyticsIdeasCsv.path}?${search}`;
}

/**
 * Downloads the ideas export of `query` as `ideas-{from}-to-{to}.csv`. The API answers signed-in
 * calls only (a bearer token, which a plain link does not send), so the file is fetched through
 * the API client and handed to the browser as a download.
 */
export async function downloadIdeasCsv(query: AnalyticsQuery, period: { from: string; to: string }): Promise<void> {
  const csv = await apiClient.call(analyticsEndpoints.analyticsIdeasCsv, undefined, { query });
  // Reading the answer as text dropped the byte-order mark the file starts with: it goes back.
  const file = csv.startsWith(ANALYTICS_CSV_BYTE_ORDER_MARK) ? csv : `${ANALYTICS_CSV_BYTE_ORDER_MARK}${csv}`;
  const url = URL.createObjectURL(new Blob([file], { type: "text/csv;charset=utf-8" }));
  try {
    const link = document.createElement("a");
    link.href = url;
    link.download = analyticsCsvFileName(period.from, period.to);
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The browser has taken the file once the click is handled.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
