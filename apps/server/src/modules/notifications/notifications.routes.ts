import { api } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { callerOf } from "../../core/caller.ts";
import type { ModuleOptions } from "../../core/module-options.ts";
import { endpointSchema, withParams } from "../../core/route-schema.ts";
import { createNotificationsService } from "./notifications.service.ts";

/** The notification bell: the caller's list (polled every 60 s) and marking read. */
export async function notificationsRoutes(app: FastifyInstance, options: ModuleOptions) {
  const service = createNotificationsService({ db: options.database.db, clock: options.clock });
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

  routes.post(
    api.markNotificationsRead.path,
    {
      schema: endpointSchema(api.markNotificationsRead),
      onRequest: [app.authenticate],
      config: app.limitTo(api.markNotificationsRead),
    },
    async (request) => {
      await service.markRead(callerOf(request), request.body.ids);
      return { success: true as const };
    },
  );
}
