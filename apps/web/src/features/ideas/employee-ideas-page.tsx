import { lazy } from "react";
import { usePageTitle } from "../../components/use-page-title.ts";
import { AddChallenge } from "./add-challenge.tsx";
import { ChallengeList } from "./challenge-list.tsx";
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
  usePageTitle("Employee Ideas");
  return (
    <IdeasPageLayout
      title="Employee Ideas"
      intro="Answer a challenge or put your own idea forward, then follow each one through review."
    >
      {(page) => (
        <>
          <ChallengeList
            onAnswer={page.answer}
            onOpen={page.openChallenge}
            actions={<AddChallenge label="Propose a challenge" isTourTarget={false} />}
          />
          <LazySections loadingLabel="Loading your ideas...">
            <EmployeeIdeasSections {...page.sections} />
          </LazySections>
        </>
      )}
    </IdeasPageLayout>
  );
}
