import { api } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { companyCallerOf } from "../../core/caller.ts";
import { type ModuleOptions, serviceDependenciesOf } from "../../core/module-options.ts";
import { pathId } from "../../core/path-id.ts";
import { signedInLimited, signedInRead } from "../../core/route-schema.ts";
import { createScimTokensService } from "./scim-tokens.service.ts";

const TokenParamsSchema = z.object({ tokenId: z.string().max(100) });

/** Company Settings → Provisioning: the company's SCIM tokens (admins). */
export async function scimTokensRoutes(app: FastifyInstance, options: ModuleOptions) {
  const tokens = createScimTokensService(serviceDependenciesOf(options));
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(api.scimTokens.path, signedInRead(app, api.scimTokens), async (request) => ({
    success: true as const,
    tokens: await tokens.list(companyCallerOf(request)),
  }));

  routes.post(api.createScimToken.path, signedInLimited(app, api.createScimToken), async (request) => ({
    success: true as const,
    ...(await tokens.create(companyCallerOf(request), request.body)),
  }));

  routes.delete(
    api.revokeScimToken.path,
    signedInLimited(app, api.revokeScimToken, TokenParamsSchema),
    async (request) => {
      await tokens.revoke(companyCallerOf(request), pathId(request.params.tokenId, "scim_token.not_found"));
      return { success: true as const };
    },
  );
}
