import { api } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { companyCallerOf } from "../../core/caller.ts";
import { type ModuleOptions, serviceDependenciesOf } from "../../core/module-options.ts";
import { endpointSchema, signedInLimited } from "../../core/route-schema.ts";
import { createLoginReplies } from "./auth.routes.ts";
import { createAuthService, sessionDeviceOf } from "./auth.service.ts";
import { createSsoService } from "./sso.service.ts";

/** Single sign-on: the company's provider (Company Settings → Sign-in) and the sign-in through it. */
export async function ssoRoutes(app: FastifyInstance, options: ModuleOptions) {
  const { config } = options;
  const service = createSsoService({
    ...serviceDependenciesOf(options),
    appUrl: config.appUrl,
    serverSecret: config.jwtSecret,
    allowPrivateNetworks: config.integrationsAllowPrivateNetworks,
  });
  const auth = createAuthService({
    db: options.database.db,
    accessTokens: options.accessTokens,
    clock: options.clock,
    refreshTokenSecret: config.jwtSecret,
    appUrl: config.appUrl,
  });
  const loginReplies = createLoginReplies(config);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(api.companySso.path, signedInLimited(app, api.companySso), async (request) => ({
    success: true as const,
    sso: await service.settings(companyCallerOf(request)),
  }));

  routes.put(api.updateCompanySso.path, signedInLimited(app, api.updateCompanySso), async (request) => ({
    success: true as const,
    sso: await service.update(companyCallerOf(request), request.body),
  }));

  routes.post(
    api.ssoLookup.path,
    { schema: endpointSchema(api.ssoLookup), config: app.limitTo(api.ssoLookup) },
    async (request) => ({ success: true as const, ...(await service.lookup(request.body.email)) }),
  );

  routes.post(
    api.startSso.path,
    { schema: endpointSchema(api.startSso), config: app.limitTo(api.startSso) },
    async (request) => ({ success: true as const, redirect_url: await service.start(request.body.email) }),
  );

  routes.get(
    api.ssoCallback.path,
    {
      schema: { querystring: api.ssoCallback.query },
      config: app.limitTo(api.ssoCallback),
    },
    async (request, reply) => {
      const query = new URLSearchParams(
        Object.entries(request.query).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
      );
      return reply.redirect(await service.callback(query, sessionDeviceOf(request)), 303);
    },
  );

  routes.post(
    api.completeSso.path,
    { schema: endpointSchema(api.completeSso), config: app.limitTo(api.completeSso) },
    async (request, reply) => {
      const userId = await service.redeemTicket(request.body.ticket);
      const outcome = await auth.signInWithSso(userId, sessionDeviceOf(request));
      return loginReplies.send(request, reply, outcome);
    },
  );
}
