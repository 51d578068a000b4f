import { api } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { callerOf } from "../../core/caller.ts";
import type { ModuleOptions } from "../../core/module-options.ts";
import { pathId } from "../../core/path-id.ts";
import { endpointSchema, signedInLimited, signedInRead } from "../../core/route-schema.ts";
import { createUsersService } from "./users.service.ts";

const UserIdParamsSchema = z.object({ userId: z.string().max(100) });

/** The current user, a colleague's display name, and the onboarding status. */
export async function usersRoutes(app: FastifyInstance, options: ModuleOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const users = createUsersService({ db: options.database.db });

  routes.get(api.currentUser.path, signedInRead(app, api.currentUser), async (request) =>
    users.current(callerOf(request)),
  );

  routes.get(
    api.userDisplayName.path,
    {
      schema: endpointSchema(api.userDisplayName, { params: UserIdParamsSchema }),
      onRequest: [app.authenticate],
    },
    async (request) =>
      users.displayNameOf(
        callerOf(request),
        pathId((request.params as z.infer<typeof UserIdParamsSchema>).userId, "request.not_found"),
      ),
  );

  routes.post(api.updateOnboardingStatus.path, signedInLimited(app, api.updateOnboardingStatus), async (request) => ({
    success: true as const,
    user: await users.updateOnboardingStatus(callerOf(request), request.body.onboarding_status),
  }));
}
