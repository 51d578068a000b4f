import type { AnalyticsQuery } from "@ideaport/shared";
import { DownloadLink } from "../../components/download-link.tsx";
import { downloadIdeasCsv, ideasCsvUrl } from "./analytics.queries.ts";
import { ANALYTICS_OVERVIEW_MESSAGES } from "./analytics.texts.ts";

const TEXTS = {
  download: ANALYTICS_OVERVIEW_MESSAGES.download,
  preparing: ANALYTICS_OVERVIEW_MESSAGES.preparing,
  failed: ANALYTICS_OVERVIEW_MESSAGES.downloadFailed,
};

/** The export of the ideas the filters cover. */
export function CsvDownload({ query, period }: { query: AnalyticsQuery; period: { from: string; to: string } }) {
  return <DownloadLink href={ideasCsvUrl(query)} download={() => downloadIdeasCsv(query, period)} texts={TEXTS} />;
}
