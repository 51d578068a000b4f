import { peopleApi } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { endpointSchema } from "../../lib/endpoint-schema.ts";
import { principalOf } from "../../plugins/authentication.ts";
import { type PeopleModuleOptions, withParams } from "../companies/tenancy.ts";
import { presentTeamMember, presentTeamSummary } from "./teams.presenter.ts";
import {
  createTeam,
  deleteTeam,
  listTeamMembers,
  listTeamsFor,
  removeTeamMember,
  renameTeam,
  setTeamManager,
} from "./teams.service.ts";

const TeamParams = z.object({ teamId: z.string().max(100) });
const MemberParams = z.object({ teamId: z.string().max(100), userId: z.string().max(100) });

/** Team Settings (managers of the team, admins) and team administration (admins). */
export async function teamsRoutes(app: FastifyInstance, options: PeopleModuleOptions) {
  const { db } = options.database;
  const deps = { db, clock: options.clock };
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: [app.authenticate] };

  routes.get(peopleApi.teams.path, { schema: endpointSchema(peopleApi.teams), ...signedIn }, async (request) => ({
    success: true as const,
    teams: (await listTeamsFor(db, principalOf(request))).map(presentTeamSummary),
  }));

  routes.post(
    peopleApi.createTeam.path,
    { schema: endpointSchema(peopleApi.createTeam), ...signedIn, config: app.limitTo(peopleApi.createTeam) },
    async (request) => ({
      success: true as const,
      team: presentTeamSummary(await createTeam(deps, principalOf(request), request.body.name)),
    }),
  );

  routes.patch(
    peopleApi.renameTeam.path,
    {
      schema: withParams(endpointSchema(peopleApi.renameTeam), TeamParams),
      ...signedIn,
      config: app.limitTo(peopleApi.renameTeam),
    },
    async (request) => ({
      success: true as const,
      team: presentTeamSummary(await renameTeam(deps, principalOf(request), request.params.teamId, request.body.name)),
    }),
  );

  routes.delete(
    peopleApi.deleteTeam.path,
    {
      schema: withParams(endpointSchema(peopleApi.deleteTeam), TeamParams),
      ...signedIn,
      config: app.limitTo(peopleApi.deleteTeam),
    },
    async (request) => ({
      success: true as const,
      archived: await deleteTeam(deps, principalOf(request), request.params.teamId),
    }),
  );

  routes.get(
    peopleApi.teamMembers.path,
    { schema: withParams(endpointSchema(peopleApi.teamMembers), TeamParams), ...signedIn },
    async (request) => {
      const { team, members } = await listTeamMembers(db, principalOf(request), request.params.teamId);
      return {
        success: true as const,
        team: presentTeamSummary(team),
        members: members.map((member) => presentTeamMember(member.user, member.isManager)),
      };
    },
  );

  routes.patch(
    peopleApi.updateTeamMember.path,
    {
      schema: withParams(endpointSchema(peopleApi.updateTeamMember), MemberParams),
      ...signedIn,
      config: app.limitTo(peopleApi.updateTeamMember),
    },
    async (request) => {
      const { teamId, userId } = request.params;
      const member = await setTeamManager(deps, principalOf(request), teamId, userId, request.body.is_manager);
      return { success: true as const, member: presentTeamMember(member.user, member.isManager) };
    },
  );

  routes.delete(
    peopleApi.removeTeamMember.path,
    {
      schema: withParams(endpointSchema(peopleApi.removeTeamMember), MemberParams),
      ...signedIn,
      config: app.limitTo(peopleApi.removeTeamMember),
    },
    async (request) => {
      await removeTeamMember(deps, principalOf(request), request.params.teamId, request.params.userId);
      return { success: true as const };
    },
  );
}
