import { api } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { companyCallerOf } from "../../core/caller.ts";
import { type ModuleOptions, serviceDependenciesOf } from "../../core/module-options.ts";
import { signedInLimited } from "../../core/route-schema.ts";
import { createLeaderboardsService } from "./leaderboards.service.ts";

/** Leaderboards: employees, managers and teams, by period. */
export async function leaderboardsRoutes(app: FastifyInstance, options: ModuleOptions) {
  const service = createLeaderboardsService(serviceDependenciesOf(options));
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(api.leaderboard.path, signedInLimited(app, api.leaderboard), async (request) => {
    const board = await service.board(companyCallerOf(request), request.query);
    return { success: true as const, entries: board.entries, me: board.me };
  });
}
