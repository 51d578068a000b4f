import { AppError, api, CALENDAR_FEED_PATH_PREFIX } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { callerOf, companyCallerOf } from "../../core/caller.ts";
import { type ModuleOptions, serviceDependenciesOf } from "../../core/module-options.ts";
import { signedInLimited } from "../../core/route-schema.ts";
import { createCalendarService, PENDING_CONNECTION_TTL_MS, queueCalendarSync } from "./calendar.service.ts";
import { feedTokenOfFileName } from "./calendar.token.ts";

/** The feed's route: `/calendar/{token}.ics`, read by calendar apps without any session. */
export const CALENDAR_FEED_ROUTE = `${CALENDAR_FEED_PATH_PREFIX}:file`;

/** The sealed state and PKCE verifier of a connection being made, sent only to the connection's routes. */
const PENDING_CONNECTION_COOKIE = "calendar_connection";

const FeedParamsSchema = z.object({ file: z.string().max(200) });

/** The calendar connection: the caller's feed address (Profile Settings) and the feed itself. */
export async function calendarRoutes(app: FastifyInstance, options: ModuleOptions) {
  const service = createCalendarService({
    ...serviceDependenciesOf(options),
    appUrl: options.config.appUrl,
    serverSecret: options.config.jwtSecret,
    calendar: options.config.calendar,
  });
  const pendingCookieOptions = {
    path: "/api/calendar/connection/",
    httpOnly: true,
    sameSite: "lax" as const,
    secure: options.config.appUrl.startsWith("https:"),
  };
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(api.calendarSettings.path, signedInLimited(app, api.calendarSettings), async (request) => {
    const settings = await service.settings(companyCallerOf(request));
    return { success: true as const, feed_url: settings.feedUrl, connection: settings.connection };
  });

  routes.post(api.rotateCalendarFeed.path, signedInLimited(app, api.rotateCalendarFeed), async (request) => ({
    success: true as const,
    feed_url: await service.rotateFeed(companyCallerOf(request)),
  }));

  routes.post(
    api.startCalendarConnection.path,
    signedInLimited(app, api.startCalendarConnection),
    async (request, reply) => {
      const started = await service.startConnection(companyCallerOf(request), request.body.return_to);
      reply.setCookie(PENDING_CONNECTION_COOKIE, started.pendingCookie, {
        ...pendingCookieOptions,
        maxAge: PENDING_CONNECTION_TTL_MS / 1000,
      });
      return { success: true as const, authorization_url: started.authorizationUrl };
    },
  );

  routes.post(
    api.finishCalendarConnection.path,
    signedInLimited(app, api.finishCalendarConnection),
    async (request, reply) => {
      // The attempt is used up whatever the outcome: a second try starts again.
      reply.clearCookie(PENDING_CONNECTION_COOKIE, pendingCookieOptions);
      const finished = await service.finishConnection(
        companyCallerOf(request),
        request.cookies[PENDING_CONNECTION_COOKIE],
        request.body.callback_query,
      );
      // The first sync runs at once, on the job queue (never in this request).
      const person = { companyId: companyCallerOf(request).companyId, userId: callerOf(request).id };
      app.jobQueue?.started
        .then((boss) => (boss ? queueCalendarSync(boss, person) : undefined))
        .catch((error: unknown) => request.log.error({ err: error }, "the first calendar sync could not be queued"));
      return { success: true as const, return_to: finished.returnTo, connection: finished.connection };
    },
  );

  routes.get(api.calendarCompanySettings.path, signedInLimited(app, api.calendarCompanySettings), async (request) => ({
    success: true as const,
    settings: await service.companySettings(companyCallerOf(request)),
  }));

  routes.put(
    api.updateCalendarCompanySettings.path,
    signedInLimited(app, api.updateCalendarCompanySettings),
    async (request) => ({
      success: true as const,
      settings: await service.updateCompanySettings(companyCallerOf(request), request.body),
    }),
  );

  routes.delete(api.disconnectCalendar.path, signedInLimited(app, api.disconnectCalendar), async (request) => {
    const { connection, removal } = await service.disconnect(companyCallerOf(request));
    // Ideaport's events leave the calendar after the answer, best effort, with the tokens held
    // in memory only: the database keeps no token once disconnected, not even in the job queue.
    if (removal) {
      void service
        .removeWrittenEvents(removal)
        .catch((error: unknown) =>
          request.log.warn({ err: error }, "Ideaport's events could not be removed from the calendar"),
        );
    }
    return { success: true as const, connection };
  });

  // Calendar apps poll this address; an unchanged feed answers 304 to its ETag. Neither caches
  // nor proxies may keep a copy: the address is a secret and the data is the person's.
  routes.get(
    CALENDAR_FEED_ROUTE,
    {
      schema: { hide: true, params: FeedParamsSchema },
      config: app.limitTo({ method: "GET", path: CALENDAR_FEED_ROUTE }),
    },
    async (request, reply) => {
      const token = feedTokenOfFileName(request.params.file);
      if (!token) throw new AppError("calendar.feed_not_found");
      const answer = await service.feed(token, request.headers["if-none-match"]);
      reply.header("etag", answer.etag);
      reply.header("cache-control", "private, no-cache");
      reply.header("x-robots-tag", "noindex");
      if (answer.notModified) return reply.code(304).send();
      return reply
        .type("text/calendar; charset=utf-8")
        .header("content-disposition", 'inline; filename="ideaport.ics"')
        .send(answer.body);
    },
  );
}
