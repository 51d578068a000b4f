import { api, IdParamsSchema } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { companyCallerOf } from "../../core/caller.ts";
import { type ModuleOptions, serviceDependenciesOf } from "../../core/module-options.ts";
import { pathIdReader } from "../../core/path-id.ts";
import { pageAnswer } from "../../core/route-answer.ts";
import { signedInLimited, signedInRead } from "../../core/route-schema.ts";
import { createRewardsService } from "./rewards.service.ts";

/** Rewards: the catalogue, redeeming, and the redemptions admins fulfil or cancel. */
export async function rewardsRoutes(app: FastifyInstance, options: ModuleOptions) {
  const service = createRewardsService(serviceDependenciesOf(options));
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const rewardIdOf = pathIdReader("id", "reward.not_found");
  const redemptionIdOf = pathIdReader("id", "redemption.not_found");

  routes.get(api.listRewards.path, signedInRead(app, api.listRewards), async (request) => {
    const list = await service.list(companyCallerOf(request));
    return { success: true as const, balance: list.balance, rewards: list.rewards };
  });

  routes.post(api.createReward.path, signedInLimited(app, api.createReward), async (request) => {
    const reward = await service.create(companyCallerOf(request), request.body);
    return { success: true as const, reward };
  });

  routes.patch(api.updateReward.path, signedInLimited(app, api.updateReward, IdParamsSchema), async (request) => {
    const id = rewardIdOf(request);
    const reward = await service.update(companyCallerOf(request), id, request.body);
    return { success: true as const, reward };
  });

  routes.post(api.redeemReward.path, signedInLimited(app, api.redeemReward, IdParamsSchema), async (request) => {
    const id = rewardIdOf(request);
    const redeemed = await service.redeem(companyCallerOf(request), id);
    return { success: true as const, redemption: redeemed.redemption, balance: redeemed.balance };
  });

  routes.get(api.listRedemptions.path, signedInRead(app, api.listRedemptions), async (request) =>
    pageAnswer(await service.redemptions(companyCallerOf(request), request.query)),
  );

  routes.post(
    api.fulfilRedemption.path,
    signedInLimited(app, api.fulfilRedemption, IdParamsSchema),
    async (request) => {
      const id = redemptionIdOf(request);
      return { success: true as const, redemption: await service.fulfil(companyCallerOf(request), id) };
    },
  );

  routes.post(
    api.cancelRedemption.path,
    signedInLimited(app, api.cancelRedemption, IdParamsSchema),
    async (request) => {
      const id = redemptionIdOf(request);
      return {
        success: true as const,
        redemption: await service.cancel(companyCallerOf(request), id, request.body),
      };
    },
  );
}
