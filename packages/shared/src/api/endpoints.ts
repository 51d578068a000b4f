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
import type { Endpoint } from "./contract.ts";
import type { TokenScope } from "./token-scopes.ts";

/**
 * Every endpoint of the API in one map, merged from the feature contracts in `contracts/`. The
 * server registers `api.x.path`; the client calls `apiClient.call(api.x)`. Paths that existing
 * clients already call are kept exactly, trailing slash or its absence included; new ones read
 * `/api/<plural-noun>/` or `/api/<plural-noun>/:id/`, with a verb only for an action
 * (`/api/project-ideas/:id/transition/`). Keys are unique across features: a test checks that no
 * feature's key hides another's.
 */
export const api = {
  ...authEndpoints,
  ...usersEndpoints,
  ...sessionsEndpoints,
  ...pushEndpoints,
  ...apiTokensEndpoints,
  ...scimTokensEndpoints,
  ...ssoEndpoints,
  ...personalDataEndpoints,
  ...companiesEndpoints,
  ...adminRequestsEndpoints,
  ...teamsEndpoints,
  ...invitationsEndpoints,
  ...settingsEndpoints,
  ...notificationsEndpoints,
  ...emailPreferencesEndpoints,
  ...emailUnsubscribeEndpoints,
  ...calendarEndpoints,
  ...challengesEndpoints,
  ...ideasEndpoints,
  ...tagsEndpoints,
  ...actionsEndpoints,
  ...newsEndpoints,
  ...pointsEndpoints,
  ...leaderboardsEndpoints,
  ...rewardsEndpoints,
  ...telemetryEndpoints,
  ...analyticsEndpoints,
  ...aiAnalysisEndpoints,
  ...auditLogEndpoints,
  ...integrationsEndpoints,
  ...evaluationEndpoints,
} as const;

export type Api = typeof api;

/** "METHOD /path" of every endpoint (Fastify's `:param` syntax) to the API token scope it accepts; built on first use. */
let tokenScopeOfRouteKey: ReadonlyMap<string, TokenScope | null> | undefined;

/**
 * The API token scope a route accepts, found by its method and its path pattern as the router
 * matched it (a HEAD is its GET); null for routes no API token may call, and for paths that are not
 * endpoints of `api`.
 */
export function tokenScopeOfRoute(method: string, pathPattern: string): TokenScope | null {
  tokenScopeOfRouteKey ??= new Map(
    Object.values(api).map((endpoint: Endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint.tokenScope]),
  );
  const asked = method === "HEAD" ? "GET" : method;
  return tokenScopeOfRouteKey.get(`${asked} ${pathPattern}`) ?? null;
}
