import { z } from "zod";
import { defineEndpoint } from "../api/contract.ts";
import { defineMessages, type MessageDescriptor } from "../i18n/messages.ts";
import { schemaMessage } from "../i18n/schema-messages.ts";
import {
  CHALLENGE_DESCRIPTION_MAX_LENGTH,
  CHALLENGE_REWARD_POINTS_MAX,
  CHALLENGE_TITLE_MAX_LENGTH,
  CHALLENGE_TITLE_MIN_LENGTH,
  IDEA_PHRASES,
  IDEA_MESSAGES as M,
} from "../ideas/limits.ts";
import {
  hasAnyField,
  isCalendarDay,
  isWithinCalendarYears,
  PageQuerySchema,
  pageResponseSchema,
  requiredText,
  SuccessSchema,
} from "./common.ts";
import { MineFilterSchema, TeamIdSchema } from "./request-fields.ts";

export const CHALLENGE_SCOPES = ["team", "company"] as const;
export type ChallengeScope = (typeof CHALLENGE_SCOPES)[number];
/** The refusals of the challenge requests' own fields. */
const CHALLENGE_REQUEST_MESSAGES = defineMessages({
  scopeInvalid: { id: "shared.challenges.scopeInvalid", defaultMessage: "The scope must be team or company." },
  statusInvalid: {
    id: "shared.challenges.statusInvalid",
    defaultMessage: "The status must be one of draft, proposed, active, closed or rejected.",
  },
  approvedRequired: {
    id: "shared.challenges.approvedRequired",
    defaultMessage: "Please say whether the proposal is approved (true or false).",
  },
});

export const ChallengeScopeSchema = z.enum(CHALLENGE_SCOPES, {
  message: schemaMessage(CHALLENGE_REQUEST_MESSAGES.scopeInvalid),
});

/** `draft` is reserved for unpublished challenges; the API creates proposed or active ones. */
export const CHALLENGE_STATUSES = ["draft", "proposed", "active", "closed", "rejected"] as const;
export type ChallengeStatus = (typeof CHALLENGE_STATUSES)[number];

/** Each challenge status as the lists, filters and badges name it (a refused proposal is "Denied"). */
export const CHALLENGE_STATUS_LABELS: Readonly<Record<ChallengeStatus, MessageDescriptor>> = defineMessages({
  draft: { id: "shared.challenges.status.draft", defaultMessage: "Draft" },
  proposed: { id: "shared.challenges.status.proposed", defaultMessage: "Proposed" },
  active: { id: "shared.challenges.status.active", defaultMessage: "Active" },
  closed: { id: "shared.challenges.status.closed", defaultMessage: "Closed" },
  rejected: { id: "shared.challenges.status.rejected", defaultMessage: "Denied" },
});
export const ChallengeStatusSchema = z.enum(CHALLENGE_STATUSES, {
  message: schemaMessage(CHALLENGE_REQUEST_MESSAGES.statusInvalid),
});

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,6})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/;

/**
 * True for `2026-12-31` or an ISO date-time with an offset whose day is a real day of the
 * calendar (not 2026-02-31, which Date would roll into March) and whose clock is a real time.
 */
export function isChallengeDateText(text: string): boolean {
  if (!DATE_ONLY.test(text) && !DATE_TIME.test(text)) return false;
  return isCalendarDay(text.slice(0, 10)) && !Number.isNaN(new Date(text).getTime());
}

/**
 * The instant a challenge date means: a date alone starts at 00:00 UTC when it is a start, and
 * ends at the last millisecond of that day when it is a deadline.
 */
export function challengeInstant(text: string, edge: "start" | "end"): Date {
  if (DATE_ONLY.test(text)) return new Date(edge === "start" ? `${text}T00:00:00.000Z` : `${text}T23:59:59.999Z`);
  return new Date(text);
}

const challengeDate = z
  .string()
  .max(40)
  .refine(isChallengeDateText, { message: schemaMessage(M.dateInvalid), abort: true })
  .refine(isWithinCalendarYears, schemaMessage(IDEA_PHRASES.dateOutOfRange));

const challengeTitle = requiredText(
  M.challengeTitleRequired,
  CHALLENGE_TITLE_MAX_LENGTH,
  IDEA_PHRASES.challengeTitleTooLong,
).min(CHALLENGE_TITLE_MIN_LENGTH, schemaMessage(IDEA_PHRASES.challengeTitleTooShort));

const challengeDescription = z
  .string()
  .max(CHALLENGE_DESCRIPTION_MAX_LENGTH, schemaMessage(IDEA_PHRASES.challengeDescriptionTooLong));

const rewardPointsInvalid = schemaMessage(IDEA_PHRASES.rewardPointsInvalid);
const rewardPoints = z
  .number({ error: rewardPointsInvalid })
  .int(rewardPointsInvalid)
  .min(0, rewardPointsInvalid)
  .max(CHALLENGE_REWARD_POINTS_MAX, rewardPointsInvalid);

