import { z } from "zod";
import { CHECKLIST_KEYS } from "../ai-analysis/checklist.ts";
import { defineEndpoint } from "../api/contract.ts";
import { defineMessages, type MessageDescriptor } from "../i18n/messages.ts";
import { schemaMessage } from "../i18n/schema-messages.ts";
import { IDEA_STATUSES, OWN_IDEA_REVIEWERS } from "../ideas/lifecycle.ts";
import {
  COMMENT_MAX_LENGTH,
  IDEA_DESCRIPTION_MAX_LENGTH,
  IDEA_DESCRIPTION_MIN_LENGTH_TO_SUBMIT,
  IDEA_PHRASES,
  IDEA_SEARCH_MAX_LENGTH,
  IDEA_TITLE_MAX_LENGTH,
  IDEA_TITLE_MIN_LENGTH,
  IDEA_MESSAGES as M,
  REVIEW_NOTE_MAX_LENGTH,
} from "../ideas/limits.ts";
import { ChallengeScopeSchema } from "./challenges.ts";
import {
  ActionStatusSchema,
  DueDateSchema,
  PageQuerySchema,
  pageResponseSchema,
  partialUpdateSchema,
  requiredText,
  SuccessSchema,
} from "./common.ts";
import { ChallengeIdSchema, IdeaIdSchema, MineFilterSchema, OwnerIdSchema, TeamIdSchema } from "./request-fields.ts";
import { IdeaTagsFieldSchema, TagIdSchema, TagRefSchema } from "./tags.ts";

/** The refusals of the idea requests' own fields. */
const IDEA_REQUEST_MESSAGES = defineMessages({
  draftInvalid: { id: "shared.ideas.draftInvalid", defaultMessage: "draft must be true or false." },
  actionOnlyOnApproval: {
    id: "shared.ideas.actionOnlyOnApproval",
    defaultMessage: "Only an approval creates an action.",
  },
  sortInvalid: {
    id: "shared.ideas.sortInvalid",
    defaultMessage: "sort must be newest, most_voted, most_discussed, trending or score.",
  },
  evaluatingInvalid: { id: "shared.ideas.evaluatingInvalid", defaultMessage: "evaluating must be true or false." },
  notScoredByMeInvalid: {
    id: "shared.ideas.notScoredByMeInvalid",
    defaultMessage: "not_scored_by_me must be true or false.",
  },
});

export const IdeaStatusSchema = z.enum(IDEA_STATUSES, { message: schemaMessage(M.statusInvalid) });

/** A title: trimmed, 5 to 150 characters. Text is stored as written; the client escapes it. */
export const IdeaTitleSchema = requiredText(M.titleRequired, IDEA_TITLE_MAX_LENGTH, IDEA_PHRASES.titleTooLong).min(
  IDEA_TITLE_MIN_LENGTH,
  schemaMessage(IDEA_PHRASES.titleTooShort),
);

export const IdeaDescriptionSchema = z
  .string()
  .max(IDEA_DESCRIPTION_MAX_LENGTH, schemaMessage(IDEA_PHRASES.descriptionTooLong));

/** True when a description is long enough to submit (drafts may have less). */
export function isSubmittableDescription(description: string): boolean {
  return description.trim().length >= IDEA_DESCRIPTION_MIN_LENGTH_TO_SUBMIT;
}

const DESCRIPTION_REQUIRED_TO_SUBMIT = schemaMessage(IDEA_PHRASES.descriptionRequiredToSubmit);

/** POST /api/project-ideas/: `draft: true` saves a draft; otherwise the idea is submitted at once. */
export const CreateIdeaRequestSchema = z
  .object({
    title: IdeaTitleSchema,
    description: IdeaDescriptionSchema.default(""),
    challenge_id: ChallengeIdSchema.nullish(),
    /** Tag names, at most five (see IdeaTagsFieldSchema). */
    tags: IdeaTagsFieldSchema.optional(),
    draft: z.boolean({ error: schemaMessage(IDEA_REQUEST_MESSAGES.draftInvalid) }).default(false),
  })
  .superRefine((value, context) => {
    if (!value.draft && !isSubmittableDescription(value.description)) {
      context.addIssue({ code: "custom", path: ["description"], message: DESCRIPTION_REQUIRED_TO_SUBMIT });
    }
  });
