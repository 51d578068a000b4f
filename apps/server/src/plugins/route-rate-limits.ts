import { api, type Endpoint } from "@ideaport/shared";

/**
 * The intended rate limit of one API route. Signed-in routes count per person (one colleague's use
 * never spends another's budget, and an office behind one address is many people); routes used
 * before anyone is signed in count per client address. Reads are limited only where they cost
 * (search, anonymous token look-ups); guessing is limited by counting failures (failed-guesses.ts).
 */
export type RouteRateLimit = { max: number; timeWindow: string; per: "person" | "address" } | "unlimited";

const perPerson = (max: number, timeWindow = "1 minute") => ({ max, timeWindow, per: "person" as const });
const perAddress = (max: number, timeWindow = "1 minute") => ({ max, timeWindow, per: "address" as const });

/** "METHOD /path" of an endpoint, as `app.apiRoutes` lists routes. */
export function routeKeyOf(endpoint: Pick<Endpoint, "method" | "path">): string {
  return `${endpoint.method} ${endpoint.path}`;
}

const rows: [Pick<Endpoint, "method" | "path">, RouteRateLimit][] = [
  // Before sign-in: per address, high enough for an office's first morning behind one address.
  [api.login, perAddress(120)],
  [api.tokenRefresh, perAddress(300)],
  [api.logout, perAddress(300)],
  [api.requestVerificationCode, perAddress(120, "10 minutes")],
  [api.verifyEmailRegister, perAddress(120)],
  [api.passwordResetRequest, perAddress(60)],
  [api.passwordResetCheck, perAddress(60)],
  [api.passwordResetComplete, perAddress(30)],
  [api.verifyCompany, perAddress(120)],
  [api.associateCompany, perAddress(120)],
  [api.createCompany, perAddress(20)],
  [api.invitationDetails, perAddress(60)],
  [api.acceptInvitation, perAddress(30)],
  [api.clientErrors, perAddress(30)],
  [api.webVitals, perAddress(300)],
  [api.cspReport, perAddress(300)],
  [api.csrfToken, "unlimited"],
  [{ method: "GET", path: "/api/docs/" }, "unlimited"],

  // The signed-in user and their company.
  [api.currentUser, "unlimited"],
  [api.userDisplayName, "unlimited"],
  [api.updateOnboardingStatus, perPerson(60)],
  [api.company, "unlimited"],
  [api.updateCompany, perPerson(20)],
  [api.updateProfile, perPerson(30)],
  [api.changePassword, perPerson(5)],
  [api.companyUsers, "unlimited"],
  [api.updateCompanyUser, perPerson(60)],
  [api.adminRequestResponse, perPerson(60)],
  [api.notifications, "unlimited"],
  // One per page load and per reconnection (every 15 minutes, or after a dropped connection).
  [api.notificationStream, perPerson(120)],
  [api.markNotificationsRead, perPerson(120)],
  [api.getEmailPreferences, "unlimited"],
  [api.updateEmailPreferences, perPerson(30)],
  // Unsubscribe links, opened or posted by mail clients before anyone signs in.
  [api.unsubscribeEmail, perAddress(60)],
  [{ method: "GET", path: "/api/email-preferences/unsubscribe/" }, perAddress(60)],
  // The calendar: the feed's address in settings, its reset, and the feed, which calendar apps
  // poll without a session (per address; Google's and Microsoft's servers fetch many people's feeds).
  [api.calendarSettings, "unlimited"],
  [api.rotateCalendarFeed, perPerson(10)],
  [api.startCalendarConnection, perPerson(20)],
  [api.finishCalendarConnection, perPerson(20)],
  [api.disconnectCalendar, perPerson(20)],
  [api.calendarCompanySettings, "unlimited"],
  [api.updateCalendarCompanySettings, perPerson(20)],
  [{ method: "GET", path: "/calendar/:file" }, perAddress(600)],

  // Teams and invitations.
  [api.teams, "unlimited"],
  [api.createTeam, perPerson(30)],
  [api.renameTeam, perPerson(30)],
  [api.deleteTeam, perPerson(30)],
  [api.teamMembers, "unlimited"],
  [api.updateTeamMember, perPerson(60)],
  [api.removeTeamMember, perPerson(60)],
  [api.createInvitation, perPerson(30)],
  [api.teamInvitations, "unlimited"],
  [api.revokeInvitation, perPerson(60)],

  // Challenges, ideas and the action board.
  [api.listChallenges, "unlimited"],
  [api.createChallenge, perPerson(20)],
  [api.getChallenge, "unlimited"],
  [api.updateChallenge, perPerson(30)],
  [api.decideChallenge, perPerson(30)],
  [api.closeChallenge, perPerson(30)],
  [api.listIdeas, "unlimited"],
  [api.countIdeas, "unlimited"],
  [api.similarIdeas, perPerson(120)],
  [api.createIdea, perPerson(30)],
  [api.getIdea, "unlimited"],
  [api.updateIdea, perPerson(60)],
  [api.deleteIdea, perPerson(60)],
  [api.transitionIdea, perPerson(60)],
  [api.commentOnIdea, perPerson(30)],
  [api.voteForIdea, perPerson(60)],
  [api.removeVote, perPerson(60)],
  // The AI analysis: the spec's 10 a minute per person (the client counts the same).
  [api.analyzeIdea, perPerson(10)],
  [api.aiAnalysisSettings, "unlimited"],
  [api.updateAiAnalysisSettings, perPerson(20)],
  [api.listActions, "unlimited"],
  [api.updateAction, perPerson(60)],

  // News and its categories: reads free (opening a post marks it read, once), admin writes per person.
  [api.listNews, "unlimited"],
  [api.getNews, "unlimited"],
  [api.createNews, perPerson(20)],
  [api.updateNews, perPerson(30)],
  [api.deleteNews, perPerson(30)],
  [api.newsCategories, "unlimited"],
  [api.createNewsCategory, perPerson(30)],
  [api.renameNewsCategory, perPerson(30)],
  [api.deleteNewsCategory, perPerson(30)],

  // Points, leaderboards, rewards and redemptions.
  [api.myPoints, "unlimited"],
  [api.pointsRules, "unlimited"],
  [api.updatePointsRules, perPerson(20)],
  [api.leaderboard, perPerson(120)],
  [api.listRewards, "unlimited"],
  [api.createReward, perPerson(30)],
  [api.updateReward, perPerson(60)],
  [api.redeemReward, perPerson(30)],
  [api.listRedemptions, "unlimited"],
  [api.fulfilRedemption, perPerson(60)],
  [api.cancelRedemption, perPerson(60)],

  // Analytics: aggregates over the whole company, so limited even though they only read.
  [api.analyticsOverview, perPerson(120)],
  [api.analyticsIdeasCsv, perPerson(20)],
];

/**
 * Every API route's intended limit, by "METHOD /path" (unscaled; RATE_LIMIT_MULTIPLIER scales).
 * A test walks `app.apiRoutes` against this table, so a new route needs a row here.
 */
export const ROUTE_RATE_LIMITS: ReadonlyMap<string, RouteRateLimit> = new Map(
  rows.map(([endpoint, limit]) => [routeKeyOf(endpoint), limit]),
);
