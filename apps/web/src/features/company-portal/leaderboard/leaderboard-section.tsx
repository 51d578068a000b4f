import { type LeaderboardBoard, type LeaderboardEntry, type LeaderboardPeriod, pointsText } from "@ideaport/shared";
import { Badge, Group, NativeSelect, Paper, SegmentedControl, Stack, Table, Text, Title } from "@mantine/core";
import { useId, useState } from "react";
import { EmptyState } from "../../../components/empty-state.tsx";
import { QueryStates } from "../../../components/query-states.tsx";
import { ScrollableTable } from "../../../components/scrollable-table.tsx";
import { useAuth } from "../../../lib/auth-provider.tsx";
import { t } from "../../../lib/i18n.ts";
import type { SessionUser } from "../../../lib/session.ts";
import { useLeaderboard } from "./leaderboards.queries.ts";

/** Pixels the board holds while its first answer loads: a few rows. */
const LEADERBOARD_LOADING_HEIGHT = 240;

const BOARD_OPTIONS: { value: LeaderboardBoard; label: string }[] = [
  { value: "employees", label: "Employees" },
  { value: "managers", label: "Managers" },
  { value: "teams", label: "Teams" },
];

const PERIOD_OPTIONS: { value: LeaderboardPeriod; label: string }[] = [
  { value: "week", label: "This week" },
  { value: "month", label: "This month" },
  { value: "quarter", label: "This quarter" },
  { value: "year", label: "This year" },
  { value: "all", label: "All time" },
];

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
    <ScrollableTable label="Leaderboard table" minWidth={220}>
      <Table aria-label="Leaderboard" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w={52}>
              Rank
            </Table.Th>
            <Table.Th scope="col">Name</Table.Th>
            {showsTeam && (
              <Table.Th scope="col" visibleFrom="sm">
                Team
              </Table.Th>
            )}
            <Table.Th scope="col" ta="right">
              Points
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
                      You
                    </Badge>
                  )}
                  {/* A phone has no room for the team column: the team goes under the name. */}
                  {showsTeam && (
                    <Text hiddenFrom="sm" size="xs" c="gray.7" fw={400} aria-hidden>
                      {entry.team_name ?? "No team"}
                    </Text>
                  )}
                </Table.Th>
                {showsTeam && (
                  <Table.Td
                    visibleFrom="sm"
                    c={entry.team_name ? undefined : "gray.7"}
                    style={{ overflowWrap: "break-word" }}
                  >
                    {entry.team_name ?? "No team"}
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
          Leaderboard
        </Title>
        <Group role="group" aria-label="Leaderboard filter" data-tour="leaderboard-filter" gap="md" align="flex-end">
          <Stack gap={4}>
            <Text id={boardLabelId} size="sm" fw={500}>
              Board
            </Text>
            <SegmentedControl
              aria-labelledby={boardLabelId}
              size="sm"
              value={board}
              onChange={(value) => setBoard(value as LeaderboardBoard)}
              data={BOARD_OPTIONS}
            />
          </Stack>
          <NativeSelect
            label="Period"
            size="sm"
            value={period}
            onChange={(event) => setPeriod(event.currentTarget.value as LeaderboardPeriod)}
            data={PERIOD_OPTIONS}
          />
        </Group>
        <QueryStates
          query={leaderboard}
          loading="Loading the leaderboard..."
          loadingHeight={LEADERBOARD_LOADING_HEIGHT}
          failure="Could not load the leaderboard."
        >
          {(board) => (
            // While another board or period loads, the one shown stays, faded and marked busy.
            <Stack
              gap="sm"
              aria-busy={leaderboard.isPlaceholderData || undefined}
              style={{ opacity: leaderboard.isPlaceholderData ? 0.6 : 1, transition: "opacity 150ms" }}
            >
              {board.entries.length === 0 ? (
                <EmptyState>No points earned in this period yet.</EmptyState>
              ) : (
                <LeaderboardTable board={board.board} entries={board.entries} user={user} />
              )}
              {board.me && !isOwnListed && (
                <Text size="sm" fw={600}>
                  Your place: #{board.me.rank} with {pointsText(board.me.points, t)}
                </Text>
              )}
            </Stack>
          )}
        </QueryStates>
      </Stack>
    </Paper>
  );
}
