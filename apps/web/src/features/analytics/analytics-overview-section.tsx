import { lazy } from "react";
import { LoadingSuspense } from "../../components/loading-state.tsx";
import { RenderWhenNear } from "../../components/render-when-near.tsx";
import { SettingsSection } from "../../components/settings-section.tsx";
import { t } from "../../lib/i18n.ts";
import { ANALYTICS_OVERVIEW_MESSAGES, ANALYTICS_TEXTS } from "./analytics.texts.ts";

/** The overview and its chart library, loaded when the section first renders them. */
const AnalyticsOverview = lazy(async () => ({
  default: (await import("./analytics-overview.tsx")).AnalyticsOverview,
}));

/** Pixels the overview holds until it renders and while its code loads: about the filters and the key figures. */
const ANALYTICS_LOADING_HEIGHT = 240;

/**
 * Company Settings' "Analytics overview", at the foot of the page: its figures and charts load and
 * render only once a person scrolls near them, so the page above shows and answers sooner.
 */
export function AnalyticsOverviewSection() {
  return (
    <SettingsSection
      title={t(ANALYTICS_OVERVIEW_MESSAGES.title)}
      description={t(ANALYTICS_OVERVIEW_MESSAGES.description)}
      dataTour="analytics-overview"
    >
      <RenderWhenNear minHeight={ANALYTICS_LOADING_HEIGHT}>
        <LoadingSuspense label={t(ANALYTICS_TEXTS.loading)} minHeight={ANALYTICS_LOADING_HEIGHT}>
          <AnalyticsOverview />
        </LoadingSuspense>
      </RenderWhenNear>
    </SettingsSection>
  );
}
