import { z } from "zod";
import { defineEndpoint } from "../api/contract.ts";
import { TOKEN_SCOPES } from "../api/token-scopes.ts";
import { defineMessages } from "../i18n/messages.ts";
import { schemaMessage } from "../i18n/schema-messages.ts";
import { nameField, SuccessSchema } from "./common.ts";

// Profile Settings → API tokens: a person's own tokens for scripts and tools, each with a name,
// an expiry and scopes; sent as `Authorization: Bearer ipt_…` to the routes their scopes open.

/** What the create form's fields say when refused. */
export const API_TOKEN_MESSAGES = defineMessages({
  nameRequired: {
    id: "shared.validation.apiTokenNameRequired",
    defaultMessage: "Please name the token, e.g. after the script or tool that uses it.",
  },
  scopesRequired: { id: "shared.validation.apiTokenScopesRequired", defaultMessage: "Choose at least one scope." },
  expiryInvalid: {
    id: "shared.validation.apiTokenExpiryInvalid",
    defaultMessage: "Choose when the token expires: in 7, 30, 90 or 365 days.",
  },
});

/** What an API token's text starts with, so a leaked one is recognisable in logs and secret scanners. */
export const API_TOKEN_PREFIX = "ipt_";

/** How long a new token lives, in days: the choices the create dialog offers. */
export const API_TOKEN_LIFETIMES_DAYS = [7, 30, 90, 365] as const;

/** How many live tokens one person may hold at once. */
export const MAX_API_TOKENS_PER_PERSON = 20;

export const TokenScopeSchema = z.enum(TOKEN_SCOPES);

/** A token as the list shows it: never the token itself. */
export const ApiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(TokenScopeSchema),
  /** When it was created (ISO 8601). */
  created_at: z.string(),
  /** When it stops working (ISO 8601). */
  expires_at: z.string(),
  /** When it was last used, to the minute (ISO 8601); null when never. */
  last_used_at: z.string().nullable(),
});
export type ApiToken = z.infer<typeof ApiTokenSchema>;

export const CreateApiTokenRequestSchema = z.object({
  name: nameField(API_TOKEN_MESSAGES.nameRequired),
  expires_in_days: z.literal(API_TOKEN_LIFETIMES_DAYS, {
    message: schemaMessage(API_TOKEN_MESSAGES.expiryInvalid),
  }),
  scopes: z
    .array(TokenScopeSchema, { message: schemaMessage(API_TOKEN_MESSAGES.scopesRequired) })
    .min(1, { message: schemaMessage(API_TOKEN_MESSAGES.scopesRequired) })
    .max(TOKEN_SCOPES.length),
});
export type CreateApiTokenRequest = z.infer<typeof CreateApiTokenRequestSchema>;

/** The new token: shown this once, stored only hashed. */
export const CreateApiTokenResponseSchema = SuccessSchema.extend({ id: z.string(), token: z.string() });
export const ApiTokensResponseSchema = SuccessSchema.extend({ tokens: z.array(ApiTokenSchema) });

/** Profile Settings → API tokens: the caller's own tokens. No API token may manage tokens. */
export const apiTokensEndpoints = {
  apiTokens: defineEndpoint({ method: "GET", path: "/api/tokens/", response: ApiTokensResponseSchema }),
  createApiToken: defineEndpoint({
    method: "POST",
    path: "/api/tokens/",
    body: CreateApiTokenRequestSchema,
    response: CreateApiTokenResponseSchema,
  }),
  revokeApiToken: defineEndpoint({ method: "DELETE", path: "/api/tokens/:id/", response: SuccessSchema }),
} as const;
