/** Business constants and limits that the client and the server share: time-outs, rate limits, lengths, thresholds. */

export const REQUEST_TIMEOUT_MS = 30_000;
export const NOTIFICATION_POLL_INTERVAL_MS = 60_000;
/** The live notification stream: a comment this often keeps proxies from closing an idle connection. */
export const NOTIFICATION_STREAM_HEARTBEAT_MS = 25_000;
/** How long a client waits before reconnecting to the notification stream (the SSE `retry:` field). */
export const NOTIFICATION_STREAM_RETRY_MS = 3_000;
/** Rows per read when the stream replays what a reconnecting client missed. */
export const NOTIFICATION_STREAM_REPLAY_PAGE_SIZE = 100;
/** Live notification streams one person may hold open; a newer one closes their oldest. */
export const NOTIFICATION_STREAMS_PER_PERSON = 10;
export const HEADER_CLOCK_INTERVAL_MS = 1_000;
export const DEFAULT_RETRY_AFTER_SECONDS = 30;
export const CLIENT_VERSION = "1.0.0";

export const MIN_PASSWORD_LENGTH = 8;
export const VERIFICATION_CODE_LENGTH = 6;

/** Error boundary shows the "multiple errors" screen after MORE than this many errors. */
export const ERROR_BOUNDARY_THRESHOLD = 3;
/** The rate-limit alert is shown when retryAfter is ABOVE this many seconds. */
export const RATE_LIMIT_ALERT_THRESHOLD_SECONDS = 5;

export const TOUR_Z_INDEX = 10_000;
export const PRIMARY_COLOR = "#4361ee";
export const TOUR_SCROLL_OFFSET = 20;

/** Client-side requests per minute, by HTTP method. */
export const CLIENT_RATE_LIMITS_BY_METHOD: Readonly<Record<string, number>> = {
  GET: 60,
  POST: 20,
  PUT: 20,
  DELETE: 10,
};
export const CLIENT_RATE_LIMIT_DEFAULT = 30;

/** Client-side requests per minute for specific paths; matched by substring of the API path. */
export const CLIENT_RATE_LIMITS_BY_PATH: ReadonlyArray<{ match: string; limit: number }> = [
  { match: "/api/auth/login/", limit: 5 },
  { match: "/api/password-reset/request/", limit: 3 },
  { match: "/api/project-ideas/", limit: 30 },
  { match: "/api/ai-analysis/", limit: 10 },
];

/** Browser storage keys; the tab identity keeps the names `app_tab_id` and `app_session_id` that existing clients use. */
export const STORAGE_KEYS = {
  accessToken: "ideaport.access",
  refreshToken: "ideaport.refresh",
  user: "ideaport.user",
  tabId: "app_tab_id",
  sessionId: "app_session_id",
} as const;

/** Server-side token and code lifetimes: an access token lives 15 minutes. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** A refresh token unused for this long expires (each rotation starts a new one). */
export const REFRESH_TOKEN_TTL_SECONDS = 14 * 24 * 60 * 60;
/** A sign-in (a refresh-token family) ends this long after login, however often it rotates. */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
/**
 * For this long after a rotation, the refresh token just replaced may be presented again (a retry,
 * or another tab refreshing at the same moment) and answers the same new refresh token; after it,
 * or for any older token, a repeat counts as reuse and ends the sign-in.
 */
export const REFRESH_TOKEN_REUSE_GRACE_SECONDS = 10;
/**
 * A browser that signed in to an account keeps a device cookie for this long (renewed at each
 * sign-in): a correct password from it is never refused because others guessed at the account.
 */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
export const VERIFICATION_CODE_TTL_SECONDS = 10 * 60;
export const VERIFICATION_CODE_MAX_ATTEMPTS = 5;
export const PASSWORD_RESET_TTL_SECONDS = 60 * 60;
export const INVITATION_TTL_SECONDS = 7 * 24 * 60 * 60;
/**
 * How long a sign-in through the company's identity provider stands in for the password: deleting
 * one's account within this time of such a sign-in asks for no password.
 */
export const FRESH_SSO_SIGN_IN_SECONDS = 10 * 60;

/** Page sizes for paginated lists. */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** Opening a PostgreSQL connection gives up after this long (start-up fails, a request answers 503). */
export const DATABASE_CONNECT_TIMEOUT_MS = 5_000;
/** PostgreSQL cancels one statement after this long. */
export const DATABASE_STATEMENT_TIMEOUT_MS = 15_000;
/** PostgreSQL ends a session left idle inside an open transaction after this long. */
export const DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS = 60_000;
/** `/readyz` answers 503 when the database has not answered within this long. */
export const READINESS_TIMEOUT_MS = 2_000;

/** Dates people type (due dates, challenge dates) fall within these years. */
export const CALENDAR_YEAR_MIN = 1900;
export const CALENDAR_YEAR_MAX = 9999;

/**
 * Points for submitting (and for answering a challenge) are paid for at most this many
 * submissions per person per UTC day; approval points are not capped.
 */
export const PAID_SUBMISSIONS_PER_DAY = 5;

/** News (the company portal): lengths of a post and its category, and how many categories a company keeps. */
export const NEWS_TITLE_MAX_LENGTH = 200;
export const NEWS_BODY_MAX_LENGTH = 20_000;
export const NEWS_VIDEO_URL_MAX_LENGTH = 500;
export const NEWS_CATEGORY_NAME_MAX_LENGTH = 50;
export const NEWS_CATEGORIES_MAX = 50;

/** An action's owner is reminded once when its due date is this many days away or fewer. */
export const ACTION_DUE_SOON_DAYS = 2;
