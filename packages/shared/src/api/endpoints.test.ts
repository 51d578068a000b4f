import { describe, expect, it } from "vitest";
import { actionsEndpoints } from "../contracts/actions.ts";
import { adminRequestsEndpoints } from "../contracts/admin-requests.ts";
import { aiAnalysisEndpoints } from "../contracts/ai-analysis.ts";
import { analyticsEndpoints } from "../contracts/analytics.ts";
import { apiTokensEndpoints } from "../contracts/api-tokens.ts";
import { auditLogEndpoints } from "../contracts/audit-log.ts";
import { authEndpoints } from "../contracts/auth.ts";
import { calendarEndpoints } from "../contracts/calendar.ts";
import { challengesEndpoints } from "../contracts/challenges.ts";
import { companiesEndpoints } from "../contracts/companies.ts";
import { emailPreferencesEndpoints } from "../contracts/email-preferences.ts";
import { emailUnsubscribeEndpoints } from "../contracts/email-unsubscribe.ts";
import { evaluationEndpoints } from "../contracts/evaluation.ts";
import { ideasEndpoints } from "../contracts/ideas.ts";
import { integrationsEndpoints } from "../contracts/integrations.ts";
import { invitationsEndpoints } from "../contracts/invitations.ts";
import { leaderboardsEndpoints } from "../contracts/leaderboards.ts";
import { newsEndpoints } from "../contracts/news.ts";
import { notificationsEndpoints } from "../contracts/notifications.ts";
import { personalDataEndpoints } from "../contracts/personal-data.ts";
import { pointsEndpoints } from "../contracts/points.ts";
import { pushEndpoints } from "../contracts/push.ts";
import { rewardsEndpoints } from "../contracts/rewards.ts";
import { scimTokensEndpoints } from "../contracts/scim.ts";
import { sessionsEndpoints } from "../contracts/sessions.ts";
import { settingsEndpoints } from "../contracts/settings.ts";
import { ssoEndpoints } from "../contracts/sso.ts";
import { tagsEndpoints } from "../contracts/tags.ts";
import { teamsEndpoints } from "../contracts/teams.ts";
import { telemetryEndpoints } from "../contracts/telemetry.ts";
import { usersEndpoints } from "../contracts/users.ts";
import { api, tokenScopeOfRoute } from "./endpoints.ts";

const features = {
  actionsEndpoints,
  adminRequestsEndpoints,
  aiAnalysisEndpoints,
  apiTokensEndpoints,
  analyticsEndpoints,
  auditLogEndpoints,
  authEndpoints,
  calendarEndpoints,
  challengesEndpoints,
  companiesEndpoints,
  emailPreferencesEndpoints,
  emailUnsubscribeEndpoints,
  evaluationEndpoints,
  ideasEndpoints,
  integrationsEndpoints,
  invitationsEndpoints,
  leaderboardsEndpoints,
  newsEndpoints,
  notificationsEndpoints,
  personalDataEndpoints,
  pointsEndpoints,
  rewardsEndpoints,
  sessionsEndpoints,
  pushEndpoints,
  scimTokensEndpoints,
  settingsEndpoints,
  ssoEndpoints,
  tagsEndpoints,
  teamsEndpoints,
  telemetryEndpoints,
  usersEndpoints,
};

describe("the endpoint map", () => {
  it("holds every feature's endpoints, none hidden by another feature's key", () => {
    const owners = new Map<string, string[]>();
    for (const [feature, endpoints] of Object.entries(features)) {
      for (const key of Object.keys(endpoints)) owners.set(key, [...(owners.get(key) ?? []), feature]);
    }
    expect([...owners].filter(([, names]) => names.length > 1)).toEqual([]);
    expect(Object.keys(api).sort()).toEqual([...owners.keys()].sort());
    for (const endpoints of Object.values(features)) {
      for (const [key, endpoint] of Object.entries(endpoints)) expect(api[key as keyof typeof api]).toBe(endpoint);
    }
  });

  it("gives every endpoint its own method and path", () => {
    const routes = Object.values(api).map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it("writes every path under /api with `:name` parameters, a file's with its extension", () => {
    for (const endpoint of Object.values(api))
      expect(endpoint.path).toMatch(/^\/api\/([a-z-]+\/|:[A-Za-z]+\/?)*([a-z-]+(\.csv)?)?$/);
  });

  it("finds a route's API token scope by its method and path pattern, a HEAD by its GET", () => {
    expect(tokenScopeOfRoute("GET", "/api/project-ideas/:id/")).toBe("ideas:read");
    expect(tokenScopeOfRoute("HEAD", "/api/project-ideas/")).toBe("ideas:read");
    expect(tokenScopeOfRoute("POST", "/api/project-ideas/:id/comments/")).toBe("ideas:write");
    expect(tokenScopeOfRoute("GET", "/api/audit-log/")).toBe("admin");
    expect(tokenScopeOfRoute("POST", "/api/tokens/")).toBeNull();
    expect(tokenScopeOfRoute("GET", "/api/nowhere/")).toBeNull();
  });
});
