import { api, ROUTES, UnsubscribeQuerySchema } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { callerOf } from "../../core/caller.ts";
import { type ModuleOptions, serviceDependenciesOf } from "../../core/module-options.ts";
import { endpointSchema, signedInLimited, signedInRead } from "../../core/route-schema.ts";
import {
  configureEmailLinks,
  createEmailNotificationsService,
  UNSUBSCRIBE_API_PATH,
} from "./email-notifications.service.ts";

/** E-mail preferences (Profile Settings) and one-click unsubscribe from e-mails. */
export async function emailNotificationsRoutes(app: FastifyInstance, options: ModuleOptions) {
  configureEmailLinks({ appUrl: options.config.appUrl, jwtSecret: options.config.jwtSecret });
  const service = createEmailNotificationsService(serviceDependenciesOf(options));
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // Mail clients post `List-Unsubscribe=One-Click` as a form (RFC 8058); the body says nothing
  // the token does not, so it is read as text and ignored. Only this module's routes accept forms.
  app.addContentTypeParser(
    ["application/x-www-form-urlencoded", "multipart/form-data"],
    { parseAs: "string" },
    (_request, _body, done) => done(null, undefined),
  );

  routes.get(api.getEmailPreferences.path, signedInRead(app, api.getEmailPreferences), async (request) => ({
    preferences: await service.getPreferences(callerOf(request)),
  }));

  routes.put(api.updateEmailPreferences.path, signedInLimited(app, api.updateEmailPreferences), async (request) => ({
    preferences: await service.updatePreferences(callerOf(request), request.body),
  }));

  routes.post(
    api.unsubscribeEmail.path,
    { schema: endpointSchema(api.unsubscribeEmail), config: app.limitTo(api.unsubscribeEmail) },
    async (request) => ({ success: true as const, message: await service.unsubscribe(request.query.token) }),
  );

  // A person opening the link of `List-Unsubscribe` (a GET, which must change nothing: link
  // scanners fetch it) lands on the web app's page, which asks before it posts.
  routes.get(
    UNSUBSCRIBE_API_PATH,
    {
      schema: { hide: true, querystring: UnsubscribeQuerySchema },
      config: app.limitTo({ method: "GET", path: UNSUBSCRIBE_API_PATH }),
    },
    async (request, reply) =>
      reply.redirect(`${ROUTES.unsubscribe}?token=${encodeURIComponent(request.query.token)}`, 303),
  );
}
