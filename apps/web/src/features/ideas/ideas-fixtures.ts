import {
  allowedTransitions,
  type Challenge,
  type Comment,
  type Idea,
  type IdeaDetail,
  type IdeaHistoryEntry,
  type User,
} from "@ideaport/shared";
import { screen } from "@testing-library/react";
import { buildUser } from "../../test/factories.ts";
import { createFakeApi, type FakeApi, json } from "../../test/fake-api.ts";
import { renderApp, signInAs } from "../../test/render-app.tsx";
// Loaded lazily by the page; imported here so that its first load is not timed by a test.
import "./employee-ideas-sections.tsx";

/** Test data for the ideas screens, shaped as the ideas contracts answer it. */

export const employee = buildUser({
  id: "employee-1",
  display_name: "Priya Patel",
  email: "priya@example.com",
  first_name: "Priya",
  last_name: "Patel",
});

export const reviewer = { id: "manager-1", display_name: "Sam Manager" };

let ideaCount = 0;

/** An idea as lists answer it; by default the employee's own submitted idea. */
export function buildIdea(overrides: Partial<Idea> = {}): Idea {
  ideaCount += 1;
  return {
    id: overrides.id ?? `00000000-0000-4000-8000-${String(ideaCount).padStart(12, "0")}`,
    title: `Idea number ${ideaCount}`,
    description: "A longer description of the idea.",
    status: "submitted",
    author: { id: employee.id, display_name: employee.display_name },
    team_id: "team-1",
    team_name: "Operations",
    challenge: null,
    tags: [],
    votes: 0,
    comment_count: 0,
    created_at: "2025-03-10T09:00:00.000Z",
    updated_at: "2025-03-11T09:00:00.000Z",
    submitted_at: "2025-03-10T09:05:00.000Z",
    has_voted: false,
    allowed_transitions: [],
    can_edit: false,
    can_vote: false,
    own_idea_reviewer: null,
    score: null,
    merged_into: null,
    contributors: [],
    can_merge: false,
    ...overrides,
  };
}

/** An idea as `GET /api/project-ideas/:id/` answers it. */
export function buildIdeaDetail(overrides: Partial<IdeaDetail> = {}): IdeaDetail {
  return { ...buildIdea(overrides), history: [], revisions: [], comments: [], action: null, ...overrides };
}

export function buildHistoryEntry(overrides: Partial<IdeaHistoryEntry> = {}): IdeaHistoryEntry {
  return {
    id: `event-${Math.random().toString(36).slice(2)}`,
    from_status: null,
    to_status: "submitted",
    actor: { id: employee.id, display_name: employee.display_name },
    note: null,
    created_at: "2025-03-10T09:05:00.000Z",
    checklist: null,
    ...overrides,
  };
}

export function buildComment(overrides: Partial<Comment> = {}): Comment {
  return {
    id: `comment-${Math.random().toString(36).slice(2)}`,
    body: "Nice one.",
    author: reviewer,
    created_at: "2025-03-12T10:00:00.000Z",
    merged_from: null,
    ...overrides,
  };
}

export function buildChallenge(overrides: Partial<Challenge> = {}): Challenge {
  return {
    id: "10000000-0000-4000-8000-000000000001",
    title: "Cut packaging waste",
    description: "How can we ship with less packaging?",
    scope: "team",
    team_id: "team-1",
    team_name: "Operations",
    status: "active",
    starts_at: null,
    ends_at: null,
    reward_points: null,
    created_by: reviewer.id,
    created_by_name: reviewer.display_name,
    created_at: "2025-03-01T09:00:00.000Z",
    idea_count: 2,
    decided_at: null,
    decision_note: null,
    can_edit: false,
    can_decide: false,
    is_open: true,
    ...overrides,
  };
}

/**
 * The steps the shared lifecycle table allows this viewer, as the server computes them for
 * `allowed_transitions`.
 */
export function stepsFor(
  idea: Pick<Idea, "status" | "challenge">,
  viewer: { isAuthor: boolean; managesIdeaTeam: boolean; isAdmin: boolean },
) {
  return allowedTransitions(
    { status: idea.status, answersCompanyChallenge: idea.challenge?.scope === "company" },
    viewer,
  );
}

/** The answer of `GET /api/project-ideas/`. */
export function ideaPage(ideas: Idea[], nextCursor: string | null = null) {
  return { success: true, ideas, next_cursor: nextCursor };
}

/** The answer of `GET /api/challenges/`. */
export function challengePage(challenges: Challenge[]) {
  return { success: true, challenges, next_cursor: null };
}

/** A 4xx answer as the server's error handler renders it. */
export function refusal(status: number, code: string, error: string, fields?: Record<string, string>) {
  return json({ success: false, code, error, ...(fields ? { fields } : {}) }, { status });
}

export const LIST_ROUTE = "GET /api/project-ideas/";
export const CREATE_ROUTE = "POST /api/project-ideas/";
export const SIMILAR_ROUTE = "GET /api/project-ideas/similar/";
export const CHALLENGES_ROUTE = "GET /api/challenges/";
export const detailRoute = (id: string) => `GET /api/project-ideas/${id}/`;
export const patchRoute = (id: string) => `PATCH /api/project-ideas/${id}/`;
export const transitionRoute = (id: string) => `POST /api/project-ideas/${id}/transition/`;
export const commentRoute = (id: string) => `POST /api/project-ideas/${id}/comments/`;
export const voteRoute = (method: "POST" | "DELETE", id: string) => `${method} /api/project-ideas/${id}/vote/`;

/** The query string of a recorded request, as an object. */
export function queryOf(request: { url: string } | undefined): Record<string, string> {
  if (!request) return {};
  return Object.fromEntries(new URL(request.url, "http://localhost").searchParams.entries());
}

/**
 * Signs `user` in with empty idea and challenge lists (unless `setup` answers otherwise), opens
 * `path` and resolves once the employee ideas page is there.
 */
export async function renderEmployeeIdeas(
  setup: (fake: FakeApi) => void = () => {},
  options: { user?: User; path?: string } = {},
) {
  const fake = createFakeApi();
  signInAs(options.user ?? employee, fake);
  fake.on(LIST_ROUTE, json(ideaPage([])));
  fake.on(SIMILAR_ROUTE, json({ success: true, ideas: [] }));
  fake.on(CHALLENGES_ROUTE, json(challengePage([])));
  setup(fake);
  const app = renderApp(options.path ?? "/app/employee-ideas", fake);
  await screen.findByRole("heading", { level: 1, name: "Employee Ideas" });
  // The brain-dump box and the submissions arrive in a chunk of their own.
  await screen.findByRole("region", { name: "Brain dump" });
  return app;
}
