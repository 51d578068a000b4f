import { Stack, Tabs } from "@mantine/core";
import { lazy, Suspense } from "react";
import { LoadingState } from "../../components/loading-state.tsx";
import { AnalyticsOverviewSection } from "../../features/analytics/analytics-overview-section.tsx";
import { AUDIT_LOG_TEXTS } from "../../features/audit-log/audit-log.texts.ts";
import { AuditLogSection } from "../../features/audit-log/audit-log-section.tsx";
import { CalendarCompanySettingsSection } from "../../features/calendar/calendar-company-settings-section.tsx";
import { PointsRulesSection } from "../../features/company-portal/points/points-rules-form.tsx";
import { EVALUATION_SETTINGS_TEXTS, EvaluationSettingsSection } from "../../features/evaluation/index.ts";
import { ProposedChallenges } from "../../features/ideas/proposed-challenges.tsx";
import { ChannelsSection, INTEGRATIONS_TEXTS, WebhooksSection } from "../../features/integrations/index.ts";
import { PROVISIONING_TEXTS } from "../../features/provisioning/provisioning.texts.ts";
import { ProvisioningSection } from "../../features/provisioning/provisioning-section.tsx";
import { SSO_SETTINGS_TEXTS } from "../../features/sso/sso.texts.ts";
import { SsoSettingsSection } from "../../features/sso/sso-settings-section.tsx";
import { TAG_SETTINGS_MESSAGES } from "../../features/tags/tags.texts.ts";
import { CompanyDetailsSection } from "../../features/teams/company-details-section.tsx";
import { TeamManagementSection } from "../../features/teams/team-management-section.tsx";
import { UserManagementSection } from "../../features/teams/user-management-section.tsx";
import { t } from "../../lib/i18n.ts";
import { SETTINGS_TEXTS } from "../app.texts.ts";

/** The AI analysis switch and its request code, loaded when Company Settings first renders it. */
const AiAnalysisSettingsSection = lazy(async () => ({
  default: (await import("../../features/ai-analysis/ai-analysis-settings-section.tsx")).AiAnalysisSettingsSection,
}));

/** The tag vocabulary's administration, loaded when its tab first opens. */
const TagsSettingsSection = lazy(async () => ({
  default: (await import("../../features/tags/tags-settings-section.tsx")).TagsSettingsSection,
}));

/** Company settings (admins): the company, points rules, teams, users, proposed challenges, the audit log, sign-in, provisioning, integrations, analytics. */
export function CompanySettings() {
  return (
    <Stack gap="lg">
      <CompanyDetailsSection />
      <PointsRulesSection />
      <CalendarCompanySettingsSection />
      <Suspense fallback={<LoadingState label={t(SETTINGS_TEXTS.loadingAiSettings)} />}>
        <AiAnalysisSettingsSection />
      </Suspense>
      <Tabs defaultValue="people" keepMounted={false}>
        <Tabs.List aria-label={t(SETTINGS_TEXTS.companyAdministration)}>
          <Tabs.Tab value="people">{t(SETTINGS_TEXTS.teamsAndUsers)}</Tabs.Tab>
          <Tabs.Tab value="proposed-challenges" data-tour="proposed-challenges-tab">
            {t(SETTINGS_TEXTS.proposedChallenges)}
          </Tabs.Tab>
          <Tabs.Tab value="evaluation">{t(EVALUATION_SETTINGS_TEXTS.title)}</Tabs.Tab>
          <Tabs.Tab value="tags">{t(TAG_SETTINGS_MESSAGES.tab)}</Tabs.Tab>
          <Tabs.Tab value="audit-log">{t(AUDIT_LOG_TEXTS.tab)}</Tabs.Tab>
          <Tabs.Tab value="sign-in">{t(SSO_SETTINGS_TEXTS.tab)}</Tabs.Tab>
          <Tabs.Tab value="provisioning">{t(PROVISIONING_TEXTS.tab)}</Tabs.Tab>
          <Tabs.Tab value="integrations">{t(INTEGRATIONS_TEXTS.tab)}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="people" pt="md">
          <Stack gap="lg">
            <TeamManagementSection />
            <UserManagementSection />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="proposed-challenges" pt="md">
          <ProposedChallenges isTourTarget={false} headingOrder={3} />
        </Tabs.Panel>
        <Tabs.Panel value="evaluation" pt="md">
          <EvaluationSettingsSection />
        </Tabs.Panel>
        <Tabs.Panel value="tags" pt="md">
          <Suspense fallback={<LoadingState label={t(TAG_SETTINGS_MESSAGES.loading)} />}>
            <TagsSettingsSection />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="audit-log" pt="md">
          <AuditLogSection />
        </Tabs.Panel>
        <Tabs.Panel value="sign-in" pt="md">
          <SsoSettingsSection />
        </Tabs.Panel>
        <Tabs.Panel value="provisioning" pt="md">
          <ProvisioningSection />
        </Tabs.Panel>
        <Tabs.Panel value="integrations" pt="md">
          <Stack gap="lg">
            <ChannelsSection teamId={null} />
            <WebhooksSection />
          </Stack>
        </Tabs.Panel>
      </Tabs>
      <AnalyticsOverviewSection />
    </Stack>
  );
}
