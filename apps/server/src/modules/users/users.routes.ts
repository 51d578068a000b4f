import { api } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { DatabaseHandle } from "../../db/client.ts";
import { endpointSchema } from "../../lib/endpoint-schema.ts";
import { principalOf } from "../../plugins/authentication.ts";
import { presentUser } from "./users.presenter.ts";
import { createUsersService } from "./users.service.ts";

const UserIdParamsSchema = z.object({ userId: z.string().max(100) });

/** The current user, a colleague's display name, and the onboarding status. */
export async function usersRoutes(app: FastifyInstance, options: { database: DatabaseHandle }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const users = createUsersService({ db: options.database.db });

  routes.get(
    api.currentUser.path,
    { schema: endpointSchema(api.currentUser), onRequest: [app.authenticate] },
    async (request) => presentUser(principalOf(request)),
  );

  routes.get(
    api.userDisplayName.path,
    {
      schema: endpointSchema(api.userDisplayName, { params: UserIdParamsSchema }),
      onRequest: [app.authenticate],
    },
    async (request) =>
      users.displayNameOf(principalOf(request), (request.params as z.infer<typeof UserIdParamsSchema>).userId),
  );

  routes.post(
    api.updateOnboardingStatus.path,
    {
      schema: endpointSchema(api.updateOnboardingStatus),
      onRequest: [app.authenticate],
      config: app.limitTo(api.updateOnboardingStatus),
    },
    async (request) => ({
      success: true as const,
      user: await users.updateOnboardingStatus(principalOf(request), request.body.onboarding_status),
    }),
  );
}
