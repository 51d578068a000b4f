import { api } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { callerOf } from "../../core/caller.ts";
import { type ModuleOptions, serviceDependenciesOf } from "../../core/module-options.ts";
import { pathId } from "../../core/path-id.ts";
import { signedInLimited, signedInRead } from "../../core/route-schema.ts";
import { sessionDeviceOf, signIn } from "../auth/auth.service.ts";
import { createSettingsService } from "./settings.service.ts";

const UserParams = z.object({ userId: z.string().max(100) });

/** Profile settings (everyone) and user management (admins). */
export async function settingsRoutes(app: FastifyInstance, options: ModuleOptions) {
  const settings = createSettingsService(serviceDependenciesOf(options));
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.patch(api.updateProfile.path, signedInLimited(app, api.updateProfile), async (request) => ({
    success: true as const,
    user: await settings.updateProfile(callerOf(request), request.body),
  }));

  routes.post(api.changePassword.path, signedInLimited(app, api.changePassword), async (request) => {
    const caller = callerOf(request);
    await settings.changePassword(caller, request.body);
    // Every session ended with the change: this browser signs in again with fresh tokens.
    return { success: true as const, ...(await signIn(options, caller.id, sessionDeviceOf(request))) };
  });

  routes.get(api.companyUsers.path, signedInRead(app, api.companyUsers), async (request) => ({
    success: true as const,
    ...(await settings.listCompanyUsers(callerOf(request), request.query)),
  }));

  routes.patch(
    api.updateCompanyUser.path,
    signedInLimited(app, api.updateCompanyUser, UserParams),
    async (request) => ({
      success: true as const,
      user: await settings.updateCompanyUser(
        callerOf(request),
        pathId(request.params.userId, "user.not_found"),
        request.body,
      ),
    }),
  );
}
