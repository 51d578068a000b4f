import { api } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { companyCallerOf } from "../../core/caller.ts";
import { type ModuleOptions, serviceDependenciesOf } from "../../core/module-options.ts";
import { pathId } from "../../core/path-id.ts";
import { signedInLimited, signedInRead } from "../../core/route-schema.ts";
import { createIntegrationsService } from "./integrations.service.ts";

const IdParams = z.object({ id: z.string().max(100) });
const DeliveryParams = z.object({ id: z.string().max(100), deliveryId: z.string().max(100) });

/** Company Settings → Integrations and Team Settings: chat channels and outgoing webhooks. */
export async function integrationsRoutes(app: FastifyInstance, options: ModuleOptions) {
  const { config } = options;
  const service = createIntegrationsService({
    ...serviceDependenciesOf(options),
    appUrl: config.appUrl,
    serverSecret: config.jwtSecret,
    allowPrivateNetworks: config.integrationsAllowPrivateNetworks,
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const channelId = (id: string) => pathId(id, "integration_channel.not_found");
  const webhookId = (id: string) => pathId(id, "webhook.not_found");

  routes.get(api.integrationChannels.path, signedInRead(app, api.integrationChannels), async (request) => ({
    success: true as const,
    channels: await service.listChannels(companyCallerOf(request), request.query.team_id),
  }));
  routes.post(
    api.createIntegrationChannel.path,
    signedInLimited(app, api.createIntegrationChannel),
    async (request) => ({
      success: true as const,
      channel: await service.createChannel(companyCallerOf(request), request.body),
    }),
  );
  routes.patch(
    api.updateIntegrationChannel.path,
    signedInLimited(app, api.updateIntegrationChannel, IdParams),
    async (request) => ({
      success: true as const,
      channel: await service.updateChannel(companyCallerOf(request), channelId(request.params.id), request.body),
    }),
  );
  routes.delete(
    api.deleteIntegrationChannel.path,
    signedInLimited(app, api.deleteIntegrationChannel, IdParams),
    async (request) => {
      await service.deleteChannel(companyCallerOf(request), channelId(request.params.id));
      return { success: true as const };
    },
  );
  routes.post(
    api.testIntegrationChannel.path,
    signedInLimited(app, api.testIntegrationChannel, IdParams),
    async (request) => service.testChannel(companyCallerOf(request), channelId(request.params.id)),
  );

  routes.get(api.webhooks.path, signedInRead(app, api.webhooks), async (request) => ({
    success: true as const,
    webhooks: await service.listWebhooks(companyCallerOf(request)),
  }));
  routes.post(api.createWebhook.path, signedInLimited(app, api.createWebhook), async (request) => ({
    success: true as const,
    ...(await service.createWebhook(companyCallerOf(request), request.body)),
  }));
  routes.patch(api.updateWebhook.path, signedInLimited(app, api.updateWebhook, IdParams), async (request) => ({
    success: true as const,
    webhook: await service.updateWebhook(companyCallerOf(request), webhookId(request.params.id), request.body),
  }));
  routes.delete(api.deleteWebhook.path, signedInLimited(app, api.deleteWebhook, IdParams), async (request) => {
    await service.deleteWebhook(companyCallerOf(request), webhookId(request.params.id));
    return { success: true as const };
  });
  routes.get(api.webhookDeliveries.path, signedInRead(app, api.webhookDeliveries, IdParams), async (request) => ({
    success: true as const,
    deliveries: await service.deliveries(companyCallerOf(request), webhookId(request.params.id)),
  }));
  routes.post(api.testWebhook.path, signedInLimited(app, api.testWebhook, IdParams), async (request) =>
    service.testWebhook(companyCallerOf(request), webhookId(request.params.id)),
  );
  routes.post(
    api.resendWebhookDelivery.path,
    signedInLimited(app, api.resendWebhookDelivery, DeliveryParams),
    async (request) => {
      await service.resend(
        companyCallerOf(request),
        webhookId(request.params.id),
        pathId(request.params.deliveryId, "webhook_delivery.not_found"),
      );
      return { success: true as const };
    },
  );
}
