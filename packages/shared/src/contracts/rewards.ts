import { z } from "zod";
import { defineEndpoint } from "../api/contract.ts";
import { defineMessages } from "../i18n/messages.ts";
import { schemaMessage } from "../i18n/schema-messages.ts";
import { IDEA_MESSAGES } from "../ideas/limits.ts";
import { PageQuerySchema, pageResponseSchema, partialUpdateSchema, requiredText, SuccessSchema } from "./common.ts";
import { MineFilterSchema } from "./request-fields.ts";

export const REWARD_TITLE_MAX_LENGTH = 120;
export const REWARD_DESCRIPTION_MAX_LENGTH = 2000;
export const REWARD_COST_MAX = 1_000_000;
export const REWARD_STOCK_MAX = 1_000_000;
export const REDEMPTION_CANCEL_REASON_MAX_LENGTH = 500;

export const REWARD_MESSAGES = defineMessages({
  /** What a person still lacks for a reward, said on its card. */
  missingPoints: { id: "shared.rewards.missingPoints", defaultMessage: "You need {points} more points" },
  /** The refusal of a redemption with too few points. */
  insufficientPoints: {
    id: "shared.rewards.insufficientPoints",
    defaultMessage: "You need {points} more points for this reward.",
  },
  titleRequired: { id: "shared.rewards.titleRequired", defaultMessage: "Please give the reward a title." },
  costInvalid: {
    id: "shared.rewards.costInvalid",
    defaultMessage: "The cost must be a whole number of points, at least 1.",
  },
  costTooHigh: {
    id: "shared.rewards.costTooHigh",
    defaultMessage: "The cost must be at most {max} points.",
  },
  stockInvalid: {
    id: "shared.rewards.stockInvalid",
    defaultMessage: "The stock must be a whole number, 0 or more (leave it empty for unlimited).",
  },
  stockTooHigh: {
    id: "shared.rewards.stockTooHigh",
    defaultMessage: "The stock must be at most {max}.",
  },
  archivedInvalid: { id: "shared.rewards.archivedInvalid", defaultMessage: "Archived must be true or false." },
  cancelReasonRequired: {
    id: "shared.rewards.cancelReasonRequired",
    defaultMessage: "Please say why the redemption is cancelled.",
  },
  cancelReasonTooLong: {
    id: "shared.rewards.cancelReasonTooLong",
    defaultMessage: "The reason must be at most {max} characters.",
  },
  redemptionStatusInvalid: {
    id: "shared.rewards.redemptionStatusInvalid",
    defaultMessage: "The status must be pending, fulfilled or cancelled.",
  },
});

export const REDEMPTION_STATUSES = ["pending", "fulfilled", "cancelled"] as const;
export type RedemptionStatus = (typeof REDEMPTION_STATUSES)[number];

const rewardTitle = requiredText(REWARD_MESSAGES.titleRequired, REWARD_TITLE_MAX_LENGTH, {
  message: IDEA_MESSAGES.titleTooLong,
  values: { max: REWARD_TITLE_MAX_LENGTH },
});
const rewardDescription = z
  .string()
  .max(
    REWARD_DESCRIPTION_MAX_LENGTH,
    schemaMessage(IDEA_MESSAGES.descriptionTooLong, { max: REWARD_DESCRIPTION_MAX_LENGTH }),
  );
const costInvalid = schemaMessage(REWARD_MESSAGES.costInvalid);
const rewardCost = z
  .number({ error: costInvalid })
  .int(costInvalid)
  .min(1, costInvalid)
  .max(REWARD_COST_MAX, schemaMessage(REWARD_MESSAGES.costTooHigh, { max: REWARD_COST_MAX }));
const stockInvalid = schemaMessage(REWARD_MESSAGES.stockInvalid);
const rewardStock = z
  .number({ error: stockInvalid })
  .int(stockInvalid)
  .min(0, stockInvalid)
  .max(REWARD_STOCK_MAX, schemaMessage(REWARD_MESSAGES.stockTooHigh, { max: REWARD_STOCK_MAX }));

/** POST /api/rewards/: an admin adds a reward; no stock means unlimited. */
export const CreateRewardRequestSchema = z.object({
  title: rewardTitle,
  description: rewardDescription.default(""),
  cost: rewardCost,
  stock: rewardStock.nullish(),
});
export type CreateRewardRequest = z.input<typeof CreateRewardRequestSchema>;