export type CreateIdeaRequest = z.input<typeof CreateIdeaRequestSchema>;

/** PATCH /api/project-ideas/{id}/: the author, while draft or needs_revision. */
export const UpdateIdeaRequestSchema = partialUpdateSchema(
  {
    title: IdeaTitleSchema,
    description: IdeaDescriptionSchema,
    /** Only while a draft: attach it to a challenge, or detach it with null. */
    challenge_id: ChallengeIdSchema.nullable(),
    /** The idea's tags by name, replacing those it carries (the author, while they may edit it). */
    tags: IdeaTagsFieldSchema,
  },
  M.nothingToChange,
);
export type UpdateIdeaRequest = z.input<typeof UpdateIdeaRequestSchema>;

/** The action an approval creates: its owner (the approver when left out) and due date. */
export const ApprovalActionSchema = z.object({
  owner_id: OwnerIdSchema.nullish(),
  due_date: DueDateSchema.nullish(),
});
export type ApprovalAction = z.input<typeof ApprovalActionSchema>;

/**
 * POST /api/project-ideas/{id}/transition/. A request for revision and a rejection need a note;
 * an approval may say who carries the idea out and by when.
 */
export const IdeaTransitionRequestSchema = z
  .object({
    to: IdeaStatusSchema,
    note: z.string().max(REVIEW_NOTE_MAX_LENGTH, schemaMessage(IDEA_PHRASES.noteTooLong)).optional(),
    action: ApprovalActionSchema.optional(),
  })
  .refine((value) => value.action === undefined || value.to === "approved", {
    path: ["action"],
    message: schemaMessage(IDEA_REQUEST_MESSAGES.actionOnlyOnApproval),
  });
export type IdeaTransitionRequest = z.input<typeof IdeaTransitionRequestSchema>;

/** POST /api/project-ideas/{id}/merge/: merge this idea (a duplicate) into the idea `into`. */
export const MergeIdeaRequestSchema = z.object({ into: IdeaIdSchema });
export type MergeIdeaRequest = z.input<typeof MergeIdeaRequestSchema>;

export const CreateCommentRequestSchema = z.object({
  body: z
    .string({ error: schemaMessage(M.commentRequired) })
    .max(COMMENT_MAX_LENGTH, schemaMessage(IDEA_PHRASES.commentTooLong))
    .refine((text) => text.trim().length > 0, schemaMessage(M.commentRequired)),
});
export type CreateCommentRequest = z.input<typeof CreateCommentRequestSchema>;

/** `status` takes one status or several separated by commas (`under_review,revision_submitted`). */
const statusFilter = z
  .string()
  .max(200)
  .transform((text) => [...new Set(text.split(",").map((part) => part.trim()))].filter(Boolean))
  .pipe(z.array(IdeaStatusSchema));

/** How idea lists may be ordered; `newest` is the default. */
export const IDEA_SORTS = ["newest", "most_voted", "most_discussed", "trending", "score"] as const;
export type IdeaSort = (typeof IDEA_SORTS)[number];

/** The sort menu's labels. */
export const IDEA_SORT_LABELS: Readonly<Record<IdeaSort, MessageDescriptor>> = defineMessages({
  newest: { id: "shared.ideas.sort.newest", defaultMessage: "Newest" },
  most_voted: { id: "shared.ideas.sort.mostVoted", defaultMessage: "Most voted" },
  most_discussed: { id: "shared.ideas.sort.mostDiscussed", defaultMessage: "Most discussed" },
  trending: { id: "shared.ideas.sort.trending", defaultMessage: "Trending" },
  score: { id: "shared.ideas.sort.score", defaultMessage: "Score" },
});

