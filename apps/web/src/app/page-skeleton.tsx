import { ROUTES } from "@ideaport/shared";
import { Container, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { PageHeading } from "../components/page-heading.tsx";
import { PORTAL_MESSAGES } from "../features/company-portal/company-portal.texts.ts";
import { PAGE_MESSAGES } from "../features/ideas/ideas.texts.ts";
import { t } from "../lib/i18n.ts";
import { SettingsHeading } from "./screens/settings-heading.tsx";

/** An ideas or portal page's top: its heading, where the page shows it. */
function headed(title: string, intro: string): ReactNode {
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <PageHeading title={title} intro={intro} />
      </Stack>
    </Container>
  );
}

/** What a signed-in page shows of itself before anyone is known: its heading. */
function firstContentOf(path: string): ReactNode {
  switch (path) {
    case ROUTES.employeeIdeas:
      return headed(t(PAGE_MESSAGES.employeeTitle), t(PAGE_MESSAGES.employeeIntro));
    case ROUTES.managerIdeas:
      return headed(t(PAGE_MESSAGES.managerTitle), t(PAGE_MESSAGES.managerIntro));
    case ROUTES.employeeCompany:
    case ROUTES.managerCompany:
      return headed(t(PORTAL_MESSAGES.title), t(PORTAL_MESSAGES.intro));
    case ROUTES.settings:
    case ROUTES.settingsType:
      return (
        <Container size="lg" pt="xl" pb="xl">
          <SettingsHeading />
        </Container>
      );
    default:
      return null;
  }
}

/**
 * The first screen of a signed-in page, which its HTML carries (scripts/route-pages.ts): the
 * signed-in frame (app-layout.tsx) with its header bar still empty, and the page's heading in
 * place, so the app's page takes its place without a shift (lib/first-screen.ts).
 */
export function PageSkeleton({ path }: { path: string }) {
  return (
    <div className="ip-app-shell">
      <header className="ip-app-shell__header" />
      <main className="ip-app-shell__main">{firstContentOf(path)}</main>
    </div>
  );
}
