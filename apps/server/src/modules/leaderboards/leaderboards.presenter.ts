import type { LeaderboardEntry } from "@ideaport/shared";
import type { BoardRow } from "./leaderboards.repository.ts";

export function presentEntry(row: BoardRow): LeaderboardEntry {
  return {
    rank: row.rank,
    id: row.id,
    name: row.name,
    points: row.points,
    ...(row.teamName ? { team_name: row.teamName } : {}),
  };
}
