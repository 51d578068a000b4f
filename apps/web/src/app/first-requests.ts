// The first data requests of each signed-in page, read at build time only (scripts/route-pages.ts
// lists them on the page's HTML; the app never imports this table). The entry sends them while
// the app's code downloads, and the API client takes their answers (lib/early-requests.ts). Each is
// a GET, its path and query exactly as the page's queries ask it; one the page does not ask (any
// more) costs the server a request and the page nothing, one left out is asked as before.
import { pointsEndpoints, ROUTES, usersEndpoints } from "@ideaport/shared";
import type { AppRoute } from "./routes.ts";

/** What every signed-in page asks first: who is signed in, and their points balance in the header. */
const SIGNED_IN_FIRST_REQUESTS = [usersEndpoints.currentUser.path, `${pointsEndpoints.myPoints.path}?limit=20`];

/** The ideas lists' statuses, as a list filter of every status but drafts asks for them. */
const SUBMITTED_STATUSES_QUERY =
  "approved%2Cneeds_revision%2Cpending_review%2Crejected%2Crevision_submitted%2Csubmitted%2Cunder_review";

/** The company portal's first sections: news, the leaderboard, the rewards and one's own redemptions. */
const COMPANY_FIRST_REQUESTS = [
  "/api/news/?limit=12",
  "/api/leaderboards/?board=employees&period=month",
  "/api/rewards/",
  "/api/redemptions/?mine=true&limit=20",
];

/**
 * The requests of a page's first screen whoever is looking, besides those of every signed-in
 * page. The settings page's depend on the area it shows (one route for the three), so it has none.
 */
const PAGE_FIRST_REQUESTS: Readonly<Record<string, readonly string[]>> = {
  [ROUTES.employeeIdeas]: [
    "/api/challenges/?scope=team&status=active&limit=12",
    "/api/project-ideas/?mine=true&limit=20",
    "/api/project-ideas/counts/?mine=true",
  ],
  [ROUTES.managerIdeas]: [
    "/api/teams/",
    "/api/challenges/?scope=team&status=active&limit=12",
    `/api/project-ideas/?status=${SUBMITTED_STATUSES_QUERY}&limit=20`,
  ],
  [ROUTES.employeeCompany]: COMPANY_FIRST_REQUESTS,
  [ROUTES.managerCompany]: COMPANY_FIRST_REQUESTS,
};

/** The first data requests of a route's page: none on a public page. */
export function firstRequestsOf(route: AppRoute): string[] {
  if (route.access === "public") return [];
  return [...SIGNED_IN_FIRST_REQUESTS, ...(PAGE_FIRST_REQUESTS[route.path] ?? [])];
}
