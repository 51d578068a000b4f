/** Single sign-on with OpenID Connect: each company's provider, its e-mail domains, sign-ins under way, and tickets. */
import { boolean, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, instant, timestamps } from "./columns.ts";
import { companies, companyKeys, ownerId } from "./companies.ts";

/** A company's OpenID provider; the client secret is encrypted at rest and never sent back. */
export const companySsoProviders = pgTable("company_sso_providers", {
  companyId: uuid("company_id")
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  issuer: text("issuer").notNull(),
  clientId: text("client_id").notNull(),
  clientSecretEncrypted: text("client_secret_encrypted").notNull(),
  /** Password sign-in is refused for the company's domains, except for administrators. */
  isRequired: boolean("is_required").notNull().default(false),
  ...timestamps(),
});

/** An e-mail domain a company claimed (lower case); one company per domain. */
export const ssoDomains = pgTable(
  "sso_domains",
  {
    ...companyKeys(),
    domain: text("domain").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("sso_domains_domain_unique").on(table.domain),
    index("sso_domains_company_idx").on(table.companyId),
  ],
);

/** A sign-in sent to the provider and not back yet: its state (hashed), nonce and PKCE verifier, for minutes. */
export const ssoSignIns = pgTable(
  "sso_sign_ins",
  {
    ...companyKeys(),
    stateHash: text("state_hash").notNull(),
    nonce: text("nonce").notNull(),
    codeVerifierEncrypted: text("code_verifier_encrypted").notNull(),
    expiresAt: instant("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("sso_sign_ins_state_hash_unique").on(table.stateHash),
    index("sso_sign_ins_expires_idx").on(table.expiresAt),
  ],
);

/** The single-use ticket the callback hands the browser, stored hashed, exchanged for a session. */
export const ssoTickets = pgTable(
  "sso_tickets",
  {
    ...companyKeys(),
    userId: ownerId(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: instant("expires_at").notNull(),
    usedAt: instant("used_at"),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("sso_tickets_token_hash_unique").on(table.tokenHash),
    index("sso_tickets_user_idx").on(table.userId),
  ],
);

export type CompanySsoProviderRow = typeof companySsoProviders.$inferSelect;
