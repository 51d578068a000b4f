import { Stack } from "@mantine/core";
import { RedemptionQueueSection } from "./rewards/redemption-queue-section.tsx";
import { RewardsSection } from "./rewards/rewards-section.tsx";

/** The rewards catalogue and the caller's redemptions; for administrators, the redemption requests too. */
export function RewardsSections({ manage }: { manage: boolean }) {
  return (
    <Stack gap="lg">
      <RewardsSection manage={manage} />
      {manage && <RedemptionQueueSection />}
    </Stack>
  );
}
