import { type Challenge, isAdmin } from "@ideaport/shared";
import { lazy, Suspense, useState } from "react";
import { usePageTitle } from "../../components/use-page-title.ts";
import { useAuth } from "../../lib/auth-provider.tsx";
import { t } from "../../lib/i18n.ts";
import type { SessionUser } from "../../lib/session.ts";
import { AddChallenge } from "./add-challenge.tsx";
import { ChallengeList, type ChallengeListFilter, DEFAULT_CHALLENGE_FILTER } from "./challenge-list.tsx";
import { PAGE_MESSAGES } from "./ideas.texts.ts";
import { IdeasPageLayout, LazySections } from "./ideas-page-layout.tsx";

/**
 * The page below its challenges (manager-ideas-sections.tsx): proposed challenges, the team and its
 * submissions, and the ideas-to-action board. Their chunk loads as the page renders.
 */
const ManagerIdeasSections = lazy(async () => ({
  default: (await import("./manager-ideas-sections.tsx")).ManagerIdeasSections,
}));

/** The new-company checklist (new-company-checklist.tsx), for administrators only. */
const NewCompanyChecklist = lazy(async () => ({
  default: (await import("./new-company-checklist.tsx")).NewCompanyChecklist,
}));

/**
 * /app/manager-ideas: challenges (with the scope filter and the add-challenge button), the team
 * the manager manages and its submissions by review status, the ideas-to-action board, and for
 * whoever decides them (challenge.decide) the proposed company challenges; above them all, for the
 * administrators of a new company, the "Get your company started" checklist.
 */
export function ManagerIdeasPage() {
  usePageTitle(t(PAGE_MESSAGES.managerTitle));
  const { user } = useAuth();
  return user ? <ManagerIdeasContent user={user} /> : null;
}

function ManagerIdeasContent({ user }: { user: SessionUser }) {
  const [challengeFilter, setChallengeFilter] = useState<ChallengeListFilter>(DEFAULT_CHALLENGE_FILTER);
  // A challenge just posted shows under its scope and status.
  const showCreated = (challenge: Challenge) =>
    setChallengeFilter({ scope: challenge.scope, status: challenge.status === "proposed" ? "proposed" : "active" });

  return (
    <IdeasPageLayout title={t(PAGE_MESSAGES.managerTitle)} intro={t(PAGE_MESSAGES.managerIntro)}>
      {(page) => (
        <>
          {isAdmin(user) && (
            // Nothing shows while its code loads, but a tour waits for it (`data-loading`).
            <Suspense fallback={<span data-loading hidden />}>
              <NewCompanyChecklist />
            </Suspense>
          )}
          <ChallengeList
            canManage
            onAnswer={page.answer}
            onOpen={page.openChallenge}
            showStatusFilter
            filter={challengeFilter}
            onFilterChange={setChallengeFilter}
            actions={<AddChallenge onCreated={showCreated} />}
            emptyAction={
              <AddChallenge label={t(PAGE_MESSAGES.postFirstChallenge)} isTourTarget={false} onCreated={showCreated} />
            }
          />
          <LazySections loadingLabel={t(PAGE_MESSAGES.loadingTeamIdeas)}>
            <ManagerIdeasSections user={user} {...page.sections} />
          </LazySections>
        </>
      )}
    </IdeasPageLayout>
  );
}
