import { AppError, api } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { endpointSchema } from "../../lib/endpoint-schema.ts";
import { principalOf } from "../../plugins/authentication.ts";
import { type PeopleModuleOptions, withParams } from "../companies/tenancy.ts";
import { presentNotification } from "./notifications.presenter.ts";
import { listNotifications, markNotificationsRead } from "./notifications.service.ts";

/** The notification bell: the caller's list (polled every 60 s) and marking read. */
export async function notificationsRoutes(app: FastifyInstance, options: PeopleModuleOptions) {
  const { db } = options.database;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    api.notifications.path,
    {
      schema: withParams(endpointSchema(api.notifications), z.object({ userId: z.string().max(100) })),
      onRequest: [app.authenticate],
    },
    async (request) => {
      const principal = principalOf(request);
      // Only one's own bell: the path names the user for the spec's client, not to choose one.
      if (request.params.userId !== principal.id) throw new AppError("auth.forbidden");
      const page = await listNotifications(db, {
        userId: principal.id,
        cursor: request.query.cursor,
        limit: request.query.limit,
      });
      return {
        success: true as const,
        notifications: page.items.map(presentNotification),
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
      const principal = principalOf(request);
      await markNotificationsRead(db, { userId: principal.id, ids: request.body.ids, now: options.clock() });
      return { success: true as const };
    },
  );
}
