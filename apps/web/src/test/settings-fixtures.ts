import {
  CALENDAR_MESSAGES,
  type CompanyUser,
  type PendingInvitation,
  type TeamSummary,
  type User,
} from "@ideaport/shared";
import { screen, waitFor } from "@testing-library/react";
import { expect } from "vitest";
import { buildAdmin, buildManager, buildPersonFields, buildUser } from "./factories.ts";
import { createFakeApi, type FakeApi, json } from "./fake-api.ts";
import { renderApp, signInAs } from "./render-app.tsx";
// Each settings area is loaded lazily by the page; imported here so that no test times its first load.
import "../app/screens/company-settings.tsx";
import "../app/screens/profile-settings.tsx";
import "../features/teams/team-settings.tsx";
import { t } from "../lib/i18n.ts";

/** Test data for the settings pages, shaped as the people contracts answer it. */

export { buildTeamMember } from "./factories.ts";

export function buildTeam(overrides: Partial<TeamSummary> = {}): TeamSummary {
  return { id: "team-1", name: "Operations", member_count: 2, ...overrides };
}

export function buildInvitation(overrides: Partial<PendingInvitation> = {}): PendingInvitation {
  return {
    id: "invitation-1",
    team_id: "team-1",
    team_name: "Operations",
    email: "Omar.Haddad@Example.com",
    first_name: "Omar",
    last_name: "Haddad",
    role: "employee",
    is_admin: false,
    invited_by_name: "Sam Manager",
    created_at: "2025-03-10T09:00:00.000Z",
    expires_at: "2025-03-17T09:00:00.000Z",
    ...overrides,
  };
}

export function buildCompanyUser(overrides: Partial<CompanyUser> = {}): CompanyUser {
  return {
    ...buildPersonFields(overrides.id ?? "user-9"),
    team: [{ id: "team-1", name: "Operations", is_manager: false }],
    ...overrides,
  };
}

export const employee = buildUser({ id: "employee-1", display_name: "Jane Doe", email: "jane@example.com" });
export const manager = buildManager({ email: "sam@example.com", first_name: "Sam", last_name: "Manager" });
export const admin = buildAdmin({ email: "alex@example.com", first_name: "Alex", last_name: "Admin" });

/** The company's points rules as Company Settings first shows them (the defaults). */
export const pointsRules = { submit: 10, approved: 50, comment: 2, challenge_answer: 5 };

/** An employee's e-mail preferences as the server answers them: every category they are offered. */
export const everyEmail = {
  approvals: "immediate",
  revision_requests: "immediate",
  rejections: "immediate",
  comments: "immediate",
  request_answers: "immediate",
  actions: "immediate",
  redemptions: "immediate",
} as const;

/** Signs `user` in, lets `setup` answer the settings calls, and opens `path`; resolves once the page is there. */
/** The calendar section's answer: a feed address, and no provider on this server. */
export const calendarSettings = {
  success: true,
  feed_url: "http://localhost:8000/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics",
  connection: {
    available: false,
    unavailable_reason: t(CALENDAR_MESSAGES.providerNotConfigured),
    status: "not_connected",
    provider_name: null,
    connected_at: null,
  },
} as const;

/** The Sessions section's answer when the person is signed in on this device only. */
export const thisDevice = {
  id: "session-1",
  browser: "Firefox",
  os: "Windows",
  ip_address: "203.0.113.7",
  last_active_at: "2025-03-10T09:00:00.000Z",
  is_current: true,
  sso_signed_in_at: null,
} as const;

export async function renderSettings(user: User, path: string, setup: (fake: FakeApi) => void = () => {}) {
  const fake = createFakeApi();
  signInAs(user, fake);
  fake.on("GET /api/company/points-rules/", json({ success: true, rules: pointsRules }));
  fake.on("GET /api/email-preferences/", json({ preferences: everyEmail }));
  fake.on("GET /api/calendar/", json(calendarSettings));
  fake.on("GET /api/users/current/sessions/", json({ success: true, sessions: [thisDevice] }));
  fake.on("GET /api/tokens/", json({ success: true, tokens: [] }));
  fake.on("GET /api/calendar/company-settings/", json({ success: true, settings: { review_due_days: 7 } }));
  setup(fake);
  const app = renderApp(path, fake);
  await screen.findByRole("heading", { level: 1, name: "Settings" });
  // The area's panel arrives in a chunk of its own.
  await waitFor(() => expect(screen.queryByText(/^Loading \w+ settings\.\.\.$/)).not.toBeInTheDocument());
  return app;
}

/** A 4xx answer as the server's error handler renders it. */
export function refusal(status: number, code: string, error: string, fields?: Record<string, string>) {
  return json({ success: false, code, error, ...(fields ? { fields } : {}) }, { status });
}
