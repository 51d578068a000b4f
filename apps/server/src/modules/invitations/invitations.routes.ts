import { api } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { companyCallerOf } from "../../core/caller.ts";
import { type ModuleOptions, serviceDependenciesOf } from "../../core/module-options.ts";
import { pathId } from "../../core/path-id.ts";
import { endpointSchema, signedInLimited, signedInRead, withParams } from "../../core/route-schema.ts";
import { sessionDeviceOf, signIn } from "../auth/auth.service.ts";
import { createInvitationsService } from "./invitations.service.ts";

const TokenParams = z.object({ token: z.string().max(200) });
const TeamParams = z.object({ teamId: z.string().max(100) });
const InvitationParams = z.object({ invitationId: z.string().max(100) });

/** Invitations: the public acceptance by token, and inviting/listing/revoking in Team Settings. */
export async function invitationsRoutes(app: FastifyInstance, options: ModuleOptions) {
  const service = createInvitationsService({ ...serviceDependenciesOf(options), config: options.config });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    api.invitationDetails.path,
    {
      schema: withParams(endpointSchema(api.invitationDetails), TokenParams),
      config: app.limitTo(api.invitationDetails),
    },
    async (request) => service.details(request.params.token),
  );

  routes.post(
    api.acceptInvitation.path,
    {
      schema: withParams(endpointSchema(api.acceptInvitation), TokenParams),
      config: app.limitTo(api.acceptInvitation),
    },
    async (request) => {
      const userId = await service.accept(request.params.token, request.body);
      return { success: true as const, ...(await signIn(options, userId, sessionDeviceOf(request))) };
    },
  );

  routes.post(api.createInvitation.path, signedInLimited(app, api.createInvitation, TeamParams), async (request) => {
    const invitation = await service.invite(
      companyCallerOf(request),
      pathId(request.params.teamId, "team.not_found"),
      request.body,
    );
    return { success: true as const, invitation };
  });

  routes.get(api.teamInvitations.path, signedInRead(app, api.teamInvitations, TeamParams), async (request) => {
    const invitations = await service.listPending(
      companyCallerOf(request),
      pathId(request.params.teamId, "team.not_found"),
    );
    return { success: true as const, invitations };
  });

  routes.delete(
    api.revokeInvitation.path,
    signedInLimited(app, api.revokeInvitation, InvitationParams),
    async (request) => {
      await service.revoke(companyCallerOf(request), pathId(request.params.invitationId, "invitation.not_found"));
      return { success: true as const };
    },
  );
}
