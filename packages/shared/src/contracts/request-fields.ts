import { z } from "zod";

// Fields of the idea programme's requests (ideas, challenges, actions, rewards, leaderboards), apart
// from common.ts so that the pages without those requests (sign-in, settings) do not load them.

/** The list filter `mine=true|false`: only the caller's own records. */
export const MineFilterSchema = z.stringbool({ error: "mine must be true or false." });

/** Ids of what a request refers to, each refused in its own words. */
export const TeamIdSchema = z.uuid({ message: "Invalid team id." });
export const ChallengeIdSchema = z.uuid({ message: "Invalid challenge id." });
export const IdeaIdSchema = z.uuid({ message: "Invalid idea id." });
export const OwnerIdSchema = z.uuid({ message: "Invalid owner id." });
