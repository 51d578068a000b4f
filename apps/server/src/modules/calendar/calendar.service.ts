import { AppError, type CalendarConnection, calendarFeedUrl, landingPathFor } from "@ideaport/shared";
import type PgBoss from "pg-boss";
import type { CalendarConfig } from "../../config/calendar-env.ts";
import { authorize, type CompanyCaller, loadCaller, roleSubjectOf } from "../../core/caller.ts";
import type { ServiceDependencies } from "../../core/module-options.ts";
import { translatorFor } from "../../lib/i18n.ts";
import { createSecretBox } from "../../lib/secret-box.ts";
import { noticeToPerson, notify } from "../notifications/notifications.service.ts";
import { createCalDavClient } from "./calendar.caldav.ts";
import { buildCalendarEvents, cancelledSince, reviewDueDaysOf } from "./calendar.events.ts";
import { feedEtagOf, matchesIfNoneMatch, renderCalendarFeed } from "./calendar.feed.ts";
import {
  CalendarOAuthError,
  createCalendarOAuthClient,
  isRefusedByProvider,
  type ProviderTokens,
} from "./calendar.oauth.ts";
import { presentConnection } from "./calendar.presenter.ts";
import {
  type ConnectionTokens,
  deleteConnectionsOfUser,
  type FeedReader,
  type FeedRow,
  findCompanyCalendarFacts,
  findConnectionOfUser,
  findFeedOfUser,
  findFeedOwnerByTokenHash,
  insertFeedIfMissing,
  listConnections,
  listFeedActions,
  listFeedChallenges,
  listFeedReviews,
  replaceFeed,
  updateConnectionTokens,
  upsertConnection,
  writeCompanyCalendarSettings,
} from "./calendar.repository.ts";
import { createFeedTokens, hashFeedToken } from "./calendar.token.ts";

export interface CalendarServiceDependencies extends ServiceDependencies {
  appUrl: string;
  /** The server's secret; feed tokens are derived from it (calendar.token.ts). */
  serverSecret: string;
  /** The provider of the calendar connection, or why there is none. */
  calendar: CalendarConfig;
}

/** The job queue's name for one person's calendar sync (the job itself: jobs.plugin.ts). */
export const CALENDAR_SYNC_JOB = "calendar-sync";

/**
 * Queues one person's sync: retried with backoff, and at most once every few minutes per person
 * (a sweep and a new connection do not queue it twice).
 */
export async function queueCalendarSync(boss: Pick<PgBoss, "send">, person: CalendarSyncJob): Promise<void> {
  await boss.send(CALENDAR_SYNC_JOB, person, {
    singletonKey: `calendar:${person.userId}`,
    singletonSeconds: 5 * 60,
    retryLimit: 5,
    retryBackoff: true,
  });
}

/** What taking Ideaport's events out of a disconnected calendar needs: its tokens, sealed. */
export interface CalendarRemoval {
  accessTokenEncrypted: string;
  refreshTokenEncrypted: string | null;
  tokenExpiresAt: string | null;
}

/** What a calendar sync job carries. */
export interface CalendarSyncJob {
  companyId: string;
  userId: string;
}

/** How long a started connection may take to come back through the callback. */
export const PENDING_CONNECTION_TTL_MS = 10 * 60 * 1000;

/** A token this close to its expiry is refreshed before use. */
const REFRESH_MARGIN_MS = 60 * 1000;

/** What the pending-connection cookie holds, sealed: the state, the PKCE verifier, who started it and where they return. */
interface PendingConnection {
  state: string;
  codeVerifier: string;
  userId: string;
  returnTo: string;
  expiresAt: number;
}

const OAUTH_FAILURE_ERRORS = {
  denied: "calendar.connection_denied",
  state_invalid: "calendar.connection_state_invalid",
  code_rejected: "calendar.connection_failed",
} as const;

export type CalendarService = ReturnType<typeof createCalendarService>;

/** A feed answer: the document with its ETag, or "not modified" when the client holds that ETag. */
export type FeedAnswer = { notModified: true; etag: string } | { notModified: false; etag: string; body: string };

