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

type RouteOf = Pick<Endpoint, "method" | "path">;

/**
 * Every request made with one API token counts in that token's own bucket, whatever the route
 * (reads included): a runaway script spends its token's budget, not its person's in the browser.
 * A route's own limit then counts per token too.
 */
export const API_TOKEN_REQUESTS_PER_MINUTE = 300;

/** The table's rows for routes that share one limit (each route still counts on its own). */
function limitEach(limit: RouteRateLimit, ...routes: RouteOf[]): [RouteOf, RouteRateLimit][] {
  return routes.map((route) => [route, limit]);
}

const rows: [RouteOf, RouteRateLimit][] = [
  // Before sign-in: per address, high enough for an office's first morning behind one address.
  ...limitEach(perAddress(120), api.login, api.verifyEmailRegister, api.verifyCompany, api.associateCompany),
  ...limitEach(perAddress(300), api.tokenRefresh, api.logout),
  // Single sign-on before sign-in, like the login: the look-up as the e-mail is typed, the start,
  // the provider's return and the ticket's exchange.
  ...limitEach(perAddress(120), api.ssoLookup, api.startSso, api.ssoCallback, api.completeSso),
  ...limitEach(perAddress(120, "10 minutes"), api.requestVerificationCode),
  ...limitEach(perAddress(60), api.passwordResetRequest, api.passwordResetCheck, api.invitationDetails),
  ...limitEach(perAddress(30), api.passwordResetComplete, api.acceptInvitation, api.clientErrors),
  ...limitEach(perAddress(20), api.createCompany),
  ...limitEach(perAddress(300), api.webVitals, api.cspReport),
  ...limitEach("unlimited", api.csrfToken, { method: "GET", path: "/api/docs/" }),

  // The signed-in user and their company.
  ...limitEach("unlimited", api.currentUser, api.userDisplayName, api.company, api.companyUsers, api.notifications),
  ...limitEach(perPerson(60), api.updateOnboardingStatus, api.updateCompanyUser, api.adminRequestResponse),
  ...limitEach(perPerson(20), api.updateCompany),
  // Company Settings → Sign-in: reading it is free; each change discovers the provider.
  ...limitEach("unlimited", api.companySso),
  ...limitEach(perPerson(10), api.updateCompanySso),
  ...limitEach(perPerson(30), api.updateProfile, api.updateEmailPreferences),
  ...limitEach(perPerson(5), api.changePassword),
  // Profile Settings → Sessions: a person signs a device out now and then.
  ...limitEach("unlimited", api.sessions),
  ...limitEach(perPerson(30), api.signOutSession, api.signOutEverywhere),
  // Profile Settings → API tokens: made and revoked now and then.
  ...limitEach("unlimited", api.apiTokens),
  ...limitEach(perPerson(20), api.createApiToken, api.revokeApiToken),
  // Company Settings → Provisioning: an admin makes or revokes a SCIM token now and then.
  ...limitEach("unlimited", api.scimTokens),
  ...limitEach(perPerson(20), api.createScimToken, api.revokeScimToken),
  // Company Settings → Integrations and Team Settings: channels and webhooks change now and then;
  // a test message or delivery calls out, so it is counted more tightly.
  ...limitEach("unlimited", api.integrationChannels, api.webhooks, api.webhookDeliveries),
  ...limitEach(
    perPerson(30),
    api.createIntegrationChannel,
    api.updateIntegrationChannel,
    api.deleteIntegrationChannel,
    api.createWebhook,
    api.updateWebhook,
    api.deleteWebhook,
    api.resendWebhookDelivery,
  ),
  ...limitEach(perPerson(10), api.testIntegrationChannel, api.testWebhook),
  // Profile Settings → Your data: the whole of one person's data, read at most now and then.
  ...limitEach(perPerson(5), api.exportPersonalData),
  // "Delete my account" checks the password, as a password change does; an admin's erasure is rare.
  ...limitEach(perPerson(5), api.eraseAccount),
  ...limitEach(perPerson(30), api.eraseCompanyUser),
  // One per page load and per reconnection (every 15 minutes, or after a dropped connection).
  ...limitEach(perPerson(120), api.notificationStream),
  ...limitEach(perPerson(120), api.markNotificationsRead),
  ...limitEach("unlimited", api.getEmailPreferences),
  // Profile Settings → Notifications: push on a device, turned on or off now and then.
  ...limitEach("unlimited", api.pushPublicKey, api.pushSubscriptions),
  ...limitEach(perPerson(30), api.subscribePush, api.unsubscribePush),
  // Unsubscribe links, opened or posted by mail clients before anyone signs in.
  ...limitEach(perAddress(60), api.unsubscribeEmail, { method: "GET", path: "/api/email-preferences/unsubscribe/" }),
  // The calendar: the feed's address in settings, its reset, and the feed, which calendar apps
  // poll without a session (per address; Google's and Microsoft's servers fetch many people's feeds).
  ...limitEach("unlimited", api.calendarSettings, api.calendarCompanySettings),
  ...limitEach(perPerson(10), api.rotateCalendarFeed),
  ...limitEach(
    perPerson(20),
    api.startCalendarConnection,
    api.finishCalendarConnection,
    api.disconnectCalendar,
    api.updateCalendarCompanySettings,
  ),
  ...limitEach(perAddress(600), { method: "GET", path: "/calendar/:file" }),

  // Teams and invitations.
  ...limitEach("unlimited", api.teams, api.teamMembers, api.teamInvitations),
  ...limitEach(perPerson(30), api.createTeam, api.renameTeam, api.deleteTeam, api.createInvitation),
  ...limitEach(perPerson(60), api.updateTeamMember, api.removeTeamMember, api.revokeInvitation),

  // Challenges, ideas and the action board.
  ...limitEach("unlimited", api.listChallenges, api.getChallenge, api.listIdeas, api.countIdeas, api.getIdea),
  ...limitEach(perPerson(20), api.createChallenge),
  ...limitEach(perPerson(30), api.updateChallenge, api.decideChallenge, api.closeChallenge),
  ...limitEach(perPerson(120), api.similarIdeas, api.possibleDuplicates),
  ...limitEach(perPerson(60), api.mergeIdea),
  ...limitEach(perPerson(30), api.createIdea, api.commentOnIdea),
  ...limitEach(perPerson(60), api.updateIdea, api.deleteIdea, api.transitionIdea, api.voteForIdea, api.removeVote),
  // The AI analysis: the spec's 10 a minute per person (the client counts the same).
  ...limitEach(perPerson(10), api.analyzeIdea),
  ...limitEach("unlimited", api.aiAnalysisSettings, api.listActions),
  ...limitEach(perPerson(20), api.updateAiAnalysisSettings),
  ...limitEach(perPerson(60), api.updateAction),

  // Scorecards: criteria (admins), scores, and a challenge's evaluators.
  ...limitEach("unlimited", api.evaluationCriteria, api.ideaScores, api.challengeEvaluators),
  ...limitEach(perPerson(20), api.updateEvaluationCriteria),
  ...limitEach(perPerson(60), api.scoreIdea, api.inviteEvaluator, api.removeEvaluator),
  // The evaluator picker searches the company's people as a name is typed: counted like a search.
  ...limitEach(perPerson(120), api.evaluatorCandidates),

  // News and its categories: reads free (opening a post marks it read, once), admin writes per person.
  ...limitEach("unlimited", api.listNews, api.getNews, api.newsCategories),
  ...limitEach(perPerson(20), api.createNews),
  ...limitEach(
    perPerson(30),
    api.updateNews,
    api.deleteNews,
    api.createNewsCategory,
    api.renameNewsCategory,
    api.deleteNewsCategory,
  ),

  // Tags: the picker reads as people type; new tags and the admins' changes per person.
  ...limitEach(perPerson(600), api.listTags),
  ...limitEach(perPerson(60), api.createTag, api.updateTag, api.deleteTag, api.updateTagSettings),

  // Points, leaderboards, rewards and redemptions.
  ...limitEach("unlimited", api.myPoints, api.pointsRules, api.listRewards, api.listRedemptions),
  ...limitEach(perPerson(20), api.updatePointsRules),
  ...limitEach(perPerson(120), api.leaderboard),
  ...limitEach(perPerson(30), api.createReward, api.redeemReward),
  ...limitEach(perPerson(60), api.updateReward, api.fulfilRedemption, api.cancelRedemption),

  // Analytics: aggregates over the whole company, so limited even though they only read.
  ...limitEach(perPerson(120), api.analyticsOverview),
  ...limitEach(perPerson(20), api.analyticsIdeasCsv),

  // The audit log: a list read page by page, and an export of the whole filtered log.
  ...limitEach(perPerson(120), api.listAuditLog),
  ...limitEach(perPerson(20), api.auditLogCsv),
];

/**
 * Every API route's intended limit, by "METHOD /path" (unscaled; RATE_LIMIT_MULTIPLIER scales).
 * A test walks `app.apiRoutes` against this table, so a new route needs a row here.
 */
export const ROUTE_RATE_LIMITS: ReadonlyMap<string, RouteRateLimit> = new Map(
  rows.map(([endpoint, limit]) => [routeKeyOf(endpoint), limit]),
);
