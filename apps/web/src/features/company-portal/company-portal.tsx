import { isAdmin } from "@ideaport/shared";
import { Container, Grid, Stack } from "@mantine/core";
import { lazy } from "react";
import { LoadingSuspense } from "../../components/loading-state.tsx";
import { PageHeading } from "../../components/page-heading.tsx";
import { usePageTitle } from "../../components/use-page-title.ts";
import { useScrollToHash } from "../../components/use-scroll-to-hash.ts";
import { useAuth } from "../../lib/auth-provider.tsx";
import { t } from "../../lib/i18n.ts";
import { PORTAL_MESSAGES, REWARDS_MESSAGES } from "./company-portal.texts.ts";
import { NewsSection } from "./news/news-section.tsx";

/** The points and leaderboards beside the news, and the rewards below: their chunks load as the page renders. */
const PortalStandings = lazy(async () => ({ default: (await import("./portal-standings.tsx")).PortalStandings }));
const RewardsSections = lazy(async () => ({ default: (await import("./rewards-sections.tsx")).RewardsSections }));

/** Pixels the points and leaderboard hold while their code loads: about the balance and ten rows. */
const STANDINGS_LOADING_HEIGHT = 640;
/** Pixels the rewards hold while their code loads: about one row of reward cards. */
const REWARDS_LOADING_HEIGHT = 280;

/**
 * The Company Portal, for every role: company news by category, the caller's points, the
 * leaderboards and the rewards to redeem. Administrators also publish news, keep the rewards
 * catalogue and handle redemption requests. `audience` picks the page's onboarding tour:
 * managers (who are not administrators) are shown where news gets published.
 */
export function CompanyPortal({ audience }: { audience: "employee" | "manager" }) {
  usePageTitle(t(PORTAL_MESSAGES.title));
  useScrollToHash();
  const { user } = useAuth();
  const manage = user ? isAdmin(user) : false;
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <PageHeading title={t(PORTAL_MESSAGES.title)} intro={t(PORTAL_MESSAGES.intro)} />
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <NewsSection manage={manage} showPublishHint={audience === "manager" && !manage} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <LoadingSuspense label={t(PORTAL_MESSAGES.loadingStandings)} minHeight={STANDINGS_LOADING_HEIGHT}>
              <PortalStandings />
            </LoadingSuspense>
          </Grid.Col>
        </Grid>
        <LoadingSuspense label={t(REWARDS_MESSAGES.loading)} minHeight={REWARDS_LOADING_HEIGHT}>
          <RewardsSections manage={manage} />
        </LoadingSuspense>
      </Stack>
    </Container>
  );
}
