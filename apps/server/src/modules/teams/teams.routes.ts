import { api } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { companyCallerOf } from "../../core/caller.ts";
import { type ModuleOptions, serviceDependenciesOf } from "../../core/module-options.ts";
import { pathIdReader } from "../../core/path-id.ts";
import { signedInLimited, signedInRead } from "../../core/route-schema.ts";
import { createTeamsService } from "./teams.service.ts";

const TeamParams = z.object({ teamId: z.string().max(100) });
const MemberParams = z.object({ teamId: z.string().max(100), userId: z.string().max(100) });

/** Team Settings (managers of the team, admins) and team administration (admins). */
export async function teamsRoutes(app: FastifyInstance, options: ModuleOptions) {
  const service = createTeamsService(serviceDependenciesOf(options));
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const teamIdOf = pathIdReader("teamId", "team.not_found");
  const userIdOf = pathIdReader("userId", "user.not_found");

  routes.get(api.teams.path, signedInRead(app, api.teams), async (request) => ({
    success: true as const,
    teams: await service.list(companyCallerOf(request)),
  }));

  routes.post(api.createTeam.path, signedInLimited(app, api.createTeam), async (request) => ({
    success: true as const,
    team: await service.create(companyCallerOf(request), request.body.name),
  }));

  routes.patch(api.renameTeam.path, signedInLimited(app, api.renameTeam, TeamParams), async (request) => ({
    success: true as const,
    team: await service.rename(companyCallerOf(request), teamIdOf(request), request.body.name),
  }));

  routes.delete(api.deleteTeam.path, signedInLimited(app, api.deleteTeam, TeamParams), async (request) => ({
    success: true as const,
    archived: await service.remove(companyCallerOf(request), teamIdOf(request)),
  }));

  routes.get(api.teamMembers.path, signedInRead(app, api.teamMembers, TeamParams), async (request) => {
    const { team, members } = await service.members(companyCallerOf(request), teamIdOf(request));
    return { success: true as const, team, members };
  });

  routes.patch(api.updateTeamMember.path, signedInLimited(app, api.updateTeamMember, MemberParams), async (request) => {
    const teamId = teamIdOf(request);
    const userId = userIdOf(request);
    const member = await service.setManager(companyCallerOf(request), teamId, userId, request.body.is_manager);
    return { success: true as const, member };
  });

  routes.delete(
    api.removeTeamMember.path,
    signedInLimited(app, api.removeTeamMember, MemberParams),
    async (request) => {
      await service.removeMember(companyCallerOf(request), teamIdOf(request), userIdOf(request));
      return { success: true as const };
    },
  );
}