/** Start and deadline in order, when both are given. */
function endsAfterStart(value: { starts_at?: string | null; ends_at?: string | null }, context: z.RefinementCtx) {
  if (!value.starts_at || !value.ends_at) return;
  if (!isChallengeDateText(value.starts_at) || !isChallengeDateText(value.ends_at)) return;
  if (!isWithinCalendarYears(value.starts_at) || !isWithinCalendarYears(value.ends_at)) return;
  if (challengeInstant(value.ends_at, "end") < challengeInstant(value.starts_at, "start")) {
    context.addIssue({ code: "custom", path: ["ends_at"], message: schemaMessage(M.endsBeforeStart) });
  }
}

/**
 * POST /api/challenges/. A team challenge needs a team the caller manages (the first one they
 * manage when `team_id` is left out); a company challenge by a non-admin becomes a proposal.
 */
export const CreateChallengeRequestSchema = z
  .object({
    title: challengeTitle,
    description: challengeDescription.default(""),
    scope: ChallengeScopeSchema,
    team_id: TeamIdSchema.optional(),
    starts_at: challengeDate.nullish(),
    ends_at: challengeDate.nullish(),
    reward_points: rewardPoints.nullish(),
  })
  .superRefine(endsAfterStart);
export type CreateChallengeRequest = z.input<typeof CreateChallengeRequestSchema>;

/** PATCH /api/challenges/{id}/: the creator or an admin edits text, dates and reward. */
export const UpdateChallengeRequestSchema = z
  .object({
    title: challengeTitle.optional(),
    description: challengeDescription.optional(),
    starts_at: challengeDate.nullish(),
    ends_at: challengeDate.nullish(),
    reward_points: rewardPoints.nullish(),
  })
  .superRefine(endsAfterStart)
  .refine(hasAnyField, { message: schemaMessage(M.nothingToChange) });
export type UpdateChallengeRequest = z.input<typeof UpdateChallengeRequestSchema>;

/** POST /api/challenges/{id}/decision/: an admin approves or rejects a proposal. */
export const ChallengeDecisionRequestSchema = z.object({
  approved: z.boolean({ error: schemaMessage(CHALLENGE_REQUEST_MESSAGES.approvedRequired) }),
  note: z.string().max(2000).optional(),
});
export type ChallengeDecisionRequest = z.input<typeof ChallengeDecisionRequestSchema>;

export const ChallengeListQuerySchema = PageQuerySchema.extend({
  /** Only the challenges the caller posted or proposed (their proposals). */
  mine: MineFilterSchema.optional(),
  scope: ChallengeScopeSchema.optional(),
  status: ChallengeStatusSchema.optional(),
  team: TeamIdSchema.optional(),
});
export type ChallengeListQuery = z.input<typeof ChallengeListQuerySchema>;

/** A challenge as the API answers it. */
export const ChallengeSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  scope: ChallengeScopeSchema,
  team_id: z.string().nullable(),
  team_name: z.string().nullable(),
  status: ChallengeStatusSchema,
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  reward_points: z.number().int().nullable(),
  created_by: z.string(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  /** Ideas answering it, drafts not counted. */
  idea_count: z.number().int(),
  /** When an administrator approved or denied it (proposals); null otherwise. */
  decided_at: z.string().nullable(),
  /** The administrator's reason, shown to the proposer and the admins; null for everyone else. */
  decision_note: z.string().nullable(),
  /** The caller may edit or close it. */
  can_edit: z.boolean(),
  /** The caller may approve or reject it (admins, proposals). */
  can_decide: z.boolean(),
  /** Open for new ideas now: active and within its dates. */
  is_open: z.boolean(),
});
export type Challenge = z.infer<typeof ChallengeSchema>;

export const ChallengeResponseSchema = SuccessSchema.extend({ challenge: ChallengeSchema });
export const ChallengeListResponseSchema = pageResponseSchema("challenges", ChallengeSchema);

/** Challenges: listed, proposed or created, edited, decided on by admins, and closed. */
export const challengesEndpoints = {
  listChallenges: defineEndpoint({
    tokenScope: "challenges:read",
    method: "GET",
    path: "/api/challenges/",
    query: ChallengeListQuerySchema,
    response: ChallengeListResponseSchema,
  }),
  createChallenge: defineEndpoint({
    method: "POST",
    path: "/api/challenges/",
    body: CreateChallengeRequestSchema,
    response: ChallengeResponseSchema,
  }),
  getChallenge: defineEndpoint({
    tokenScope: "challenges:read",
    method: "GET",
    path: "/api/challenges/:id/",
    response: ChallengeResponseSchema,
  }),
  updateChallenge: defineEndpoint({
    method: "PATCH",
    path: "/api/challenges/:id/",
    body: UpdateChallengeRequestSchema,
    response: ChallengeResponseSchema,
  }),
  decideChallenge: defineEndpoint({
    method: "POST",
    path: "/api/challenges/:id/decision/",
    body: ChallengeDecisionRequestSchema,
    response: ChallengeResponseSchema,
  }),
  closeChallenge: defineEndpoint({
    method: "POST",
    path: "/api/challenges/:id/close/",
    response: ChallengeResponseSchema,
  }),
} as const;