export const IdeaListQuerySchema = PageQuerySchema.extend({
  sort: z.enum(IDEA_SORTS, { message: schemaMessage(IDEA_REQUEST_MESSAGES.sortInvalid) }).optional(),
  /** Only the caller's own ideas. */
  mine: MineFilterSchema.optional(),
  team: TeamIdSchema.optional(),
  challenge: ChallengeIdSchema.optional(),
  status: statusFilter.optional(),
  q: z.string().max(IDEA_SEARCH_MAX_LENGTH, schemaMessage(IDEA_PHRASES.searchTooLong)).optional(),
  /** Scorecards: only the ideas under review the caller scores (as a reviewer or an invited evaluator). */
  evaluating: z.stringbool({ error: schemaMessage(IDEA_REQUEST_MESSAGES.evaluatingInvalid) }).optional(),
  /** Scorecards: only the ideas the caller scores and has not scored yet. */
  not_scored_by_me: z.stringbool({ error: schemaMessage(IDEA_REQUEST_MESSAGES.notScoredByMeInvalid) }).optional(),
  /** Only the ideas carrying this tag. */
  tag: TagIdSchema.optional(),
});
export type IdeaListQuery = z.input<typeof IdeaListQuerySchema>;

/** GET /api/project-ideas/counts/: the list's filters but status, sort and paging. */
export const IdeaCountsQuerySchema = IdeaListQuerySchema.pick({
  mine: true,
  team: true,
  challenge: true,
  q: true,
  tag: true,
});
export type IdeaCountsQuery = z.input<typeof IdeaCountsQuerySchema>;

export const SimilarIdeasQuerySchema = z.object({
  q: z.string().max(IDEA_SEARCH_MAX_LENGTH, schemaMessage(IDEA_PHRASES.searchTooLong)),
  /** The idea being edited, left out of its own results. */
  exclude: IdeaIdSchema.optional(),
});
export type SimilarIdeasQuery = z.input<typeof SimilarIdeasQuerySchema>;

export const PersonRefSchema = z.object({ id: z.string(), display_name: z.string() });
export type PersonRef = z.infer<typeof PersonRefSchema>;

export const IdeaChallengeRefSchema = z.object({ id: z.string(), title: z.string(), scope: ChallengeScopeSchema });

/**
 * An idea's score as the caller may see it: the weighted score on the 1–5 scale with one decimal
 * (null until someone scored, and for an evaluator who has not given theirs yet), how many
 * scored, whether evaluators are two or more points apart on a criterion, and what the caller did
 * and may do.
 */
export const IdeaScoreSchema = z.object({
  value: z.number().nullable(),
  count: z.number().int(),
  disagreement: z.boolean(),
  scored_by_me: z.boolean(),
  can_score: z.boolean(),
});
export type IdeaScore = z.infer<typeof IdeaScoreSchema>;

/** An idea as lists and cards show it. */
export const IdeaSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  status: IdeaStatusSchema,
  author: PersonRefSchema,
  team_id: z.string().nullable(),
  team_name: z.string().nullable(),
  challenge: IdeaChallengeRefSchema.nullable(),
  votes: z.number().int(),
  comment_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  submitted_at: z.string().nullable(),
  /** The caller voted for it. */
  has_voted: z.boolean(),
  /** The statuses the caller may move it to (the review buttons). */
  allowed_transitions: z.array(IdeaStatusSchema),
  /** The caller may edit its text now. */
  can_edit: z.boolean(),
  /** The caller may vote for it: it is submitted, and not theirs. */
  can_vote: z.boolean(),
  /**
   * The caller would review it now were it not their own: who decides instead (the screen says
   * why the decision buttons are missing). Null otherwise.
   */
  own_idea_reviewer: z.enum(OWN_IDEA_REVIEWERS).nullable(),
  /**
   * Scorecards: null for whoever may not see it — shown to its evaluators, and once it is
   * decided to its author, its team's managers and the admins too.
   */
  score: IdeaScoreSchema.nullable(),
  /** For a merged idea: the idea it was merged into. Null otherwise. */
  merged_into: z.object({ id: z.string(), title: z.string() }).nullable(),
  /** The authors of the ideas merged into this one (never its own author), by name. */
  contributors: z.array(PersonRefSchema),
  /** The caller may merge it into another idea (the Merge buttons). */
  can_merge: z.boolean(),
  /** The tags it carries, by name. */
  tags: z.array(TagRefSchema),
});
export type Idea = z.infer<typeof IdeaSchema>;

