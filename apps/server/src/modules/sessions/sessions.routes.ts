import { api } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { callerOf } from "../../core/caller.ts";
import { type ModuleOptions, serviceDependenciesOf } from "../../core/module-options.ts";
import { pathId } from "../../core/path-id.ts";
import { signedInLimited, signedInRead } from "../../core/route-schema.ts";
import { createSessionsService } from "./sessions.service.ts";

const SessionParamsSchema = z.object({ sessionId: z.string().max(100) });

/** Profile Settings → Sessions: the caller's signed-in devices, and signing them out. */
export async function sessionsRoutes(app: FastifyInstance, options: ModuleOptions) {
  const sessions = createSessionsService(serviceDependenciesOf(options));
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(api.sessions.path, signedInRead(app, api.sessions), async (request) => ({
    success: true as const,
    sessions: await sessions.list(callerOf(request), request.sessionId),
  }));

  routes.delete(
    api.signOutSession.path,
    signedInLimited(app, api.signOutSession, SessionParamsSchema),
    async (request) => {
      await sessions.signOut(callerOf(request), pathId(request.params.sessionId, "session.not_found"));
      return { success: true as const };
    },
  );

  routes.delete(api.signOutEverywhere.path, signedInLimited(app, api.signOutEverywhere), async (request) => ({
    success: true as const,
    signed_out: await sessions.signOutEverywhereElse(callerOf(request), request.sessionId),
  }));
}
