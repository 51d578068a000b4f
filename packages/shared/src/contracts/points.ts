import { z } from "zod";
import { defineEndpoint } from "../api/contract.ts";
import { NextCursorSchema, PageQuerySchema, partialUpdateSchema, SuccessSchema } from "./common.ts";

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
export const UpdatePointsRulesRequestSchema = partialUpdateSchema(
  { submit: rule, approved: rule, comment: rule, challenge_answer: rule },
  "Please change at least one rule.",
);
export type UpdatePointsRulesRequest = z.input<typeof UpdatePointsRulesRequestSchema>;

export const PointsRulesResponseSchema = SuccessSchema.extend({ rules: PointsRulesSchema });

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

/** Each reason as a person reads it in their points history. */
export const POINT_HISTORY_REASON_LABELS: Record<PointHistoryReason, string> = {
  submit: "Idea submitted",
  approved: "Idea approved",
  comment: "Comment",
  challenge_answer: "Challenge answered",
  challenge_reward: "Challenge reward",
  reward_redemption: "Reward redeemed",
  reward_refund: "Reward refunded",
  adjustment: "Adjustment",
};

/** A reason of the history in words; a reason this version does not know reads "Points changed". */
export function pointHistoryReasonLabel(reason: string): string {
  return (POINT_HISTORY_REASON_LABELS as Record<string, string>)[reason] ?? "Points changed";
}

/** An amount of points in words: "1 point", "20 points". */
export function pointsText(points: number): string {
  return Math.abs(points) === 1 ? `${points} point` : `${points} points`;
}

/** A challenge's reward as its card states it: "20 points when an answer is approved". */
export function challengeRewardText(points: number): string {
  return `${pointsText(points)} when an answer is approved`;
}

/**
 * How points are earned, by the company's rules, for a person who has none yet: "You earn 10
 * points for each idea you submit, 50 when one is approved, 2 for a comment and 20 for answering
 * a challenge." Rules worth nothing are left out.
 */
export function describePointsRules(rules: PointsRulesAnswer): string {
  const approvedWhen = rules.submit > 0 ? "when one is approved" : "when an idea of yours is approved";
  const parts = [
    { points: rules.submit, text: (n: string) => `${n} for each idea you submit` },
    { points: rules.approved, text: (n: string) => `${n} ${approvedWhen}` },
    { points: rules.comment, text: (n: string) => `${n} for a comment` },
    { points: rules.challenge_answer, text: (n: string) => `${n} for answering a challenge` },
  ].filter((part) => part.points > 0);
  if (parts.length === 0) return "Points are not being awarded at the moment.";
  const words = parts.map((part, index) => part.text(index === 0 ? pointsText(part.points) : String(part.points)));
  const list = words.length === 1 ? words[0] : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
  return `You earn ${list}.`;
}

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

export const MyPointsResponseSchema = SuccessSchema.extend({
  balance: z.number().int(),
  history: z.array(PointHistoryEntrySchema),
  next_cursor: NextCursorSchema,
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
