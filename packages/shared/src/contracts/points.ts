import { z } from "zod";
import { defineEndpoint } from "../api/contract.ts";
import { defineMessage, defineMessages, type MessageDescriptor, type SayMessage } from "../i18n/messages.ts";
import { schemaMessage } from "../i18n/schema-messages.ts";
import { NextCursorSchema, PageQuerySchema, partialUpdateSchema, SuccessSchema } from "./common.ts";

/** The most a points rule may pay for one contribution. */
export const POINTS_RULE_MAX = 1000;

/** A number alone, in the reader's locale. */
const NUMBER = defineMessage({ id: "shared.points.number", defaultMessage: "{value, number}" });

export const POINTS_MESSAGES = defineMessages({
  ruleInvalid: { id: "shared.points.ruleInvalid", defaultMessage: "Points must be a whole number from 0 to 1000." },
  nothingToChange: { id: "shared.points.nothingToChange", defaultMessage: "Please change at least one rule." },
  points: { id: "shared.points.points", defaultMessage: "{points, plural, one {# point} other {# points}}" },
  challengeReward: {
    id: "shared.points.challengeReward",
    defaultMessage: "{points, plural, one {# point} other {# points}} when an answer is approved",
    description: "A challenge's reward as its card states it.",
  },
  notAwarded: { id: "shared.points.notAwarded", defaultMessage: "Points are not being awarded at the moment." },
  earn: {
    id: "shared.points.earn",
    defaultMessage: "You earn {list}.",
    description:
      "How points are earned; {list} is the list of rules, such as: 10 points for each idea you submit, 50 when one is approved and 2 for a comment",
  },
  earnList: {
    id: "shared.points.earnList",
    defaultMessage: "{rules} and {last}",
    description: "The end of a list of rules: {rules} are the others, separated by commas.",
  },
  earnForSubmitting: {
    id: "shared.points.earnForSubmitting",
    defaultMessage: "{points} for each idea you submit",
    description: "{points} is a number of points, such as: 10 points",
  },
  earnWhenOneApproved: {
    id: "shared.points.earnWhenOneApproved",
    defaultMessage: "{points} when one is approved",
    description: "After the points for submitting an idea: {points} is a number, such as 50",
  },
  earnWhenApproved: {
    id: "shared.points.earnWhenApproved",
    defaultMessage: "{points} when an idea of yours is approved",
    description: "{points} is a number of points, such as: 10 points (or 10, after another rule)",
  },
  earnForComment: {
    id: "shared.points.earnForComment",
    defaultMessage: "{points} for a comment",
    description: "{points} is a number of points, such as: 10 points (or 10, after another rule)",
  },
  earnForChallengeAnswer: {
    id: "shared.points.earnForChallengeAnswer",
    defaultMessage: "{points} for answering a challenge",
    description: "{points} is a number of points, such as: 10 points (or 10, after another rule)",
  },
  reasonChanged: { id: "shared.points.reason.changed", defaultMessage: "Points changed" },
});

const ruleInvalid = schemaMessage(POINTS_MESSAGES.ruleInvalid);
const rule = z.number({ error: ruleInvalid }).int(ruleInvalid).min(0, ruleInvalid).max(POINTS_RULE_MAX, ruleInvalid);

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
  POINTS_MESSAGES.nothingToChange,
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
  "merged_contributor",
  "reward_redemption",
  "reward_refund",
  "adjustment",
] as const;
export type PointHistoryReason = (typeof POINT_HISTORY_REASONS)[number];

