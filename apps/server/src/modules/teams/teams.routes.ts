import { api } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { callerOf, inCompany } from "../../core/caller.ts";
import type { ModuleOptions } from "../../core/module-options.ts";
import { pathId } from "../../core/path-id.ts";
import { signedInChange, signedInRead } from "../../core/route-schema.ts";
import { createTeamsService } from "./teams.service.ts";

const TeamParams = z.object({ teamId: z.string().max(100) });
const MemberParams = z.object({ teamId: z.string().max(100), userId: z.string().max(100) });

/** Team Settings (managers of the team, admins) and team administration (admins). */
export async function teamsRoutes(app: FastifyInstance, options: ModuleOptions) {
  const service = createTeamsService({ db: options.database.db, clock: options.clock });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(api.teams.path, signedInRead(app, api.teams), async (request) => ({
    success: true as const,
    teams: await service.list(inCompany(callerOf(request))),
  }));

  routes.post(api.createTeam.path, signedInChange(app, api.createTeam), async (request) => ({
    success: true as const,
    team: await service.create(inCompany(callerOf(request)), request.body.name),
  }));

  routes.patch(api.renameTeam.path, signedInChange(app, api.renameTeam, TeamParams), async (request) => ({
    success: true as const,
    team: await service.rename(
      inCompany(callerOf(request)),
      pathId(request.params.teamId, "team.not_found"),
      request.body.name,
    ),
  }));

  routes.delete(api.deleteTeam.path, signedInChange(app, api.deleteTeam, TeamParams), async (request) => ({
    success: true as const,
    archived: await service.remove(inCompany(callerOf(request)), pathId(request.params.teamId, "team.not_found")),
  }));

  routes.get(api.teamMembers.path, signedInRead(app, api.teamMembers, TeamParams), async (request) => {
    const { team, members } = await service.members(
      inCompany(callerOf(request)),
      pathId(request.params.teamId, "team.not_found"),
    );
    return { success: true as const, team, members };
  });

  routes.patch(api.updateTeamMember.path, signedInChange(app, api.updateTeamMember, MemberParams), async (request) => {
    const teamId = pathId(request.params.teamId, "team.not_found");
    const userId = pathId(request.params.userId, "user.not_found");
    const member = await service.setManager(inCompany(callerOf(request)), teamId, userId, request.body.is_manager);
    return { success: true as const, member };
  });

  routes.delete(api.removeTeamMember.path, signedInChange(app, api.removeTeamMember, MemberParams), async (request) => {
    await service.removeMember(
      inCompany(callerOf(request)),
      pathId(request.params.teamId, "team.not_found"),
      pathId(request.params.userId, "user.not_found"),
    );
    return { success: true as const };
  });
}