/** One question of the reviewer's checklist: answered or not, with its one-line hint. */
export const ChecklistItemSchema = z.object({
  key: z.enum(CHECKLIST_KEYS),
  ok: z.boolean(),
  hint: z.string(),
});

/** One step of the status history. */
export const IdeaHistoryEntrySchema = z.object({
  id: z.string(),
  from_status: IdeaStatusSchema.nullable(),
  to_status: IdeaStatusSchema,
  actor: PersonRefSchema.nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
  /**
   * For a submission or a resubmitted revision: the reviewer's checklist as it was computed on
   * the text sent in that step (Analyze gives its author the same verdicts for that text). Null
   * for every other step, and for submissions recorded before checklists were kept.
   */
  checklist: z.array(ChecklistItemSchema).nullable(),
});
export type IdeaHistoryEntry = z.infer<typeof IdeaHistoryEntrySchema>;

const IdeaTextSchema = z.object({ title: z.string(), description: z.string() });

/** One revision: the text before and after the author's edit. */
export const IdeaRevisionSchema = z.object({
  id: z.string(),
  revised_by: PersonRefSchema.nullable(),
  created_at: z.string(),
  before: IdeaTextSchema,
  after: IdeaTextSchema,
});
export type IdeaRevision = z.infer<typeof IdeaRevisionSchema>;

export const CommentSchema = z.object({
  id: z.string(),
  body: z.string(),
  author: PersonRefSchema,
  created_at: z.string(),
  /** A comment written on an idea later merged into this one: that idea. Null for the idea's own. */
  merged_from: z.object({ id: z.string(), title: z.string() }).nullable(),
});
export type Comment = z.infer<typeof CommentSchema>;

/** GET /api/project-ideas/{id}/: the idea with its history, revisions and comments (oldest first). */
/** The action an approved idea became: who carries it out, by when, and how far it is. */
export const IdeaActionSchema = z.object({
  id: z.string(),
  owner: PersonRefSchema.nullable(),
  due_date: z.string().nullable(),
  status: ActionStatusSchema,
});
export type IdeaAction = z.infer<typeof IdeaActionSchema>;

export const IdeaDetailSchema = IdeaSchema.extend({
  history: z.array(IdeaHistoryEntrySchema),
  revisions: z.array(IdeaRevisionSchema),
  comments: z.array(CommentSchema),
  /** Its action, shown to everyone who sees the idea; null until it is approved. */
  action: IdeaActionSchema.nullable(),
});
export type IdeaDetail = z.infer<typeof IdeaDetailSchema>;

export const IdeaResponseSchema = SuccessSchema.extend({ idea: IdeaSchema });
export const IdeaDetailResponseSchema = SuccessSchema.extend({ idea: IdeaDetailSchema });
export const IdeaListResponseSchema = pageResponseSchema("ideas", IdeaSchema);
export const SimilarIdeasResponseSchema = SuccessSchema.extend({ ideas: z.array(IdeaSchema) });
export const CommentResponseSchema = SuccessSchema.extend({ comment: CommentSchema });
export const VoteResponseSchema = SuccessSchema.extend({
  votes: z.number().int(),
  has_voted: z.boolean(),
});

