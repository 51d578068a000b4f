import type { Action, Challenge, Idea, IdeaDetail, TeamSummary, User } from "@ideaport/shared";
import { screen } from "@testing-library/react";
import { buildAdmin, buildManager } from "../../test/factories.ts";
import { createFakeApi, type FakeApi, json, type RecordedRequest } from "../../test/fake-api.ts";
import { renderApp, signInAs } from "../../test/render-app.tsx";
import { buildChallenge as buildAnyChallenge, buildIdea as buildAnyIdea } from "./ideas-fixtures.ts";
// Loaded lazily by the page; imported here so that its first load is not timed by a test.
import "./manager-ideas-sections.tsx";

/** Test data for the manager ideas page, shaped as the ideas contracts answer it. Team ids are UUIDs (the schemas check). */

export const OPERATIONS_ID = "0b7c4a52-7d0e-4a55-9a39-5f0e2b1d0001";
export const LOGISTICS_ID = "0b7c4a52-7d0e-4a55-9a39-5f0e2b1d0002";

const DAY_MS = 24 * 60 * 60 * 1000;

/** An instant `days` from now (negative: in the past). */
export function daysFromNow(days: number): string {
  return new Date(Date.now() + days * DAY_MS).toISOString();
}

let sequence = 0;

/** A challenge of the manager's team, numbered in the order the test builds them. */
export function buildChallenge(overrides: Partial<Challenge> = {}): Challenge {
  sequence += 1;
  return buildAnyChallenge({
    id: `challenge-${sequence}`,
    title: `Challenge ${sequence}`,
    description: "How can we waste less packaging?",
    team_id: OPERATIONS_ID,
    created_at: "2025-03-10T09:00:00.000Z",
    idea_count: 0,
    ...overrides,
  });
}

/** An idea submitted to the manager's team, numbered in the order the test builds them. */
export function buildIdea(overrides: Partial<Idea> = {}): Idea {
  sequence += 1;
  return buildAnyIdea({
    id: `idea-${sequence}`,
    title: `Idea ${sequence}`,
    description: "Reuse the cardboard boxes from suppliers.",
    team_id: OPERATIONS_ID,
    created_at: "2025-03-11T09:00:00.000Z",
    submitted_at: "2025-03-11T09:00:00.000Z",
    can_vote: true,
    ...overrides,
  });
}

export function buildIdeaDetail(overrides: Partial<IdeaDetail> = {}): IdeaDetail {
  return { ...buildIdea(overrides), history: [], revisions: [], comments: [], action: null, ...overrides };
}

export function buildAction(overrides: Partial<Action> = {}): Action {
  sequence += 1;
  return {
    id: `action-${sequence}`,
    idea: { id: `idea-for-action-${sequence}`, title: `Action idea ${sequence}`, team_id: OPERATIONS_ID },
    owner: { id: "manager-1", display_name: "Sam Manager" },
    due_date: null,
    status: "todo",
    created_at: "2025-03-12T09:00:00.000Z",
    updated_at: "2025-03-12T09:00:00.000Z",
    can_edit: true,
    ...overrides,
  };
}

export const operations: TeamSummary = { id: OPERATIONS_ID, name: "Operations", member_count: 5 };
export const logistics: TeamSummary = { id: LOGISTICS_ID, name: "Logistics", member_count: 1 };

const managesOperations = [{ id: OPERATIONS_ID, name: "Operations", is_manager: true }];

export const manager = buildManager({
  email: "sam@example.com",
  first_name: "Sam",
  last_name: "Manager",
  team: managesOperations,
  onboarding_status: "manager_company_tour_completed",
});

export const admin = buildAdmin({
  email: "alex@example.com",
  first_name: "Alex",
  last_name: "Admin",
  team: managesOperations,
  onboarding_status: "admin_overlay_completed",
});

/** The query parameters of a recorded request. */
export function queryOf(request: RecordedRequest | undefined): Record<string, string> {
  if (!request) return {};
  return Object.fromEntries(new URL(request.url, "http://localhost").searchParams.entries());
}

/** A list answer of the ideas API. */
export function challengeList(challenges: Challenge[]) {
  return json({ success: true, challenges, next_cursor: null });
}
export function ideaList(ideas: Idea[]) {
  return json({ success: true, ideas, next_cursor: null });
}
export function actionList(actions: Action[]) {
  return json({ success: true, actions, next_cursor: null });
}

/** A 4xx answer as the server's error handler renders it. */
export function refusal(status: number, code: string, error: string, fields?: Record<string, string>) {
  return json({ success: false, code, error, ...(fields ? { fields } : {}) }, { status });
}

export interface ManagerPageData {
  teams?: TeamSummary[];
  /** Challenges answered to any list call, filtered here by the query's scope and status. */
  challenges?: Challenge[];
  /** The team's ideas, answered to the submissions' calls. */
  ideas?: Idea[];
  /** The caller's own ideas, answered to `mine=true` calls. */
  ownIdeas?: Idea[];
  actions?: Action[];
}

/**
 * Answers the page's list calls as the server would: challenges filtered by scope and status,
 * ideas by status and team, actions by status.
 */
export function answerManagerPage(fake: FakeApi, data: ManagerPageData = {}) {
  fake.on("GET /api/teams/", json({ success: true, teams: data.teams ?? [operations] }));
  fake.on("GET /api/challenges/", (request) => {
    const query = queryOf(request);
    return challengeList(
      (data.challenges ?? []).filter(
        (challenge) =>
          (!query.scope || challenge.scope === query.scope) && (!query.status || challenge.status === query.status),
      ),
    );
  });
  fake.on("GET /api/project-ideas/", (request) => {
    const query = queryOf(request);
    const statuses = query.status?.split(",");
    return ideaList(
      ((query.mine === "true" ? data.ownIdeas : data.ideas) ?? []).filter(
        (idea) => (!statuses || statuses.includes(idea.status)) && (!query.team || idea.team_id === query.team),
      ),
    );
  });
  fake.on("GET /api/actions/", (request) => {
    const query = queryOf(request);
    return actionList((data.actions ?? []).filter((action) => !query.status || action.status === query.status));
  });
}

/** Signs `user` in, answers the page's calls, lets `setup` change them, and opens /app/manager-ideas. */
export async function renderManagerPage(
  user: User = manager,
  data: ManagerPageData = {},
  setup: (fake: FakeApi) => void = () => {},
) {
  const fake = createFakeApi();
  signInAs(user, fake);
  answerManagerPage(fake, data);
  setup(fake);
  const app = renderApp("/app/manager-ideas", fake);
  await screen.findByRole("heading", { level: 1, name: "Manager Ideas" });
  // The sections below the challenges arrive in a chunk of their own.
  await screen.findByRole("region", { name: "Ideas to action" });
  return app;
}
