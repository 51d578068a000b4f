import { AppError, peopleApi } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { endpointSchema } from "../../lib/endpoint-schema.ts";
import { principalOf } from "../../plugins/authentication.ts";
import { signIn } from "../companies/sign-in.ts";
import { type PeopleModuleOptions, withParams } from "../companies/tenancy.ts";
import { loadPrincipal } from "../users/principal.ts";
import { presentUser } from "../users/users.presenter.ts";
import { listCompanyUsers, updateCompanyUser } from "./company-users.service.ts";
import { presentCompanyUser } from "./settings.presenter.ts";
import { changePassword, updateProfile } from "./settings.service.ts";

const UserParams = z.object({ userId: z.string().max(100) });

/** Profile settings (everyone) and user management (admins). */
export async function settingsRoutes(app: FastifyInstance, options: PeopleModuleOptions) {
  const { db } = options.database;
  const deps = { db, clock: options.clock };
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: [app.authenticate] };

  routes.patch(
    peopleApi.updateProfile.path,
    { schema: endpointSchema(peopleApi.updateProfile), ...signedIn, config: app.limitTo(peopleApi.updateProfile) },
    async (request) => {
      const principal = principalOf(request);
      await updateProfile(deps, principal, request.body);
      const updated = await loadPrincipal(db, principal.id);
      if (!updated) throw new AppError("auth.token_invalid");
      return { success: true as const, user: presentUser(updated) };
    },
  );

  routes.post(
    peopleApi.changePassword.path,
    { schema: endpointSchema(peopleApi.changePassword), ...signedIn, config: app.limitTo(peopleApi.changePassword) },
    async (request) => {
      const principal = principalOf(request);
      await changePassword(deps, principal, request.body);
      return { success: true as const, ...(await signIn(options, principal.id)) };
    },
  );

  routes.get(
    peopleApi.companyUsers.path,
    { schema: endpointSchema(peopleApi.companyUsers), ...signedIn },
    async (request) => {
      const page = await listCompanyUsers(db, principalOf(request), request.query);
      return { success: true as const, users: page.users.map(presentCompanyUser), next_cursor: page.nextCursor };
    },
  );

  routes.patch(
    peopleApi.updateCompanyUser.path,
    {
      schema: withParams(endpointSchema(peopleApi.updateCompanyUser), UserParams),
      ...signedIn,
      config: app.limitTo(peopleApi.updateCompanyUser),
    },
    async (request) => {
      const view = await updateCompanyUser(deps, principalOf(request), request.params.userId, request.body);
      return { success: true as const, user: presentCompanyUser(view) };
    },
  );
}
