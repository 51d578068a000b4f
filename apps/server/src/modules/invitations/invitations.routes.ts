import { peopleApi } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { endpointSchema } from "../../lib/endpoint-schema.ts";
import { principalOf } from "../../plugins/authentication.ts";
import { signIn } from "../companies/sign-in.ts";
import { type PeopleModuleOptions, wakeMailOutbox, withParams } from "../companies/tenancy.ts";
import { presentInvitation, presentInvitationDetails } from "./invitations.presenter.ts";
import {
  acceptInvitation,
  inviteToTeam,
  listPendingInvitations,
  readInvitation,
  revokeInvitation,
} from "./invitations.service.ts";

const TokenParams = z.object({ token: z.string().max(200) });
const TeamParams = z.object({ teamId: z.string().max(100) });
const InvitationParams = z.object({ invitationId: z.string().max(100) });

/** Invitations: the public acceptance by token, and inviting/listing/revoking in Team Settings. */
export async function invitationsRoutes(app: FastifyInstance, options: PeopleModuleOptions) {
  const { db } = options.database;
  const deps = { db, clock: options.clock, appUrl: options.config.appUrl };
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    peopleApi.invitationDetails.path,
    {
      schema: withParams(endpointSchema(peopleApi.invitationDetails), TokenParams),
      config: app.limitTo(peopleApi.invitationDetails),
    },
    async (request) => presentInvitationDetails(await readInvitation(db, request.params.token, options.clock())),
  );

  routes.post(
    peopleApi.acceptInvitation.path,
    {
      schema: withParams(endpointSchema(peopleApi.acceptInvitation), TokenParams),
      config: app.limitTo(peopleApi.acceptInvitation),
    },
    async (request) => {
      const userId = await acceptInvitation(deps, request.params.token, request.body);
      return { success: true as const, ...(await signIn(options, userId)) };
    },
  );

  routes.post(
    peopleApi.createInvitation.path,
    {
      schema: withParams(endpointSchema(peopleApi.createInvitation), TeamParams),
      onRequest: [app.authenticate],
      config: app.limitTo(peopleApi.createInvitation),
    },
    async (request) => {
      const invitation = await inviteToTeam(deps, principalOf(request), request.params.teamId, request.body);
      wakeMailOutbox(app);
      return { success: true as const, invitation: presentInvitation(invitation) };
    },
  );

  routes.get(
    peopleApi.teamInvitations.path,
    { schema: withParams(endpointSchema(peopleApi.teamInvitations), TeamParams), onRequest: [app.authenticate] },
    async (request) => {
      const invitations = await listPendingInvitations(deps, principalOf(request), request.params.teamId);
      return { success: true as const, invitations: invitations.map(presentInvitation) };
    },
  );

  routes.delete(
    peopleApi.revokeInvitation.path,
    {
      schema: withParams(endpointSchema(peopleApi.revokeInvitation), InvitationParams),
      onRequest: [app.authenticate],
      config: app.limitTo(peopleApi.revokeInvitation),
    },
    async (request) => {
      await revokeInvitation(deps, principalOf(request), request.params.invitationId);
      return { success: true as const };
    },
  );
}
