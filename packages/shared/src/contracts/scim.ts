import { z } from "zod";
import { defineEndpoint } from "../api/contract.ts";
import { VALIDATION_MESSAGES } from "../messages.ts";
import { nameField, SuccessSchema } from "./common.ts";

// Provisioning with SCIM: the company's bearer tokens (Company Settings → Provisioning) and the
// request shapes of the SCIM protocol itself, served under /scim/v2/.

/** Where a company's identity provider sends its SCIM requests, below the app's address. */
export const SCIM_BASE_PATH = "/scim/v2";

/** A SCIM token as the list shows it: never the token itself. */
export const ScimTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** When it was created (ISO 8601). */
  created_at: z.string(),
  /** When an identity provider last called with it (ISO 8601); null when never. */
  last_used_at: z.string().nullable(),
});
export type ScimToken = z.infer<typeof ScimTokenSchema>;

export const CreateScimTokenRequestSchema = z.object({ name: nameField(VALIDATION_MESSAGES.scimTokenNameRequired) });
export type CreateScimTokenRequest = z.infer<typeof CreateScimTokenRequestSchema>;

/** The new token: shown this once, stored only hashed. */
export const CreateScimTokenResponseSchema = SuccessSchema.extend({ id: z.string(), token: z.string() });
export const ScimTokensResponseSchema = SuccessSchema.extend({ tokens: z.array(ScimTokenSchema) });

/** Company Settings → Provisioning (admins): the company's SCIM tokens, created, listed and revoked. */
export const scimTokensEndpoints = {
  scimTokens: defineEndpoint({ method: "GET", path: "/api/company/scim-tokens/", response: ScimTokensResponseSchema }),
  createScimToken: defineEndpoint({
    method: "POST",
    path: "/api/company/scim-tokens/",
    body: CreateScimTokenRequestSchema,
    response: CreateScimTokenResponseSchema,
  }),
  revokeScimToken: defineEndpoint({
    method: "DELETE",
    path: "/api/company/scim-tokens/:tokenId/",
    response: SuccessSchema,
  }),
} as const;

// The SCIM protocol's requests. Identity providers send more than Ideaport keeps and spell some
// values loosely (Entra sends `"active": "False"`, `op: "Replace"`), so these schemas only bound
// sizes and shapes; what each attribute means is read by the SCIM module.

const ScimText = z.string().max(1000);
const ScimValue = z.unknown();

/** A SCIM resource body (POST and PUT of a User or Group): an object whose attributes the module reads. */
export const ScimResourceRequestSchema = z.record(z.string().max(200), ScimValue);

/** One operation of a SCIM PATCH. */
export const ScimPatchOperationSchema = z.object({
  op: z.string().max(20),
  path: ScimText.optional(),
  value: ScimValue.optional(),
});

/** A SCIM PATCH body: its operations, at most 1000 (a group's members are added in batches). */
export const ScimPatchRequestSchema = z.object({
  schemas: z.array(ScimText).max(10).optional(),
  Operations: z.array(ScimPatchOperationSchema).min(1).max(1000),
});
export type ScimPatchRequest = z.infer<typeof ScimPatchRequestSchema>;
export type ScimPatchOperation = z.infer<typeof ScimPatchOperationSchema>;

/** A list's query: a filter, and the page as SCIM counts it (1-based start, count). */
export const ScimListQuerySchema = z.object({
  filter: ScimText.optional(),
  startIndex: z.coerce.number().int().optional(),
  count: z.coerce.number().int().optional(),
  attributes: ScimText.optional(),
  excludedAttributes: ScimText.optional(),
});
export type ScimListQuery = z.infer<typeof ScimListQuerySchema>;
