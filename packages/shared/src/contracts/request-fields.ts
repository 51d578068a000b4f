import { z } from "zod";
import { defineMessages } from "../i18n/messages.ts";
import { schemaMessage } from "../i18n/schema-messages.ts";
import { VALIDATION_MESSAGES as M } from "../messages.ts";

// Fields of the idea programme's requests (ideas, challenges, actions, rewards, leaderboards), apart
// from common.ts so that the pages without those requests (sign-in, settings) do not load them.

const REQUEST_FIELD_MESSAGES = defineMessages({
  mineInvalid: { id: "shared.validation.mineInvalid", defaultMessage: "mine must be true or false." },
});

/** The list filter `mine=true|false`: only the caller's own records. */
export const MineFilterSchema = z.stringbool({ error: schemaMessage(REQUEST_FIELD_MESSAGES.mineInvalid) });

/** Ids of what a request refers to, each refused in its own words. */
export const TeamIdSchema = z.uuid({ message: schemaMessage(M.teamIdInvalid) });
export const ChallengeIdSchema = z.uuid({ message: schemaMessage(M.challengeIdInvalid) });
export const IdeaIdSchema = z.uuid({ message: schemaMessage(M.ideaIdInvalid) });
export const OwnerIdSchema = z.uuid({ message: schemaMessage(M.ownerIdInvalid) });
