import { z } from "zod";
import {
  ChallengeDecisionRequestSchema,
  ChallengeListQuerySchema,
  ChallengeListResponseSchema,
  ChallengeResponseSchema,
  CreateChallengeRequestSchema,
  UpdateChallengeRequestSchema,
} from "../schemas/challenges.ts";
import {
  ActionListQuerySchema,
  ActionListResponseSchema,
  ActionResponseSchema,
  CommentResponseSchema,
  CreateCommentRequestSchema,
  CreateIdeaRequestSchema,
  IdeaDetailResponseSchema,
  IdeaListQuerySchema,
  IdeaListResponseSchema,
  IdeaResponseSchema,
  IdeaTransitionRequestSchema,
  SimilarIdeasQuerySchema,
  SimilarIdeasResponseSchema,
  UpdateActionRequestSchema,
  UpdateIdeaRequestSchema,
  VoteResponseSchema,
} from "../schemas/ideas.ts";
import { defineEndpoint } from "./contract.ts";

/** Path parameters of these endpoints: ids are UUIDs; anything else answers 404. */
export const IdParamsSchema = z.object({ id: z.string().max(100) });

/**
 * Challenges, project ideas and the ideas-to-action board (issue 4). Paths follow DESIGN
 * section 3: plural nouns, trailing slashes, verbs only for actions.
 */
export const ideasApi = {
  listChallenges: defineEndpoint({
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
  getChallenge: defineEndpoint({ method: "GET", path: "/api/challenges/:id/", response: ChallengeResponseSchema }),
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

  listIdeas: defineEndpoint({
    method: "GET",
    path: "/api/project-ideas/",
    query: IdeaListQuerySchema,
    response: IdeaListResponseSchema,
  }),
  createIdea: defineEndpoint({
    method: "POST",
    path: "/api/project-ideas/",
    body: CreateIdeaRequestSchema,
    response: IdeaResponseSchema,
  }),
  similarIdeas: defineEndpoint({
    method: "GET",
    path: "/api/project-ideas/similar/",
    query: SimilarIdeasQuerySchema,
    response: SimilarIdeasResponseSchema,
  }),
  getIdea: defineEndpoint({ method: "GET", path: "/api/project-ideas/:id/", response: IdeaDetailResponseSchema }),
  updateIdea: defineEndpoint({
    method: "PATCH",
    path: "/api/project-ideas/:id/",
    body: UpdateIdeaRequestSchema,
    response: IdeaDetailResponseSchema,
  }),
  transitionIdea: defineEndpoint({
    method: "POST",
    path: "/api/project-ideas/:id/transition/",
    body: IdeaTransitionRequestSchema,
    response: IdeaDetailResponseSchema,
  }),
  commentOnIdea: defineEndpoint({
    method: "POST",
    path: "/api/project-ideas/:id/comments/",
    body: CreateCommentRequestSchema,
    response: CommentResponseSchema,
  }),
  voteForIdea: defineEndpoint({ method: "POST", path: "/api/project-ideas/:id/vote/", response: VoteResponseSchema }),
  removeVote: defineEndpoint({ method: "DELETE", path: "/api/project-ideas/:id/vote/", response: VoteResponseSchema }),

  listActions: defineEndpoint({
    method: "GET",
    path: "/api/actions/",
    query: ActionListQuerySchema,
    response: ActionListResponseSchema,
  }),
  updateAction: defineEndpoint({
    method: "PATCH",
    path: "/api/actions/:id/",
    body: UpdateActionRequestSchema,
    response: ActionResponseSchema,
  }),
} as const;

export type IdeasApi = typeof ideasApi;
