import type { AnalyticsQuery } from "@ideaport/shared";
import { Anchor, Group, Stack } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useState } from "react";
import { ActionFeedback } from "../../components/action-feedback.tsx";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { t } from "../../lib/i18n.ts";
import { downloadIdeasCsv, ideasCsvUrl } from "./analytics.queries.ts";
import { ANALYTICS_OVERVIEW_MESSAGES } from "./analytics.texts.ts";

/**
 * The export of the ideas the filters cover. The link names the export's address; the click
 * fetches it signed in and saves it.
 */
export function CsvDownload({ query, period }: { query: AnalyticsQuery; period: { from: string; to: string } }) {
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
            .catch((failure: unknown) =>
              setError(t(ANALYTICS_OVERVIEW_MESSAGES.downloadFailed, { reason: errorMessageOf(failure) })),
            )
            .finally(() => setBusy(false));
        }}
        size="sm"
        fw={600}
      >
        <Group gap={6} wrap="nowrap" component="span">
          <IconDownload size={16} aria-hidden />
          {isBusy ? t(ANALYTICS_OVERVIEW_MESSAGES.preparing) : t(ANALYTICS_OVERVIEW_MESSAGES.download)}
        </Group>
      </Anchor>
      <ActionFeedback error={error} />
    </Stack>
  );
}
