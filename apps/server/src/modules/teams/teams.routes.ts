import { api } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { callerOf, inCompany } from "../../core/caller.ts";
import type { ModuleOptions } from "../../core/module-options.ts";
import { pathId } from "../../core/path-id.ts";
import { endpointSchema, withParams } from "../../core/route-schema.ts";
import { createTeamsService } from "./teams.service.ts";

const TeamParams = z.object({ teamId: z.string().max(100) });
const MemberParams = z.object({ teamId: z.string().max(100), userId: z.string().max(100) });

/** Team Settings (managers of the team, admins) and team administration (admins). */
export async function teamsRoutes(app: FastifyInstance, options: ModuleOptions) {
  const service = createTeamsService({ db: options.database.db, clock: options.clock });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: [app.authenticate] };

  routes.get(api.teams.path, { schema: endpointSchema(api.teams), ...signedIn }, async (request) => ({
    success: true as const,
    teams: await service.list(inCompany(callerOf(request))),
  }));

  routes.post(
    api.createTeam.path,
    { schema: endpointSchema(api.createTeam), ...signedIn, config: app.limitTo(api.createTeam) },
    async (request) => ({
      success: true as const,
      team: await service.create(inCompany(callerOf(request)), request.body.name),
    }),
  );

  routes.patch(
    api.renameTeam.path,
    {
      schema: withParams(endpointSchema(api.renameTeam), TeamParams),
      ...signedIn,
      config: app.limitTo(api.renameTeam),
    },
    async (request) => ({
      success: true as const,
      team: await service.rename(
        inCompany(callerOf(request)),
        pathId(request.params.teamId, "team.not_found"),
        request.body.name,
      ),
    }),
  );

  routes.delete(
    api.deleteTeam.path,
    {
      schema: withParams(endpointSchema(api.deleteTeam), TeamParams),
      ...signedIn,
      config: app.limitTo(api.deleteTeam),
    },
    async (request) => ({
      success: true as const,
      archived: await service.remove(inCompany(callerOf(request)), pathId(request.params.teamId, "team.not_found")),
    }),
  );

  routes.get(
    api.teamMembers.path,
    { schema: withParams(endpointSchema(api.teamMembers), TeamParams), ...signedIn },
    async (request) => {
      const { team, members } = await service.members(
        inCompany(callerOf(request)),
        pathId(request.params.teamId, "team.not_found"),
      );
      return { success: true as const, team, members };
    },
  );

  routes.patch(
    api.updateTeamMember.path,
    {
      schema: withParams(endpointSchema(api.updateTeamMember), MemberParams),
      ...signedIn,
      config: app.limitTo(api.updateTeamMember),
    },
    async (request) => {
      const teamId = pathId(request.params.teamId, "team.not_found");
      const userId = pathId(request.params.userId, "user.not_found");
      const member = await service.setManager(inCompany(callerOf(request)), teamId, userId, request.body.is_manager);
      return { success: true as const, member };
    },
  );

  routes.delete(
    api.removeTeamMember.path,
    {
      schema: withParams(endpointSchema(api.removeTeamMember), MemberParams),
      ...signedIn,
      config: app.limitTo(api.removeTeamMember),
    },
    async (request) => {
      await service.removeMember(
        inCompany(callerOf(request)),
        pathId(request.params.teamId, "team.not_found"),
        pathId(request.params.userId, "user.not_found"),
      );
      return { success: true as const };
    },
  );
}