/** PATCH /api/rewards/{id}/: an admin edits, archives (`archived: true`) or brings back a reward. */
export const UpdateRewardRequestSchema = partialUpdateSchema({
  title: rewardTitle,
  description: rewardDescription,
  cost: rewardCost,
  stock: rewardStock.nullable(),
  archived: z.boolean({ error: schemaMessage(REWARD_MESSAGES.archivedInvalid) }),
});
export type UpdateRewardRequest = z.input<typeof UpdateRewardRequestSchema>;

/** A reward as the API answers it, with what the caller's balance allows. */
export const RewardSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  cost: z.number().int(),
  /** Null: unlimited. */
  stock: z.number().int().nullable(),
  /** Not archived and in stock. */
  available: z.boolean(),
  /** Available and within the caller's balance. */
  affordable: z.boolean(),
  /** Archived rewards are listed to admins only. */
  archived: z.boolean(),
});
export type Reward = z.infer<typeof RewardSchema>;

export const RewardListResponseSchema = SuccessSchema.extend({
  balance: z.number().int(),
  rewards: z.array(RewardSchema),
});
export const RewardResponseSchema = SuccessSchema.extend({ reward: RewardSchema });

export const RedemptionSchema = z.object({
  id: z.string(),
  reward_id: z.string(),
  reward_title: z.string(),
  user_id: z.string(),
  user_name: z.string(),
  /** The price paid. */
  cost: z.number().int(),
  status: z.enum(REDEMPTION_STATUSES),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  decided_by_name: z.string().nullable(),
  /** Why an administrator cancelled it; null unless cancelled (and for those cancelled before reasons were asked). */
  cancel_reason: z.string().nullable(),
});
export type Redemption = z.infer<typeof RedemptionSchema>;

export const RedeemResponseSchema = SuccessSchema.extend({
  redemption: RedemptionSchema,
  /** The balance after the redemption. */
  balance: z.number().int(),
});
export const RedemptionResponseSchema = SuccessSchema.extend({ redemption: RedemptionSchema });

/** POST /api/redemptions/{id}/cancel/: the administrator says why; the person reads it in the bell and by e-mail. */
export const CancelRedemptionRequestSchema = z.object({
  reason: requiredText(REWARD_MESSAGES.cancelReasonRequired, REDEMPTION_CANCEL_REASON_MAX_LENGTH, {
    message: REWARD_MESSAGES.cancelReasonTooLong,
    values: { max: REDEMPTION_CANCEL_REASON_MAX_LENGTH },
  }),
});
export type CancelRedemptionRequest = z.input<typeof CancelRedemptionRequestSchema>;

export const RedemptionListQuerySchema = PageQuerySchema.extend({
  status: z.enum(REDEMPTION_STATUSES, { message: schemaMessage(REWARD_MESSAGES.redemptionStatusInvalid) }).optional(),
  /** Only the caller's own (admins otherwise see the whole company's). */
  mine: MineFilterSchema.optional(),
});
export type RedemptionListQuery = z.input<typeof RedemptionListQuerySchema>;

export const RedemptionListResponseSchema = pageResponseSchema("redemptions", RedemptionSchema);

/** Rewards (admins keep the catalogue) and their redemptions (admins fulfil or cancel them). */
export const rewardsEndpoints = {
  listRewards: defineEndpoint({
    tokenScope: "portal:read",
    method: "GET",
    path: "/api/rewards/",
    response: RewardListResponseSchema,
  }),
  createReward: defineEndpoint({
    tokenScope: "admin",
    method: "POST",
    path: "/api/rewards/",
    body: CreateRewardRequestSchema,
    response: RewardResponseSchema,
  }),
  updateReward: defineEndpoint({
    tokenScope: "admin",
    method: "PATCH",
    path: "/api/rewards/:id/",
    body: UpdateRewardRequestSchema,
    response: RewardResponseSchema,
  }),
  redeemReward: defineEndpoint({ method: "POST", path: "/api/rewards/:id/redeem/", response: RedeemResponseSchema }),
  listRedemptions: defineEndpoint({
    tokenScope: "portal:read",
    method: "GET",
    path: "/api/redemptions/",
    query: RedemptionListQuerySchema,
    response: RedemptionListResponseSchema,
  }),
  fulfilRedemption: defineEndpoint({
    method: "POST",
    path: "/api/redemptions/:id/fulfil/",
    response: RedemptionResponseSchema,
  }),
  cancelRedemption: defineEndpoint({
    method: "POST",
    path: "/api/redemptions/:id/cancel/",
    body: CancelRedemptionRequestSchema,
    response: RedemptionResponseSchema,
  }),
} as const;
