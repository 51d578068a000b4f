import { type LeaderboardBoard, type LeaderboardEntry, type LeaderboardPeriod, pointsText } from "@ideaport/shared";
import { Badge, Group, NativeSelect, Paper, SegmentedControl, Stack, Table, Text, Title } from "@mantine/core";
import { useId, useState } from "react";
import { EmptyState } from "../../../components/empty-state.tsx";
import { QueryStates } from "../../../components/query-states.tsx";
import { ScrollableTable } from "../../../components/scrollable-table.tsx";
import { useAuth } from "../../../lib/auth-provider.tsx";
import { t } from "../../../lib/i18n.ts";
import type { SessionUser } from "../../../lib/session.ts";
import { LEADERBOARD_BOARD_LABELS, LEADERBOARD_MESSAGES, LEADERBOARD_PERIOD_LABELS } from "../company-portal.texts.ts";
import { useLeaderboard } from "./leaderboards.queries.ts";

/** Pixels the board holds while its first answer loads: a few rows. */
const LEADERBOARD_LOADING_HEIGHT = 240;

const BOARDS: readonly LeaderboardBoard[] = ["employees", "managers", "teams"];
const PERIODS: readonly LeaderboardPeriod[] = ["week", "month", "quarter", "year", "all"];

/** The period a board opens with. */
export const DEFAULT_LEADERBOARD_PERIOD: LeaderboardPeriod = "month";

/** The caller's own row: their own on the people boards, their first team's on the teams board. */
function isOwnEntry(board: LeaderboardBoard, entry: LeaderboardEntry, user: SessionUser | null): boolean {
  if (!user) return false;
  return board === "teams" ? entry.id === user.team[0]?.id : entry.id === user.id;
}

function LeaderboardTable({
  board,
  entries,
  user,
}: {
  board: LeaderboardBoard;
  entries: LeaderboardEntry[];
  user: SessionUser | null;
}) {
  const showsTeam = board !== "teams";
  return (
    <ScrollableTable label={t(LEADERBOARD_MESSAGES.tableRegion)} minWidth={220}>
      <Table aria-label={t(LEADERBOARD_MESSAGES.title)} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w={52}>
              {t(LEADERBOARD_MESSAGES.rank)}
            </Table.Th>
            <Table.Th scope="col">{t(LEADERBOARD_MESSAGES.name)}</Table.Th>
            {showsTeam && (
              <Table.Th scope="col" visibleFrom="sm">
                {t(LEADERBOARD_MESSAGES.team)}
              </Table.Th>
            )}
            <Table.Th scope="col" ta="right">
              {t(LEADERBOARD_MESSAGES.points)}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => {
            const isOwn = isOwnEntry(board, entry, user);
            return (
              <Table.Tr
                key={entry.id}
                aria-current={isOwn ? "true" : undefined}
                bg={isOwn ? "var(--mantine-color-brand-light)" : undefined}
              >
                <Table.Td style={{ fontVariantNumeric: "tabular-nums" }}>{entry.rank}</Table.Td>
                <Table.Th scope="row" fw={isOwn ? 700 : 500} style={{ overflowWrap: "break-word" }}>
                  {entry.name}
                  {isOwn && (
                    <Badge size="sm" variant="filled" color="brand.8" ml={6} tt="none">
                      {t(LEADERBOARD_MESSAGES.you)}
                    </Badge>
                  )}
                  {/* A phone has no room for the team column: the team goes under the name. */}
                  {showsTeam && (
                    <Text hiddenFrom="sm" size="xs" c="gray.7" fw={400} aria-hidden>
                      {entry.team_name ?? t(LEADERBOARD_MESSAGES.noTeam)}
                    </Text>
                  )}
                </Table.Th>
                {showsTeam && (
                  <Table.Td
                    visibleFrom="sm"
                    c={entry.team_name ? undefined : "gray.7"}
                    style={{ overflowWrap: "break-word" }}
                  >
                    {entry.team_name ?? t(LEADERBOARD_MESSAGES.noTeam)}
                  </Table.Td>
                )}
                <Table.Td ta="right" fw={600} style={{ fontVariantNumeric: "tabular-nums" }}>
                  {entry.points}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollableTable>
  );
}

/**
 * Who earns the most points: employees, managers or teams, over a period. Ties share a rank as
 * the server answers them; the caller's own row is marked, and when they are not among the rows
 * shown, their place is said below.
 */
export function LeaderboardSection() {
  const headingId = useId();
  const boardLabelId = useId();
  const { user } = useAuth();
  const [board, setBoard] = useState<LeaderboardBoard>("employees");
  const [period, setPeriod] = useState<LeaderboardPeriod>(DEFAULT_LEADERBOARD_PERIOD);
  const leaderboard = useLeaderboard(board, period);
  const shown = leaderboard.data;
  const isOwnListed = shown ? shown.entries.some((entry) => isOwnEntry(shown.board, entry, user)) : false;

  return (
    <Paper component="section" withBorder p="lg" radius="md" aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={2} size="h3" id={headingId} data-tour="leaderboard">
          {t(LEADERBOARD_MESSAGES.title)}
        </Title>
        <Group
          role="group"
          aria-label={t(LEADERBOARD_MESSAGES.filter)}
          data-tour="leaderboard-filter"
          gap="md"
          align="flex-end"
        >
          <Stack gap={4} miw={0}>
            <Text id={boardLabelId} size="sm" fw={500}>
              {t(LEADERBOARD_MESSAGES.board)}
            </Text>
            <SegmentedControl
              aria-labelledby={boardLabelId}
              size="sm"
              value={board}
              onChange={(value) => setBoard(value as LeaderboardBoard)}
              data={BOARDS.map((value) => ({ value, label: t(LEADERBOARD_BOARD_LABELS[value]) }))}
            />
          </Stack>
          <NativeSelect
            label={t(LEADERBOARD_MESSAGES.period)}
            size="sm"
            value={period}
            onChange={(event) => setPeriod(event.currentTarget.value as LeaderboardPeriod)}
            data={PERIODS.map((value) => ({ value, label: t(LEADERBOARD_PERIOD_LABELS[value]) }))}
          />
        </Group>
        <QueryStates
          query={leaderboard}
          loading={t(LEADERBOARD_MESSAGES.loading)}
          loadingHeight={LEADERBOARD_LOADING_HEIGHT}
          failure={t(LEADERBOARD_MESSAGES.loadFailed)}
        >
          {(board) => (
            // While another board or period loads, the one shown stays, faded and marked busy.
            <Stack
              gap="sm"
              aria-busy={leaderboard.isPlaceholderData || undefined}
              style={{ opacity: leaderboard.isPlaceholderData ? 0.6 : 1, transition: "opacity 150ms" }}
            >
              {board.entries.length === 0 ? (
                <EmptyState>{t(LEADERBOARD_MESSAGES.empty)}</EmptyState>
              ) : (
                <LeaderboardTable board={board.board} entries={board.entries} user={user} />
              )}
              {board.me && !isOwnListed && (
                <Text size="sm" fw={600}>
                  {t(LEADERBOARD_MESSAGES.yourPlace, { rank: board.me.rank, points: pointsText(board.me.points, t) })}
                </Text>
              )}
            </Stack>
          )}
        </QueryStates>
      </Stack>
    </Paper>
  );
}