/** One possible duplicate of an idea under review, and why it is offered. */
export const PossibleDuplicateSchema = z.object({
  idea: z.object({ id: z.string(), title: z.string(), status: IdeaStatusSchema, author: PersonRefSchema }),
  /** Its text is close to the idea's (the similar-ideas search). */
  similar_text: z.boolean(),
  /**
   * How many people said it is the same: the author of one of the two ideas voted for the other
   * ("This is the same as mine").
   */
  same_votes: z.number().int(),
});
export type PossibleDuplicate = z.infer<typeof PossibleDuplicateSchema>;
export const PossibleDuplicatesResponseSchema = SuccessSchema.extend({ duplicates: z.array(PossibleDuplicateSchema) });

/** How many ideas the caller sees in each status, for the status tabs ("Submitted (3)"). */
export const IdeaCountsResponseSchema = SuccessSchema.extend({
  counts: z.record(IdeaStatusSchema, z.number().int()),
});

/** Project ideas: listed and searched, written and revised, moved through review, commented and voted on. */
export const ideasEndpoints = {
  listIdeas: defineEndpoint({
    tokenScope: "ideas:read",
    method: "GET",
    path: "/api/project-ideas/",
    query: IdeaListQuerySchema,
    response: IdeaListResponseSchema,
  }),
  createIdea: defineEndpoint({
    tokenScope: "ideas:write",
    method: "POST",
    path: "/api/project-ideas/",
    body: CreateIdeaRequestSchema,
    response: IdeaResponseSchema,
  }),
  countIdeas: defineEndpoint({
    tokenScope: "ideas:read",
    method: "GET",
    path: "/api/project-ideas/counts/",
    query: IdeaCountsQuerySchema,
    response: IdeaCountsResponseSchema,
  }),
  similarIdeas: defineEndpoint({
    tokenScope: "ideas:read",
    method: "GET",
    path: "/api/project-ideas/similar/",
    query: SimilarIdeasQuerySchema,
    response: SimilarIdeasResponseSchema,
  }),
  getIdea: defineEndpoint({
    tokenScope: "ideas:read",
    method: "GET",
    path: "/api/project-ideas/:id/",
    response: IdeaDetailResponseSchema,
  }),
  updateIdea: defineEndpoint({
    tokenScope: "ideas:write",
    method: "PATCH",
    path: "/api/project-ideas/:id/",
    body: UpdateIdeaRequestSchema,
    response: IdeaDetailResponseSchema,
  }),
  /** The author deletes a draft. */
  deleteIdea: defineEndpoint({
    tokenScope: "ideas:write",
    method: "DELETE",
    path: "/api/project-ideas/:id/",
    response: SuccessSchema,
  }),
  transitionIdea: defineEndpoint({
    tokenScope: "ideas:write",
    method: "POST",
    path: "/api/project-ideas/:id/transition/",
    body: IdeaTransitionRequestSchema,
    response: IdeaDetailResponseSchema,
  }),
  /** A reviewer merges a duplicate into another open idea they see; answers the merged idea. */
  mergeIdea: defineEndpoint({
    tokenScope: "ideas:write",
    method: "POST",
    path: "/api/project-ideas/:id/merge/",
    body: MergeIdeaRequestSchema,
    response: IdeaDetailResponseSchema,
  }),
  /** For a reviewer of the idea: open ideas that may be the same, with why. */
  possibleDuplicates: defineEndpoint({
    tokenScope: "ideas:read",
    method: "GET",
    path: "/api/project-ideas/:id/duplicates/",
    response: PossibleDuplicatesResponseSchema,
  }),
  commentOnIdea: defineEndpoint({
    tokenScope: "ideas:write",
    method: "POST",
    path: "/api/project-ideas/:id/comments/",
    body: CreateCommentRequestSchema,
    response: CommentResponseSchema,
  }),
  voteForIdea: defineEndpoint({
    tokenScope: "ideas:write",
    method: "POST",
    path: "/api/project-ideas/:id/vote/",
    response: VoteResponseSchema,
  }),
  removeVote: defineEndpoint({
    tokenScope: "ideas:write",
    method: "DELETE",
    path: "/api/project-ideas/:id/vote/",
    response: VoteResponseSchema,
  }),
} as const;
