import { api } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { companyCallerOf } from "../../core/caller.ts";
import { type ModuleOptions, serviceDependenciesOf } from "../../core/module-options.ts";
import { signedInLimited, signedInRead } from "../../core/route-schema.ts";
import { createPushService, pushSettingsOf } from "./push.service.ts";

/** Profile Settings → Notifications: push on this device, and the key browsers subscribe with. */
export async function pushRoutes(app: FastifyInstance, options: ModuleOptions) {
  const push = createPushService({ ...serviceDependenciesOf(options), push: pushSettingsOf(options.config) });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(api.pushPublicKey.path, signedInRead(app, api.pushPublicKey), async () => ({
    success: true as const,
    public_key: push.publicKey(),
  }));

  routes.get(api.pushSubscriptions.path, signedInRead(app, api.pushSubscriptions), async (request) => ({
    success: true as const,
    subscriptions: await push.list(companyCallerOf(request)),
  }));

  routes.post(api.subscribePush.path, signedInLimited(app, api.subscribePush), async (request) => ({
    success: true as const,
    subscription: await push.subscribe(companyCallerOf(request), request.body),
  }));

  routes.delete(api.unsubscribePush.path, signedInLimited(app, api.unsubscribePush), async (request) => {
    await push.unsubscribe(companyCallerOf(request), request.body.endpoint);
    return { success: true as const };
  });
}
