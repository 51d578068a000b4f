import { z } from "zod";
import { defineEndpoint } from "../api/contract.ts";
import { defineMessages } from "../i18n/messages.ts";
import { schemaMessage } from "../i18n/schema-messages.ts";
import { VALIDATION_MESSAGES as M } from "../messages.ts";
import { LoginResponseSchema } from "./auth.ts";
import { EMAIL_PATTERN, requiredText, SuccessSchema } from "./common.ts";

/** The domain of an e-mail address, lower case: what a company claims for single sign-on. */
export function emailDomainOf(email: string): string {
  return email
    .slice(email.lastIndexOf("@") + 1)
    .trim()
    .toLowerCase();
}

/** How many e-mail domains one company may claim. */
export const SSO_DOMAINS_MAX = 20;

/** The texts of single sign-on's settings and fields, in one place. */
export const SSO_MESSAGES = defineMessages({
  issuerRequired: {
    id: "shared.sso.issuerRequired",
    defaultMessage: "Enter the issuer URL of your identity provider.",
  },
  issuerInvalid: {
    id: "shared.sso.issuerInvalid",
    defaultMessage: "Enter the issuer as a full address, such as https://login.example.com/realms/staff.",
  },
  clientIdRequired: { id: "shared.sso.clientIdRequired", defaultMessage: "Enter the client ID." },
  domainInvalid: {
    id: "shared.sso.domainInvalid",
    defaultMessage: "Enter each e-mail domain as a name such as example.com, without @.",
  },
  domainsRequired: { id: "shared.sso.domainsRequired", defaultMessage: "Enter at least one e-mail domain." },
  domainsTooMany: { id: "shared.sso.domainsTooMany", defaultMessage: "Enter at most {max} e-mail domains." },
  ticketMissing: { id: "shared.sso.ticketMissing", defaultMessage: "The sign-in ticket is missing." },
});

const issuerMessage = schemaMessage(SSO_MESSAGES.issuerInvalid);
const DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** An e-mail domain, lower case, such as `example.com`. */
export const SsoDomainSchema = z
  .string({ error: schemaMessage(SSO_MESSAGES.domainInvalid) })
  .trim()
  .toLowerCase()
  .regex(DOMAIN_PATTERN, schemaMessage(SSO_MESSAGES.domainInvalid));

/** What the settings form sends; a missing or empty `client_secret` keeps the one saved. */
export const UpdateCompanySsoRequestSchema = z.strictObject({
  issuer: requiredText(SSO_MESSAGES.issuerRequired, 500, { message: M.textTooLong, values: { max: 500 } }).refine(
    (value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol),
    issuerMessage,
  ),
  client_id: requiredText(SSO_MESSAGES.clientIdRequired, 300, { message: M.textTooLong, values: { max: 300 } }),
  client_secret: z
    .string()
    .max(1000, schemaMessage(M.textTooLong, { max: 1000 }))
    .optional(),
  domains: z
    .array(SsoDomainSchema, { error: schemaMessage(SSO_MESSAGES.domainsRequired) })
    .min(1, schemaMessage(SSO_MESSAGES.domainsRequired))
    .max(SSO_DOMAINS_MAX, schemaMessage(SSO_MESSAGES.domainsTooMany, { max: SSO_DOMAINS_MAX })),
  required: z.boolean(),
});
export type UpdateCompanySsoRequest = z.infer<typeof UpdateCompanySsoRequestSchema>;

/** A company's single sign-on as its admins read it: never the client secret, only whether one is set. */
export const CompanySsoSchema = z.object({
  configured: z.boolean(),
  issuer: z.string().nullable(),
  client_id: z.string().nullable(),
  has_client_secret: z.boolean(),
  domains: z.array(z.string()),
  required: z.boolean(),
  /** The address to register at the provider as the redirect URI. */
  redirect_uri: z.string(),
});
export type CompanySso = z.infer<typeof CompanySsoSchema>;
export const CompanySsoResponseSchema = SuccessSchema.extend({ sso: CompanySsoSchema });

const ssoEmail = requiredText(M.emailRequired, 254, { message: M.textTooLong, values: { max: 254 } }).regex(
  EMAIL_PATTERN,
  schemaMessage(M.loginEmailInvalid),
);

/** The login page's question: does this address's domain sign in through an identity provider? */
export const SsoLookupRequestSchema = z.strictObject({ email: ssoEmail });
export const SsoLookupResponseSchema = SuccessSchema.extend({
  sso: z.boolean(),
  /** Password sign-in is refused for the domain, except for administrators. */
  required: z.boolean(),
});

export const StartSsoRequestSchema = z.strictObject({ email: ssoEmail });
export const StartSsoResponseSchema = SuccessSchema.extend({ redirect_url: z.string() });

/** What the provider sends back: the code and state, or an error. */
export const SsoCallbackQuerySchema = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(500).optional(),
  iss: z.string().max(500).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
  session_state: z.string().max(500).optional(),
});

export const CompleteSsoRequestSchema = z.strictObject({
  ticket: z
    .string({ error: schemaMessage(SSO_MESSAGES.ticketMissing) })
    .min(1, schemaMessage(SSO_MESSAGES.ticketMissing))
    .max(200),
});

/** Why a sign-in through the provider ended on /login/sso without a ticket (`#error=<code>`). */
export const SSO_FAILURES = [
  "state_invalid",
  "denied",
  "token_invalid",
  "email_unverified",
  "domain_not_claimed",
  "account_in_other_company",
  "account_inactive",
  "provider_unreachable",
] as const;
export type SsoFailure = (typeof SSO_FAILURES)[number];

export const ssoEndpoints = {
  /** The company's single sign-on (admins). */
  companySso: defineEndpoint({ method: "GET", path: "/api/company/sso/", response: CompanySsoResponseSchema }),
  /** Sets it up or changes it (admins); the issuer is discovered first, so a wrong one is refused. */
  updateCompanySso: defineEndpoint({
    method: "PUT",
    path: "/api/company/sso/",
    body: UpdateCompanySsoRequestSchema,
    response: CompanySsoResponseSchema,
  }),
  /** Before sign-in: whether an e-mail's domain signs in with single sign-on. */
  ssoLookup: defineEndpoint({
    method: "POST",
    path: "/api/auth/sso/lookup/",
    body: SsoLookupRequestSchema,
    response: SsoLookupResponseSchema,
    auth: false,
  }),
  /** Starts a sign-in at the domain's provider: answers the authorization URL the browser goes to. */
  startSso: defineEndpoint({
    method: "POST",
    path: "/api/auth/sso/start/",
    body: StartSsoRequestSchema,
    response: StartSsoResponseSchema,
    auth: false,
  }),
  /** Where the provider sends the browser back; redirects to /login/sso with a ticket or an error. */
  ssoCallback: defineEndpoint({
    method: "GET",
    path: "/api/auth/sso/callback/",
    query: SsoCallbackQuerySchema,
    response: z.never(),
    auth: false,
  }),
  /** Exchanges the single-use ticket for a session: the same answer as a password login. */
  completeSso: defineEndpoint({
    method: "POST",
    path: "/api/auth/sso/complete/",
    body: CompleteSsoRequestSchema,
    response: LoginResponseSchema,
    auth: false,
  }),
} as const;
