import { AppError, api, CALENDAR_FEED_PATH_PREFIX } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { callerOf, inCompany } from "../../core/caller.ts";
import type { ModuleOptions } from "../../core/module-options.ts";
import { endpointSchema } from "../../core/route-schema.ts";
import { createCalendarService } from "./calendar.service.ts";
import { feedTokenOfFileName } from "./calendar.token.ts";

/** The feed's route: `/calendar/{token}.ics`, read by calendar apps without any session. */
export const CALENDAR_FEED_ROUTE = `${CALENDAR_FEED_PATH_PREFIX}:file`;

const FeedParamsSchema = z.object({ file: z.string().max(200) });

/** The calendar connection: the caller's feed address (Profile Settings) and the feed itself. */
export async function calendarRoutes(app: FastifyInstance, options: ModuleOptions) {
  const service = createCalendarService({
    db: options.database.db,
    clock: options.clock,
    appUrl: options.config.appUrl,
    serverSecret: options.config.jwtSecret,
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    api.calendarSettings.path,
    {
      onRequest: [app.authenticate],
      schema: endpointSchema(api.calendarSettings),
      config: app.limitTo(api.calendarSettings),
    },
    async (request) => {
      const settings = await service.settings(inCompany(callerOf(request)));
      return { success: true as const, feed_url: settings.feedUrl, connection: settings.connection };
    },
  );

  routes.post(
    api.rotateCalendarFeed.path,
    {
      onRequest: [app.authenticate],
      schema: endpointSchema(api.rotateCalendarFeed),
      config: app.limitTo(api.rotateCalendarFeed),
    },
    async (request) => ({ success: true as const, feed_url: await service.rotateFeed(inCompany(callerOf(request))) }),
  );

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
