import { z } from "zod";
import { defineEndpoint } from "../api/contract.ts";

import { schemaMessage } from "../i18n/schema-messages.ts";
import { VALIDATION_MESSAGES } from "../messages.ts";
import { SuccessSchema } from "./common.ts";

// One-click unsubscribe, apart from the preferences (email-preferences.ts): the public page that
// posts it is in another chunk than Profile Settings, and a contract shared by both was a chunk
// of its own that every route's entry had to list.

/** The token of an unsubscribe link, in its query string. */
const linkInvalid = schemaMessage(VALIDATION_MESSAGES.unsubscribeLinkInvalid);
export const UnsubscribeQuerySchema = z.object({
  token: z.string({ message: linkInvalid }).min(1, { message: linkInvalid }).max(2000, { message: linkInvalid }),
});

export const UnsubscribeResponseSchema = SuccessSchema.extend({
  /** The sentence the unsubscribe page shows. */
  message: z.string(),
});

export const emailUnsubscribeEndpoints = {
  /**
   * One-click unsubscribe (RFC 8058): mail clients POST here from the `List-Unsubscribe` header,
   * without signing in and without a CSRF token; the signed token says whose e-mails and which.
   */
  unsubscribeEmail: defineEndpoint({
    method: "POST",
    path: "/api/email-preferences/unsubscribe/",
    query: UnsubscribeQuerySchema,
    response: UnsubscribeResponseSchema,
    auth: false,
  }),
} as const;
