import { Stack } from "@mantine/core";
import { LeaderboardSection } from "./leaderboard/leaderboard-section.tsx";
import { PointsSection } from "./points/points-section.tsx";

/** The caller's points and the leaderboards, beside the news. */
export function PortalStandings() {
  return (
    <Stack gap="lg">
      <PointsSection />
      <LeaderboardSection />
    </Stack>
  );
}