/** The calendar connection: each person's subscription feed, and (when configured) a provider account. */
export function createCalendarService({ db, clock, appUrl, serverSecret, calendar }: CalendarServiceDependencies) {
  const tokens = createFeedTokens(serverSecret);
  const provider = calendar.provider;
  const box = provider ? createSecretBox(provider.tokenKey) : null;
  const oauthClient = provider ? createCalendarOAuthClient(provider, appUrl, clock) : null;

  function requireProvider() {
    if (!provider || !box || !oauthClient) throw new AppError("calendar.provider_unavailable");
    return { provider, box, oauthClient };
  }

  function sealTokens(tokensToSeal: ProviderTokens): ConnectionTokens {
    const { box: sealer } = requireProvider();
    return {
      accessTokenEncrypted: sealer.seal(tokensToSeal.accessToken),
      refreshTokenEncrypted: tokensToSeal.refreshToken ? sealer.seal(tokensToSeal.refreshToken) : null,
      tokenExpiresAt: tokensToSeal.expiresAt,
      scope: tokensToSeal.scope,
    };
  }

  /** A connection still works while its access token is unexpired or it can be refreshed. */
  function isUsable(row: { refreshTokenEncrypted: string | null; tokenExpiresAt: Date | null }): boolean {
    return row.refreshTokenEncrypted !== null || row.tokenExpiresAt === null || row.tokenExpiresAt > clock();
  }

  function newFeed(caller: CompanyCaller): FeedRow & { token: string } {
    const id = tokens.newFeedId();
    const token = tokens.tokenOf(id);
    return { id, token, tokenHash: hashFeedToken(token), userId: caller.id, companyId: caller.companyId };
  }

  /**
   * The caller's feed token, creating the feed on first use. A feed whose stored hash no longer
   * matches (the server secret changed) gets a new address, since the old one cannot work.
   */
  async function feedTokenOf(caller: CompanyCaller): Promise<string> {
    const existing = await findFeedOfUser(db, caller.companyId, caller.id);
    if (existing) {
      const token = tokens.tokenOf(existing.id);
      if (hashFeedToken(token) === existing.tokenHash) return token;
      const replacement = newFeed(caller);
      await replaceFeed(db, replacement);
      return replacement.token;
    }
    const created = newFeed(caller);
    const stored = await insertFeedIfMissing(db, created);
    return tokens.tokenOf(stored.id);
  }

  /**
   * A person's events and who reads them (company name and language); null for an inactive person
   * or one outside that company.
   */
  async function eventsOf(companyId: string, userId: string) {
    const caller = await loadCaller(db, userId);
    if (!caller?.isActive || caller.companyId !== companyId) return null;
    const company = await findCompanyCalendarFacts(db, companyId);
    if (!company) return null;
    const reader: FeedReader = {
      userId: caller.id,
      companyId,
      teamIds: caller.teamIds,
      managedTeamIds: caller.managedTeamIds,
      isAdmin: caller.isAdmin,
    };
    const since = cancelledSince(clock());
    const [challenges, actions, reviews] = await Promise.all([
      listFeedChallenges(db, reader, since),
      listFeedActions(db, reader, since.toISOString().slice(0, 10)),
      listFeedReviews(db, reader),
    ]);
    const t = translatorFor(caller.language);
    const events = buildCalendarEvents(
      { challenges, actions, reviews },
      {
        appUrl,
        ideasPage: landingPathFor(roleSubjectOf(caller)),
        reviewDueDays: reviewDueDaysOf(company.settings),
        companyUpdatedAt: company.updatedAt,
        t,
      },
    );
    return { events, reader: { companyName: company.name, language: caller.language, t } };
  }

  async function connectionOf(caller: CompanyCaller): Promise<CalendarConnection> {
    const row = provider ? await findConnectionOfUser(db, caller.companyId, caller.id) : undefined;
    return presentConnection(
      provider,
      calendar.unavailableReason,
      row ? { createdAt: row.createdAt, isUsable: isUsable(row) } : null,
      translatorFor(caller.language),
    );
  }

  const service = {
    /** The caller's feed address and provider connection, for Profile Settings. */
    async settings(caller: CompanyCaller) {
      const token = await feedTokenOf(caller);
      return { feedUrl: calendarFeedUrl(appUrl, token), connection: await connectionOf(caller) };
    },

    /**
     * Starts the authorization-code flow: a new state and PKCE verifier, sealed into the cookie the
     * callback brings back, and the provider's authorization URL.
     */
    async startConnection(caller: CompanyCaller, returnTo: string) {
      const { box: sealer, oauthClient: client } = requireProvider();
      const started = await client.begin();
      const pending: PendingConnection = {
        state: started.state,
        codeVerifier: started.codeVerifier,
        userId: caller.id,
        returnTo,
        expiresAt: clock().getTime() + PENDING_CONNECTION_TTL_MS,
      };
      return { authorizationUrl: started.authorizationUrl, pendingCookie: sealer.seal(JSON.stringify(pending)) };
    },

    /**
     * Finishes the flow from the callback's query: the pending cookie must be this caller's and
     * unexpired, the state must match, the code is exchanged once; the tokens are kept encrypted.
     */
    async finishConnection(caller: CompanyCaller, pendingCookie: string | undefined, callbackQuery: string) {
      const { box: sealer, oauthClient: client, provider: configured } = requireProvider();
      const opened = pendingCookie ? sealer.open(pendingCookie) : null;
      const pending = opened ? (JSON.parse(opened) as PendingConnection) : null;
      if (!pending || pending.userId !== caller.id || pending.expiresAt < clock().getTime()) {
        // A refusal still says so, even when the attempt itself can no longer be checked.
        const query = new URLSearchParams(callbackQuery);
        if (query.get("error") === "access_denied") throw new AppError("calendar.connection_denied");
        throw new AppError("calendar.connection_state_invalid");
      }
      let received: ProviderTokens;
      try {
        received = await client.finish(new URLSearchParams(callbackQuery), pending);
      } catch (error) {
        if (error instanceof CalendarOAuthError) throw new AppError(OAUTH_FAILURE_ERRORS[error.failure]);
        throw error;
      }
      await upsertConnection(
        db,
        { companyId: caller.companyId, userId: caller.id, provider: configured.issuer },
        sealTokens(received),
      );
      return { returnTo: pending.returnTo, connection: await connectionOf(caller) };
    },

    /** Disconnects the caller's calendar account: the row and its tokens are deleted. */
    async disconnect(caller: CompanyCaller) {
      const row = await findConnectionOfUser(db, caller.companyId, caller.id);
      await deleteConnectionsOfUser(db, caller.companyId, caller.id);
      // What taking Ideaport's events out of the calendar needs, once the row is gone.
      const removal: CalendarRemoval | null =
        row && provider?.caldavUrl && isUsable(row)
          ? {
              accessTokenEncrypted: row.accessTokenEncrypted,
              refreshTokenEncrypted: row.refreshTokenEncrypted,
              tokenExpiresAt: row.tokenExpiresAt?.toISOString() ?? null,
            }
          : null;
      return { connection: await connectionOf(caller), removal };
    },

    /**
     * After Disconnect: deletes the events Ideaport wrote in the calendar, with the tokens the
     * connection had (refreshed once if needed). Answers "skipped" when they no longer work.
     */
    async removeWrittenEvents(job: CalendarRemoval): Promise<"removed" | "skipped"> {
      if (!provider?.caldavUrl || !box || !oauthClient) return "skipped";
      const isFresh =
        job.tokenExpiresAt === null || new Date(job.tokenExpiresAt).getTime() - REFRESH_MARGIN_MS > clock().getTime();
      let accessToken = isFresh ? box.open(job.accessTokenEncrypted) : null;
      const refreshToken = job.refreshTokenEncrypted ? box.open(job.refreshTokenEncrypted) : null;
      if (!accessToken && refreshToken) {
        try {
          accessToken = (await oauthClient.refresh(refreshToken)).accessToken;
        } catch (error) {
          if (!isRefusedByProvider(error)) throw error;
        }
      }
      if (!accessToken) return "skipped";
      const caldav = createCalDavClient({ collectionUrl: provider.caldavUrl, accessToken });
      for (const resource of await caldav.listOwn()) await caldav.remove(resource);
      return "removed";
    },

    /**
     * A usable access token of the person's connection, refreshed first when it is about to
     * expire; null when there is no connection or it needs reconnecting. A refused refresh drops
     * the refresh token, so the connection shows "needs reconnecting" and is not tried again.
     */
    async accessTokenFor(companyId: string, userId: string): Promise<string | null> {
      const { box: sealer, oauthClient: client } = requireProvider();
      const row = await findConnectionOfUser(db, companyId, userId);
      if (!row || !isUsable(row)) return null;
      const isFresh =
        row.tokenExpiresAt === null || row.tokenExpiresAt.getTime() - REFRESH_MARGIN_MS > clock().getTime();
      if (isFresh) return sealer.open(row.accessTokenEncrypted);
      const refreshToken = row.refreshTokenEncrypted ? sealer.open(row.refreshTokenEncrypted) : null;
      if (refreshToken) {
        try {
          const renewed = await client.refresh(refreshToken);
          await updateConnectionTokens(db, companyId, row.id, sealTokens(renewed));
          return renewed.accessToken;
        } catch (error) {
          // An unreachable provider is tried again later (the job retries); a refusal is final:
          // the person reconnects rather than the job retrying forever.
          if (!isRefusedByProvider(error)) throw error;
        }
      }
      // The connection now reads "needs reconnecting"; its owner hears it once, in the bell.
      await db.transaction(async (tx) => {
        await updateConnectionTokens(tx, companyId, row.id, {
          accessTokenEncrypted: row.accessTokenEncrypted,
          refreshTokenEncrypted: null,
          tokenExpiresAt: new Date(Math.min(row.tokenExpiresAt?.getTime() ?? 0, clock().getTime())),
          scope: row.scope,
        });
        await notify(tx, { ...noticeToPerson(companyId, userId), type: "calendar_needs_reconnecting" });
      });
      return null;
    },

    /** The company's calendar settings (Company Settings). Admins only. */
    async companySettings(caller: CompanyCaller) {
      authorize(caller, "settings.company");
      const company = await findCompanyCalendarFacts(db, caller.companyId);
      return { review_due_days: reviewDueDaysOf(company?.settings) };
    },

    /** Changes the review due days; the company's change time moves every review event (SEQUENCE). Admins only. */
    async updateCompanySettings(caller: CompanyCaller, input: { review_due_days: number }) {
      authorize(caller, "settings.company");
      await writeCompanyCalendarSettings(db, caller.companyId, input.review_due_days);
      return { review_due_days: input.review_due_days };
    },

    /** A new feed address for the caller; the previous one answers 404 from now on. */
    async rotateFeed(caller: CompanyCaller): Promise<string> {
      const replacement = newFeed(caller);
      await replaceFeed(db, replacement);
      return calendarFeedUrl(appUrl, replacement.token);
    },

    /**
     * The feed a token opens, as iCalendar. An unknown or rotated token, a deactivated person and
     * a person who left the feed's company all answer 404 alike.
     */
    async feed(token: string, ifNoneMatch: string | undefined): Promise<FeedAnswer> {
      const owner = await findFeedOwnerByTokenHash(db, hashFeedToken(token));
      const calendarOf = owner ? await eventsOf(owner.companyId, owner.userId) : null;
      if (!calendarOf) throw new AppError("calendar.feed_not_found");
      const body = renderCalendarFeed(calendarOf.events, calendarOf.reader);
      const etag = feedEtagOf(body);
      return matchesIfNoneMatch(ifNoneMatch, etag) ? { notModified: true, etag } : { notModified: false, etag, body };
    },

    /**
     * Writes the person's events to their calendar through CalDAV: every current event (not the
     * cancelled ones) is put, and the events Ideaport wrote before that are no longer current are
     * deleted. Answers what happened; throws when the CalDAV server fails (the job retries).
     */
    async syncConnection(companyId: string, userId: string): Promise<"synced" | "needs_reconnecting" | "skipped"> {
      if (!provider?.caldavUrl) return "skipped";
      const calendarOf = await eventsOf(companyId, userId);
      if (!calendarOf) return "skipped";
      const accessToken = await service.accessTokenFor(companyId, userId);
      if (!accessToken) return "needs_reconnecting";
      const caldav = createCalDavClient({ collectionUrl: provider.caldavUrl, accessToken });
      const current = calendarOf.events.filter((event) => !event.cancelled);
      const wanted = new Set<string>();
      for (const event of current) {
        wanted.add(await caldav.put(event.uid, renderCalendarFeed([event], calendarOf.reader)));
      }
      for (const resource of await caldav.listOwn()) {
        if (!wanted.has(resource)) await caldav.remove(resource);
      }
      return "synced";
    },

    /** The people whose calendar account is connected and usable (of one company, or of all). */
    async connectionsToSync(companyId?: string) {
      if (!provider?.caldavUrl) return [];
      const rows = await listConnections(db, companyId);
      return rows.filter(isUsable).map((row) => ({ companyId: row.companyId, userId: row.userId }));
    },
  };
  return service;
}
