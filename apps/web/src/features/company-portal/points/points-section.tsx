import { describePointsRules, type PointHistoryEntry, pointHistoryReasonLabel, pointsText } from "@ideaport/shared";
import { Box, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useId } from "react";
import { EmptyState } from "../../../components/empty-state.tsx";
import { QueryStates } from "../../../components/query-states.tsx";
import { formatDate, toValidDate } from "../../../lib/format.ts";
import { t } from "../../../lib/i18n.ts";
import { POINTS_SECTION_MESSAGES, PORTAL_COMMON_MESSAGES } from "../company-portal.texts.ts";
import { useMyPoints, usePointsRules } from "./points.queries.ts";

/** Pixels the section holds while the points load: the balance and a few history lines. */
const POINTS_LOADING_HEIGHT = 160;

/** A change of the balance with its sign: "+20", "−100" (a true minus sign), "0". */
export function signedPoints(delta: number): string {
  if (delta > 0) return `+${delta}`;
  if (delta < 0) return `\u2212${Math.abs(delta)}`;
  return "0";
}

function HistoryDate({ value }: { value: string }) {
  const date = toValidDate(value);
  if (!date) return null;
  return (
    <Text component="time" dateTime={value} size="xs" c="gray.7">
      {formatDate(date)}
    </Text>
  );
}

function HistoryEntry({ entry }: { entry: PointHistoryEntry }) {
  return (
    <Group component="li" justify="space-between" align="center" gap="sm" wrap="nowrap" py={6}>
      <Stack gap={0}>
        <Text size="sm" fw={500}>
          {t(pointHistoryReasonLabel(entry.reason))}
        </Text>
        <HistoryDate value={entry.created_at} />
      </Stack>
      <Text
        size="sm"
        fw={700}
        c={entry.delta > 0 ? "green.9" : entry.delta < 0 ? "red.9" : "gray.7"}
        style={{ fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" }}
      >
        {signedPoints(entry.delta)}
      </Text>
    </Group>
  );
}

/** What a person without points reads: how they earn some, by the company's rules. */
function NoPointsYet() {
  const rules = usePointsRules();
  return (
    <EmptyState>
      {t(POINTS_SECTION_MESSAGES.none)}{" "}
      {rules.isSuccess
        ? describePointsRules(rules.data, t)
        : rules.isError
          ? t(POINTS_SECTION_MESSAGES.howToEarn)
          : null}
    </EmptyState>
  );
}

/** The caller's points: the balance, then the history (newest first), one page at a time. */
export function PointsSection() {
  const headingId = useId();
  const historyHeadingId = useId();
  const points = useMyPoints();
  const pages = points.data?.pages ?? [];
  const balance = pages[0]?.balance ?? 0;
  const history = pages.flatMap((page) => page.history);

  return (
    <Paper component="section" withBorder p="lg" radius="md" aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={2} size="h3" id={headingId}>
          {t(POINTS_SECTION_MESSAGES.title)}
        </Title>
        <QueryStates
          query={points}
          loading={t(POINTS_SECTION_MESSAGES.loading)}
          loadingHeight={POINTS_LOADING_HEIGHT}
          failure={t(POINTS_SECTION_MESSAGES.loadFailed)}
        >
          {() => (
            <>
              <Text fz={28} fw={800} lh={1.2} c="brand.8" style={{ fontVariantNumeric: "tabular-nums" }}>
                {pointsText(balance, t)}
              </Text>
              {history.length === 0 ? (
                <NoPointsYet />
              ) : (
                <Stack gap={4}>
                  <Title order={3} size="h5" id={historyHeadingId}>
                    {t(POINTS_SECTION_MESSAGES.history)}
                  </Title>
                  <Box component="ul" aria-labelledby={historyHeadingId} m={0} p={0} style={{ listStyle: "none" }}>
                    {history.map((entry, index) => (
                      <HistoryEntry
                        // The ledger answers no id; an entry's place in the history is stable while it is shown.
                        // biome-ignore lint/suspicious/noArrayIndexKey: see above.
                        key={`${entry.created_at}-${index}`}
                        entry={entry}
                      />
                    ))}
                  </Box>
                  {points.isFetchNextPageError && (
                    <Text size="sm" c="red.9" role="alert">
                      {t(POINTS_SECTION_MESSAGES.historyMoreFailed)}
                    </Text>
                  )}
                  {points.hasNextPage && (
                    <Group>
                      <Button
                        variant="default"
                        size="xs"
                        onClick={() => void points.fetchNextPage()}
                        loading={points.isFetchingNextPage}
                      >
                        {t(PORTAL_COMMON_MESSAGES.loadMore)}
                      </Button>
                    </Group>
                  )}
                </Stack>
              )}
            </>
          )}
        </QueryStates>
      </Stack>
    </Paper>
  );
}