/** Each reason as a person reads it in their points history. */
export const POINT_HISTORY_REASON_LABELS: Record<PointHistoryReason, MessageDescriptor> = defineMessages({
  submit: { id: "shared.points.reason.submit", defaultMessage: "Idea submitted" },
  approved: { id: "shared.points.reason.approved", defaultMessage: "Idea approved" },
  comment: { id: "shared.points.reason.comment", defaultMessage: "Comment" },
  challenge_answer: { id: "shared.points.reason.challengeAnswer", defaultMessage: "Challenge answered" },
  challenge_reward: { id: "shared.points.reason.challengeReward", defaultMessage: "Challenge reward" },
  merged_contributor: {
    id: "shared.points.reason.mergedContributor",
    defaultMessage: "Your merged idea's share of an approval",
  },
  reward_redemption: { id: "shared.points.reason.rewardRedemption", defaultMessage: "Reward redeemed" },
  reward_refund: { id: "shared.points.reason.rewardRefund", defaultMessage: "Reward refunded" },
  adjustment: { id: "shared.points.reason.adjustment", defaultMessage: "Adjustment" },
});

/**
 * What the author of a duplicate earns when the idea it was merged into is approved: half of the
 * company's approved rule, rounded down (the idea's own author earns the whole rule). Paid once
 * per person and approved idea, however many of their ideas were merged into it, and never to the
 * approved idea's own author.
 */
export function mergedContributorPoints(rules: Pick<PointsRulesAnswer, "approved">): number {
  return Math.floor(rules.approved / 2);
}

/** A reason of the history as a message; a reason this version does not know reads "Points changed". */
export function pointHistoryReasonLabel(reason: string): MessageDescriptor {
  return (POINT_HISTORY_REASON_LABELS as Record<string, MessageDescriptor>)[reason] ?? POINTS_MESSAGES.reasonChanged;
}

/** An amount of points in words, in the reader's language: "1 point", "20 points". */
export function pointsText(points: number, t: SayMessage): string {
  return t(POINTS_MESSAGES.points, { points });
}

/** A challenge's reward as its card states it: "20 points when an answer is approved". */
export function challengeRewardText(points: number, t: SayMessage): string {
  return t(POINTS_MESSAGES.challengeReward, { points });
}

/**
 * How points are earned, by the company's rules, for a person who has none yet: "You earn 10
 * points for each idea you submit, 50 when one is approved, 2 for a comment and 20 for answering
 * a challenge." Rules worth nothing are left out.
 */
export function describePointsRules(rules: PointsRulesAnswer, t: SayMessage): string {
  const parts = [
    { points: rules.submit, message: POINTS_MESSAGES.earnForSubmitting },
    {
      points: rules.approved,
      message: rules.submit > 0 ? POINTS_MESSAGES.earnWhenOneApproved : POINTS_MESSAGES.earnWhenApproved,
    },
    { points: rules.comment, message: POINTS_MESSAGES.earnForComment },
    { points: rules.challenge_answer, message: POINTS_MESSAGES.earnForChallengeAnswer },
  ].filter((part) => part.points > 0);
  if (parts.length === 0) return t(POINTS_MESSAGES.notAwarded);
  // The first rule names its unit ("10 points"); the others follow it with the number alone.
  const words = parts.map((part, index) =>
    t(part.message, { points: index === 0 ? pointsText(part.points, t) : t(NUMBER, { value: part.points }) }),
  );
  const list =
    words.length === 1
      ? words[0]
      : t(POINTS_MESSAGES.earnList, { rules: words.slice(0, -1).join(", "), last: words.at(-1) });
  return t(POINTS_MESSAGES.earn, { list });
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
    tokenScope: "portal:read",
    method: "GET",
    path: "/api/points/me/",
    query: MyPointsQuerySchema,
    response: MyPointsResponseSchema,
  }),
  pointsRules: defineEndpoint({
    tokenScope: "portal:read",
    method: "GET",
    path: "/api/company/points-rules/",
    response: PointsRulesResponseSchema,
  }),
  updatePointsRules: defineEndpoint({
    tokenScope: "admin",
    method: "PATCH",
    path: "/api/company/points-rules/",
    body: UpdatePointsRulesRequestSchema,
    response: PointsRulesResponseSchema,
  }),
} as const;
