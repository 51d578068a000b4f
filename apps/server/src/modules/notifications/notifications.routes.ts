import { AppError, api } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { callerOf, companyCallerOf } from "../../core/caller.ts";
import { type ModuleOptions, serviceDependenciesOf } from "../../core/module-options.ts";
import { endpointSchema, signedInLimited, withParams } from "../../core/route-schema.ts";
import { createNotificationsService } from "./notifications.service.ts";

/**
 * The notification bell: the caller's list (polled every 60 s), its live stream, and marking read.
 * The stream's machinery is `app.notificationStreams` (notifications.plugin.ts).
 */
export async function notificationsRoutes(app: FastifyInstance, options: ModuleOptions) {
  const service = createNotificationsService(serviceDependenciesOf(options));
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    api.notifications.path,
    {
      schema: withParams(endpointSchema(api.notifications), z.object({ userId: z.string().max(100) })),
      onRequest: [app.authenticate],
    },
    async (request) => {
      const page = await service.list(callerOf(request), request.params.userId, request.query);
      return {
        success: true as const,
        notifications: page.notifications,
        next_cursor: page.nextCursor,
        unread_count: page.unreadCount,
      };
    },
  );

  // Server-Sent Events, not JSON: no response schema. Registered beside `:userId/`, which a
  // static path outranks in Fastify's router.
  routes.get(
    api.notificationStream.path,
    { onRequest: [app.authenticate], config: app.limitTo(api.notificationStream) },
    async (request, reply) => {
      const caller = companyCallerOf(request);
      // A client that does not ask for events (a plain fetch, a prefetcher) gets an answer, not a
      // connection held open.
      if (!request.headers.accept?.includes("text/event-stream")) throw new AppError("request.not_acceptable");
      const lastEventId = request.headers["last-event-id"];
      const stream = app.notificationStreams.open(
        caller,
        typeof lastEventId === "string" ? lastEventId : undefined,
        request.accessTokenExpiresAt ?? 0,
      );
      reply.raw.on("close", () => stream.destroy());
      return reply
        .header("content-type", "text/event-stream; charset=utf-8")
        .header("cache-control", "no-cache, no-transform")
        .header("x-accel-buffering", "no")
        .send(stream);
    },
  );

  routes.post(api.markNotificationsRead.path, signedInLimited(app, api.markNotificationsRead), async (request) => {
    await service.markRead(callerOf(request), request.body.ids);
    return { success: true as const };
  });
}
