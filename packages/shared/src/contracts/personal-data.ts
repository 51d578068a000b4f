import { z } from "zod";
import { defineEndpoint } from "../api/contract.ts";
import { defineMessages } from "../i18n/messages.ts";
import { schemaMessage } from "../i18n/schema-messages.ts";
import { VALIDATION_MESSAGES } from "../messages.ts";
import { ApiTokenSchema } from "./api-tokens.ts";
import { SuccessSchema } from "./common.ts";
import { EmailPreferencesSchema } from "./email-preferences.ts";
import { PushSubscriptionSchema } from "./push.ts";
import { LanguageSchema, RoleSchema } from "./users.ts";

/** The most rows one list of the export holds (the newest); a longer one is named in `incomplete_lists`. */
export const PERSONAL_DATA_ROWS_PER_LIST = 10_000;

const Instant = z.string();
/** Another person as the export names them: by display name at most, null when unknown or deleted. */
const PersonName = z.string().nullable();

export const PersonalDataExportSchema = z.object({
  format: z.literal("ideaport.personal-data"),
  version: z.literal(1),
  exported_at: Instant,
  /** Lists cut at PERSONAL_DATA_ROWS_PER_LIST rows (their newest rows are kept). */
  incomplete_lists: z.array(z.string()),
  profile: z.object({
    id: z.string(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    display_name: z.string(),
    role: RoleSchema,
    is_admin: z.boolean(),
    is_active: z.boolean(),
    company_name: z.string().nullable(),
    teams: z.array(z.object({ name: z.string(), is_manager: z.boolean() })),
    language: LanguageSchema.nullable(),
    onboarding_status: z.string(),
    created_at: Instant,
    last_login_at: Instant.nullable(),
  }),
  ideas: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      description: z.string(),
      status: z.string(),
      tags: z.array(z.string()),
      team_name: z.string().nullable(),
      challenge_title: z.string().nullable(),
      vote_count: z.number(),
      comment_count: z.number(),
      created_at: Instant,
      submitted_at: Instant.nullable(),
      /** Every status change, oldest first, with who made it (by display name) and their note. */
      history: z.array(
        z.object({
          from_status: z.string().nullable(),
          to_status: z.string(),
          by: PersonName,
          note: z.string().nullable(),
          at: Instant,
        }),
      ),
      /** Earlier versions of the text, oldest first. */
      revisions: z.array(z.object({ title: z.string(), description: z.string(), at: Instant })),
    }),
  ),
  comments: z.array(
    z.object({ id: z.string(), idea_id: z.string(), idea_title: z.string(), body: z.string(), created_at: Instant }),
  ),
  votes: z.array(z.object({ idea_id: z.string(), idea_title: z.string(), created_at: Instant })),
  points: z.array(
    z.object({
      delta: z.number(),
      reason: z.string(),
      reference_type: z.string().nullable(),
      reference_id: z.string().nullable(),
      created_at: Instant,
    }),
  ),
  redemptions: z.array(
    z.object({
      id: z.string(),
      reward_title: z.string(),
      cost: z.number(),
      status: z.string(),
      decided_at: Instant.nullable(),
      cancel_reason: z.string().nullable(),
      created_at: Instant,
    }),
  ),
  notifications: z.array(
    z.object({ type: z.string(), content: z.string(), read_at: Instant.nullable(), created_at: Instant }),
  ),
  /** Null for a person without a company, who is offered no e-mail. */
  email_preferences: EmailPreferencesSchema.nullable(),
  /** The calendar feed and provider connections, without their secrets (no address token, no OAuth tokens). */
  calendar: z.object({
    feed_created_at: Instant.nullable(),
    connections: z.array(
      z.object({
        provider: z.string(),
        scope: z.string().nullable(),
        connected_at: Instant,
        token_expires_at: Instant.nullable(),
      }),
    ),
  }),
  /** The devices subscribed to push notifications (their push service address and categories; never their keys). */
  push_subscriptions: z.array(PushSubscriptionSchema),
  sessions: z.array(
    z.object({
      browser: z.string().nullable(),
      os: z.string().nullable(),
      ip_address: z.string().nullable(),
      last_active_at: Instant,
    }),
  ),
  /** The person's live API tokens: names, scopes and dates, never their text. */
  api_tokens: z.array(ApiTokenSchema),
  /** Audit entries whose actor or target is the person; other people by display name. */
  audit_entries: z.array(
    z.object({
      action: z.string(),
      target_type: z.string(),
      by: PersonName,
      is_actor: z.boolean(),
      is_target: z.boolean(),
      created_at: Instant,
    }),
  ),
});
export type PersonalDataExport = z.infer<typeof PersonalDataExportSchema>;

/** How an erased person is named wherever their ideas, comments and deeds still show. */
export const ERASED_PERSON_MESSAGES = defineMessages({
  formerColleague: { id: "shared.erasure.formerColleague", defaultMessage: "Former colleague" },
});

/**
 * "Delete my account": the person's current password. It may be left out only by a session that
 * proves who the person is by itself (the server decides; none does today).
 */
export const EraseAccountRequestSchema = z.object({
  password: z.string().min(1, schemaMessage(VALIDATION_MESSAGES.passwordRequired)).max(1024).optional(),
});
export type EraseAccountRequest = z.infer<typeof EraseAccountRequestSchema>;

/** Profile Settings → Your data, and an administrator's erasure of a person. */
export const personalDataEndpoints = {
  /** A JSON attachment of everything Ideaport keeps about the caller. */
  exportPersonalData: defineEndpoint({
    method: "GET",
    path: "/api/users/current/export/",
    response: PersonalDataExportSchema,
  }),
  /** Erases the caller's personal data and ends the account; their ideas and comments stay. */
  eraseAccount: defineEndpoint({
    method: "DELETE",
    path: "/api/users/current/",
    body: EraseAccountRequestSchema,
    response: SuccessSchema,
  }),
  /** An administrator erases a person of their company the same way. */
  eraseCompanyUser: defineEndpoint({
    method: "DELETE",
    path: "/api/company/users/:userId/",
    response: SuccessSchema,
  }),
} as const;
