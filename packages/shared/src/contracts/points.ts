import { z } from "zod";
import { defineEndpoint } from "../api/contract.ts";
import { PageQuerySchema } from "./common.ts";

/** The most a points rule may pay for one contribution. */
export const POINTS_RULE_MAX = 1000;

const rule = z
  .number({ error: "Points must be a whole number from 0 to 1000." })
  .int("Points must be a whole number from 0 to 1000.")
  .min(0, "Points must be a whole number from 0 to 1000.")
  .max(POINTS_RULE_MAX, "Points must be a whole number from 0 to 1000.");

/** What each kind of contribution earns, by the company's rules. */
export const PointsRulesSchema = z.object({
  submit: z.number().int(),
  approved: z.number().int(),
  comment: z.number().int(),
  challenge_answer: z.number().int(),
});
export type PointsRulesAnswer = z.infer<typeof PointsRulesSchema>;

/** PATCH /api/company/points-rules/: an admin changes one rule or more; new events only. */
export const UpdatePointsRulesRequestSchema = z
  .object({
    submit: rule.optional(),
    approved: rule.optional(),
    comment: rule.optional(),
    challenge_answer: rule.optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: "Please change at least one rule.",
  });
export type UpdatePointsRulesRequest = z.input<typeof UpdatePointsRulesRequestSchema>;

export const PointsRulesResponseSchema = z.object({ success: z.literal(true), rules: PointsRulesSchema });

/** Why points moved, as the history shows it. */
export const POINT_HISTORY_REASONS = [
  "submit",
  "approved",
  "comment",
  "challenge_answer",
  "challenge_reward",
  "reward_redemption",
  "reward_refund",
  "adjustment",
] as const;
export type PointHistoryReason = (typeof POINT_HISTORY_REASONS)[number];

/** One row of the ledger, as its owner sees it. */
export const PointHistoryEntrySchema = z.object({
  delta: z.number().int(),
  reason: z.string(),
  created_at: z.string(),
  idea_id: z.string().optional(),
  challenge_id: z.string().optional(),
  reward_id: z.string().optional(),
});
export type PointHistoryEntry = z.infer<typeof PointHistoryEntrySchema>;

export const MyPointsQuerySchema = PageQuerySchema;

export const MyPointsResponseSchema = z.object({
  success: z.literal(true),
  balance: z.number().int(),
  history: z.array(PointHistoryEntrySchema),
  next_cursor: z.string().nullable(),
});
export type MyPointsResponse = z.infer<typeof MyPointsResponseSchema>;

/** Points: the caller's balance and history; the company's rules (admins change them). */
export const pointsEndpoints = {
  myPoints: defineEndpoint({
    method: "GET",
    path: "/api/points/me/",
    query: MyPointsQuerySchema,
    response: MyPointsResponseSchema,
  }),
  pointsRules: defineEndpoint({
    method: "GET",
    path: "/api/company/points-rules/",
    response: PointsRulesResponseSchema,
  }),
  updatePointsRules: defineEndpoint({
    method: "PATCH",
    path: "/api/company/points-rules/",
    body: UpdatePointsRulesRequestSchema,
    response: PointsRulesResponseSchema,
  }),
} as const;
