import { api, IdParamsSchema } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { callerOf, inCompany } from "../../core/caller.ts";
import type { ModuleOptions } from "../../core/module-options.ts";
import { pathId } from "../../core/path-id.ts";
import { signedInChange, signedInRead } from "../../core/route-schema.ts";
import { createRewardsService } from "./rewards.service.ts";

/** Rewards: the catalogue, redeeming, and the redemptions admins fulfil or cancel. */
export async function rewardsRoutes(app: FastifyInstance, options: ModuleOptions) {
  const service = createRewardsService({ db: options.database.db, clock: options.clock });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(api.listRewards.path, signedInRead(app, api.listRewards), async (request) => {
    const list = await service.list(inCompany(callerOf(request)));
    return { success: true as const, balance: list.balance, rewards: list.rewards };
  });

  routes.post(api.createReward.path, signedInChange(app, api.createReward), async (request) => {
    const reward = await service.create(inCompany(callerOf(request)), request.body);
    return { success: true as const, reward };
  });

  routes.patch(api.updateReward.path, signedInChange(app, api.updateReward, IdParamsSchema), async (request) => {
    const id = pathId(request.params.id, "reward.not_found");
    const reward = await service.update(inCompany(callerOf(request)), id, request.body);
    return { success: true as const, reward };
  });

  routes.post(api.redeemReward.path, signedInChange(app, api.redeemReward, IdParamsSchema), async (request) => {
    const id = pathId(request.params.id, "reward.not_found");
    const redeemed = await service.redeem(inCompany(callerOf(request)), id);
    return { success: true as const, redemption: redeemed.redemption, balance: redeemed.balance };
  });

  routes.get(api.listRedemptions.path, signedInRead(app, api.listRedemptions), async (request) => {
    const page = await service.redemptions(inCompany(callerOf(request)), request.query);
    return { success: true as const, redemptions: page.redemptions, next_cursor: page.nextCursor };
  });

  routes.post(api.fulfilRedemption.path, signedInChange(app, api.fulfilRedemption, IdParamsSchema), async (request) => {
    const id = pathId(request.params.id, "redemption.not_found");
    return { success: true as const, redemption: await service.fulfil(inCompany(callerOf(request)), id) };
  });

  routes.post(api.cancelRedemption.path, signedInChange(app, api.cancelRedemption, IdParamsSchema), async (request) => {
    const id = pathId(request.params.id, "redemption.not_found");
    return {
      success: true as const,
      redemption: await service.cancel(inCompany(callerOf(request)), id, request.body),
    };
  });
}
