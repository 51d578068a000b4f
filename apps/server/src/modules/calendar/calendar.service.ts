import {
  AppError,
  CALENDAR_MESSAGES,
  type CalendarConnection,
  calendarFeedUrl,
  landingPathFor,
} from "@ideaport/shared";
import { type CompanyCaller, loadCaller, roleSubjectOf } from "../../core/caller.ts";
import type { Database } from "../../db/client.ts";
import { buildCalendarEvents, cancelledSince, reviewDueDaysOf } from "./calendar.events.ts";
import { feedEtagOf, matchesIfNoneMatch, renderCalendarFeed } from "./calendar.feed.ts";
import {
  type FeedReader,
  type FeedRow,
  findCompanyCalendarFacts,
  findFeedOfUser,
  findFeedOwnerByTokenHash,
  insertFeedIfMissing,
  listFeedActions,
  listFeedChallenges,
  listFeedReviews,
  replaceFeed,
} from "./calendar.repository.ts";
import { createFeedTokens, hashFeedToken } from "./calendar.token.ts";

export interface CalendarServiceDependencies {
  db: Database;
  clock: () => Date;
  appUrl: string;
  /** The server's secret; feed tokens are derived from it (calendar.token.ts). */
  serverSecret: string;
}

export type CalendarService = ReturnType<typeof createCalendarService>;

/** A feed answer: the document with its ETag, or "not modified" when the client holds that ETag. */
export type FeedAnswer = { notModified: true; etag: string } | { notModified: false; etag: string; body: string };

/** The calendar connection: each person's subscription feed, and (when configured) a provider account. */
export function createCalendarService({ db, clock, appUrl, serverSecret }: CalendarServiceDependencies) {
  const tokens = createFeedTokens(serverSecret);

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

  function connectionOf(): CalendarConnection {
    return {
      available: false,
      unavailable_reason: CALENDAR_MESSAGES.providerNotConfigured,
      status: "not_connected",
      provider_name: null,
      connected_at: null,
    };
  }

  return {
    /** The caller's feed address and provider connection, for Profile Settings. */
    async settings(caller: CompanyCaller) {
      const token = await feedTokenOf(caller);
      return { feedUrl: calendarFeedUrl(appUrl, token), connection: connectionOf() };
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
      const caller = owner ? await loadCaller(db, owner.userId) : null;
      if (!owner || !caller?.isActive || caller.companyId !== owner.companyId) {
        throw new AppError("calendar.feed_not_found");
      }
      const company = await findCompanyCalendarFacts(db, owner.companyId);
      if (!company) throw new AppError("calendar.feed_not_found");
      const reader: FeedReader = {
        userId: caller.id,
        companyId: owner.companyId,
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
      const events = buildCalendarEvents(
        { challenges, actions, reviews },
        {
          appUrl,
          ideasPage: landingPathFor(roleSubjectOf(caller)),
          reviewDueDays: reviewDueDaysOf(company.settings),
          companyUpdatedAt: company.updatedAt,
        },
      );
      const body = renderCalendarFeed(events, company.name);
      const etag = feedEtagOf(body);
      return matchesIfNoneMatch(ifNoneMatch, etag) ? { notModified: true, etag } : { notModified: false, etag, body };
    },
  };
}
