import { lazy } from "react";
import { usePageTitle } from "../../components/use-page-title.ts";
import { t } from "../../lib/i18n.ts";
import { AddChallenge } from "./add-challenge.tsx";
import { ChallengeList } from "./challenge-list.tsx";
import { PAGE_MESSAGES } from "./ideas.texts.ts";
import { IdeasPageLayout, LazySections } from "./ideas-page-layout.tsx";

/** The brain-dump box and the submissions (employee-ideas-sections.tsx): their chunk loads as the page renders. */
const EmployeeIdeasSections = lazy(async () => ({
  default: (await import("./employee-ideas-sections.tsx")).EmployeeIdeasSections,
}));

/**
 * /app/employee-ideas: challenges to answer (team or company), the brain-dump box, the user's
 * submissions by status, and the idea dialog with history, revisions, comments and votes.
 */
export function EmployeeIdeasPage() {
  usePageTitle(t(PAGE_MESSAGES.employeeTitle));
  return (
    <IdeasPageLayout title={t(PAGE_MESSAGES.employeeTitle)} intro={t(PAGE_MESSAGES.employeeIntro)}>
      {(page) => (
        <>
          <ChallengeList
            onAnswer={page.answer}
            onOpen={page.openChallenge}
            actions={<AddChallenge label={t(PAGE_MESSAGES.proposeChallenge)} isTourTarget={false} />}
          />
          <LazySections loadingLabel={t(PAGE_MESSAGES.loadingYourIdeas)}>
            <EmployeeIdeasSections {...page.sections} />
          </LazySections>
        </>
      )}
    </IdeasPageLayout>
  );
}
