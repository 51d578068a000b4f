/** Registration, sessions and recovery: pending sign-ups, registration proofs, refresh tokens, password reset tokens. */
import { sql } from "drizzle-orm";
import { type AnyPgColumn, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, instant, personNames, timestamps } from "./columns.ts";
import { ownerId } from "./companies.ts";

/** A person's single-use secret, stored hashed: valid until it expires or is used. */
function singleUseTokens(name: string) {
  return pgTable(
    name,
    {
      id: id(),
      userId: ownerId(),
      tokenHash: text("token_hash").notNull(),
      expiresAt: instant("expires_at").notNull(),
      usedAt: instant("used_at"),
      createdAt: createdAt(),
    },
    (table) => [
      uniqueIndex(`${name}_token_hash_unique`).on(table.tokenHash),
      index(`${name}_user_idx`).on(table.userId),
    ],
  );
}

/** A sign-up waiting for its e-mailed code; becomes a user when the code is verified. */
export const pendingRegistrations = pgTable(
  "pending_registrations",
  {
    id: id(),
    email: text("email").notNull(),
    ...personNames(),
    passwordHash: text("password_hash").notNull(),
    codeHash: text("code_hash").notNull(),
    /** Wrong codes entered; the registration is refused past VERIFICATION_CODE_MAX_ATTEMPTS. */
    attempts: integer("attempts").notNull().default(0),
    expiresAt: instant("expires_at").notNull(),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex("pending_registrations_email_lower_unique").on(sql`lower(${table.email})`),
    index("pending_registrations_expires_idx").on(table.expiresAt),
  ],
);

/**
 * Proof that whoever holds the token verified this user's e-mail, so a pre-sign-in step trusts a body's user id only with it: set as an
 * HttpOnly cookie by the verify step, required by the associate-company and create-company steps.
 */
export const registrationProofs = singleUseTokens("registration_proofs");

/**
 * Opaque refresh tokens, stored hashed, rotated on use; a reused one revokes its family. A family is
 * one signed-in device (a session): its newest live token tells the browser and address that last
 * refreshed it, and when.
 */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: id(),
    userId: ownerId(),
    /** All tokens rotated from one login share a family. */
    familyId: uuid("family_id").notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: instant("expires_at").notNull(),
    /** The family's absolute end: rotation never extends a session past it. */
    familyExpiresAt: instant("family_expires_at").notNull(),
    revokedAt: instant("revoked_at"),
    replacedBy: uuid("replaced_by").references((): AnyPgColumn => refreshTokens.id, { onDelete: "set null" }),
    /** The User-Agent of the request that received this token (cut to SESSION_USER_AGENT_MAX_LENGTH). */
    userAgent: text("user_agent"),
    /** The client address of the request that received this token. */
    ipAddress: text("ip_address"),
    /** When the family's sign-in went through the company's identity provider; null for a password sign-in. */
    ssoSignedInAt: instant("sso_signed_in_at"),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("refresh_tokens_token_hash_unique").on(table.tokenHash),
    index("refresh_tokens_family_idx").on(table.familyId),
    index("refresh_tokens_user_idx").on(table.userId),
  ],
);

/** A password reset link's token: single use, an hour. */
export const passwordResetTokens = singleUseTokens("password_reset_tokens");

export type PendingRegistrationRow = typeof pendingRegistrations.$inferSelect;
export type RegistrationProofRow = typeof registrationProofs.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type PasswordResetTokenRow = typeof passwordResetTokens.$inferSelect;
