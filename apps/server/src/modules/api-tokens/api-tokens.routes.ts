import { api, IdParamsSchema } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { companyCallerOf } from "../../core/caller.ts";
import { type ModuleOptions, serviceDependenciesOf } from "../../core/module-options.ts";
import { pathId } from "../../core/path-id.ts";
import { signedInLimited, signedInRead } from "../../core/route-schema.ts";
import { createApiTokensService } from "./api-tokens.service.ts";

/** Profile Settings → API tokens: the caller's own tokens. */
export async function apiTokensRoutes(app: FastifyInstance, options: ModuleOptions) {
  const tokens = createApiTokensService(serviceDependenciesOf(options));
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(api.apiTokens.path, signedInRead(app, api.apiTokens), async (request) => ({
    success: true as const,
    tokens: await tokens.list(companyCallerOf(request)),
  }));

  routes.post(api.createApiToken.path, signedInLimited(app, api.createApiToken), async (request) => ({
    success: true as const,
    ...(await tokens.create(companyCallerOf(request), request.body)),
  }));

  routes.delete(api.revokeApiToken.path, signedInLimited(app, api.revokeApiToken, IdParamsSchema), async (request) => {
    await tokens.revoke(companyCallerOf(request), pathId(request.params.id, "api_token.not_found"));
    return { success: true as const };
  });
}
