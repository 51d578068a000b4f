/**
 * Every read and write of the auth module, shared by its services (sign-in, sessions,
 * registration, password reset, registration proofs): accounts' credentials and session
 * generation, refresh tokens, pending registrations, password reset tokens and registration
 * proofs. These rows belong to a person, not a company (sign-up and sign-in come before any
 * company), so nothing here is company-scoped. Secrets arrive already hashed; functions take the
 * executor (the database or the open transaction) first.
 */
import { and, desc, eq, gt, isNull, ne, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { insertReturningId } from "../../core/rows.ts";
import { increment } from "../../core/sql.ts";
import type { Database } from "../../db/client.ts";
import {
  matchesIgnoringCase,
  passwordResetTokens,
  pendingRegistrations,
  refreshTokens,
  registrationProofs,
  users,
} from "../../db/schema/index.ts";

// Accounts -------------------------------------------------------------------------------------

/** The credentials of the account with this e-mail (any case), or null. */
export async function findCredentialsByEmail(db: Database, email: string) {
  const [user] = await db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      isActive: users.isActive,
      companyId: users.companyId,
      role: users.role,
      isAdmin: users.isAdmin,
    })
    .from(users)
    .where(matchesIgnoringCase(users.email, email));
  return user ?? null;
}

/** Notes a successful sign-in, and stores the password's upgraded hash when there is one. */
export async function recordSignIn(
  db: Database,
  userId: string,
  signIn: { at: Date; upgradedPasswordHash?: string | undefined },
): Promise<void> {
  await db
    .update(users)
    .set({
      lastLoginAt: signIn.at,
      ...(signIn.upgradedPasswordHash ? { passwordHash: signIn.upgradedPasswordHash } : {}),
    })
    .where(eq(users.id, userId));
}

/** The id of the account with this e-mail (any case), or null. */
export async function findUserIdByEmail(db: Database, email: string): Promise<string | null> {
  const [user] = await db.select({ id: users.id }).from(users).where(matchesIgnoringCase(users.email, email));
  return user?.id ?? null;
}

/** The active account with this e-mail (any case), or null. */
export async function findActiveUserByEmail(db: Database, email: string) {
  const [user] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(matchesIgnoringCase(users.email, email), eq(users.isActive, true)));
  return user ?? null;
}

/** Creates a verified account without a company, awaiting the initial tour; answers its id. */
export async function insertVerifiedUser(
  db: Database,
  account: { email: string; passwordHash: string; firstName: string; lastName: string; verifiedAt: Date },
): Promise<string> {
  return insertReturningId(db, users, {
    email: account.email,
    passwordHash: account.passwordHash,
    firstName: account.firstName,
    lastName: account.lastName,
    displayName: `${account.firstName} ${account.lastName}`,
    role: "employee",
    isAdmin: false,
    companyId: null,
    onboardingStatus: "awaiting_initial_tour",
    emailVerifiedAt: account.verifiedAt,
  });
}

/** Stores a new password hash; answers who the account is, for the audit and the notice mail. */
export async function setPasswordHash(db: Database, userId: string, passwordHash: string) {
  const [user] = await db
    .update(users)
    .set({ passwordHash })
    .where(eq(users.id, userId))
    .returning({ id: users.id, email: users.email, firstName: users.firstName, companyId: users.companyId });
  return user ?? null;
}

/** What an access token of the user carries: their company and session generation. */
export async function findSessionClaims(db: Database, userId: string) {
  const [user] = await db
    .select({ companyId: users.companyId, sessionGeneration: users.sessionGeneration })
    .from(users)
    .where(eq(users.id, userId));
  return user ?? null;
}

/** Access tokens signed before this call stop working (`app.authenticate` compares generations). */
export async function raiseSessionGeneration(db: Database, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ sessionGeneration: increment(users.sessionGeneration) })
    .where(eq(users.id, userId));
}

// Refresh tokens -------------------------------------------------------------------------------

/** Stores one refresh token (hashed); answers its id. */
export async function insertRefreshToken(
  db: Database,
  token: {
    userId: string;
    familyId: string;
    tokenHash: string;
    expiresAt: Date;
    familyExpiresAt: Date;
    userAgent: string | null;
    ipAddress: string | null;
    ssoSignedInAt?: Date | null;
    createdAt: Date;
  },
): Promise<string> {
  return insertReturningId(db, refreshTokens, token);
}

/**
 * When the person's live session `familyId` was signed in through single sign-on; null when it
 * began with a password, has ended, or is not theirs.
 */
export async function findSsoSignInOfSession(
  db: Database,
  userId: string,
  familyId: string,
  now: Date,
): Promise<Date | null> {
  const [row] = await db
    .select({ ssoSignedInAt: refreshTokens.ssoSignedInAt })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.userId, userId),
        eq(refreshTokens.familyId, familyId),
        isNull(refreshTokens.revokedAt),
        isNull(refreshTokens.replacedBy),
        gt(refreshTokens.familyExpiresAt, now),
      ),
    )
    .limit(1);
  return row?.ssoSignedInAt ?? null;
}

/**
 * The refresh token with this hash and its owner's state, locked until the transaction ends, so
 * two rotations of one token run one after the other.
 */
export async function lockRefreshToken(db: Database, tokenHash: string) {
  const [row] = await db
    .select({
      id: refreshTokens.id,
      userId: refreshTokens.userId,
      familyId: refreshTokens.familyId,
      expiresAt: refreshTokens.expiresAt,
      familyExpiresAt: refreshTokens.familyExpiresAt,
      revokedAt: refreshTokens.revokedAt,
      replacedBy: refreshTokens.replacedBy,
      ssoSignedInAt: refreshTokens.ssoSignedInAt,
      isActive: users.isActive,
      companyId: users.companyId,
      sessionGeneration: users.sessionGeneration,
    })
    .from(refreshTokens)
    .innerJoin(users, eq(users.id, refreshTokens.userId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .for("update", { of: refreshTokens });
  return row ?? null;
}

/** A refresh token by id (the successor of a rotated one), or null. */
export async function findRefreshTokenById(db: Database, id: string) {
  const [row] = await db
    .select({
      tokenHash: refreshTokens.tokenHash,
      createdAt: refreshTokens.createdAt,
      expiresAt: refreshTokens.expiresAt,
      revokedAt: refreshTokens.revokedAt,
      replacedBy: refreshTokens.replacedBy,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.id, id));
  return row ?? null;
}

/** Marks a refresh token as rotated into `successorId`. */
export async function markRefreshTokenReplaced(db: Database, id: string, successorId: string): Promise<void> {
  await db.update(refreshTokens).set({ replacedBy: successorId }).where(eq(refreshTokens.id, id));
}

/** The family and owner of the refresh token with this hash, or null. */
export async function findRefreshTokenFamily(db: Database, tokenHash: string) {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId, userId: refreshTokens.userId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash));
  return row ?? null;
}

/** Revokes the live refresh tokens that meet `condition`; answers how many. */
async function revokeLiveRefreshTokens(db: Database, condition: SQL, now: Date): Promise<number> {
  const revoked = await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(condition, isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return revoked.length;
}

/** Revokes the live tokens of a family; answers how many. */
export async function revokeRefreshTokenFamilyRows(db: Database, familyId: string, now: Date): Promise<number> {
  return revokeLiveRefreshTokens(db, eq(refreshTokens.familyId, familyId), now);
}

/** The most sessions a person's list shows (the most recently active); more are not expected. */
export const LIVE_SESSIONS_LISTED_MAX = 100;

/**
 * A person's live sessions: per family, its newest token when that is neither rotated, revoked nor
 * expired; its device and creation are the session's last browser, address and activity.
 */
export async function findLiveSessionsOf(db: Database, userId: string, now: Date) {
  return db
    .select({
      id: refreshTokens.familyId,
      userAgent: refreshTokens.userAgent,
      ipAddress: refreshTokens.ipAddress,
      lastActiveAt: refreshTokens.createdAt,
      ssoSignedInAt: refreshTokens.ssoSignedInAt,
    })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        isNull(refreshTokens.replacedBy),
        gt(refreshTokens.expiresAt, now),
        gt(refreshTokens.familyExpiresAt, now),
      ),
    )
    .orderBy(desc(refreshTokens.createdAt), desc(refreshTokens.id))
    .limit(LIVE_SESSIONS_LISTED_MAX);
}

/** Revokes the live tokens of a family when it is the user's; answers how many. */
export async function revokeRefreshTokenFamilyOfUser(
  db: Database,
  userId: string,
  familyId: string,
  now: Date,
): Promise<number> {
  return revokeLiveRefreshTokens(db, and(eq(refreshTokens.userId, userId), eq(refreshTokens.familyId, familyId))!, now);
}

/** Revokes the live tokens of every family of a user but `keepFamilyId` (all when null); answers how many families. */
export async function revokeOtherRefreshTokenFamiliesOfUser(
  db: Database,
  userId: string,
  keepFamilyId: string | null,
  now: Date,
): Promise<number> {
  const revoked = await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        keepFamilyId ? ne(refreshTokens.familyId, keepFamilyId) : undefined,
      ),
    )
    .returning({ familyId: refreshTokens.familyId });
  return new Set(revoked.map((row) => row.familyId)).size;
}

/** Revokes every live refresh token of a user; answers how many. */
export async function revokeRefreshTokensOfUser(db: Database, userId: string, now: Date): Promise<number> {
  return revokeLiveRefreshTokens(db, eq(refreshTokens.userId, userId), now);
}

// Pending registrations ------------------------------------------------------------------------

/**
 * Stores the pending registration of an e-mail, replacing any earlier one of that address (any
 * case) and resetting its wrong-code count.
 */
export async function upsertPendingRegistration(
  db: Database,
  pending: {
    email: string;
    firstName: string;
    lastName: string;
    passwordHash: string;
    codeHash: string;
    expiresAt: Date;
    now: Date;
  },
): Promise<void> {
  // drizzle cannot name an expression index as a conflict target, hence the SQL.
  await db.execute(sql`
    insert into pending_registrations
      (email, first_name, last_name, password_hash, code_hash, attempts, expires_at, created_at, updated_at)
    values
      (${pending.email}, ${pending.firstName}, ${pending.lastName}, ${pending.passwordHash}, ${pending.codeHash}, 0,
       ${pending.expiresAt.toISOString()}::timestamptz, ${pending.now.toISOString()}::timestamptz,
       ${pending.now.toISOString()}::timestamptz)
    on conflict (lower(email)) do update set
      email = excluded.email,
      first_name = excluded.first_name,
      last_name = excluded.last_name,
      password_hash = excluded.password_hash,
      code_hash = excluded.code_hash,
      attempts = 0,
      expires_at = excluded.expires_at,
      updated_at = excluded.updated_at`);
}

/** The pending registration of an e-mail (any case), locked until the transaction ends, or null. */
export async function lockPendingRegistration(db: Database, email: string) {
  const [pending] = await db
    .select()
    .from(pendingRegistrations)
    .where(matchesIgnoringCase(pendingRegistrations.email, email))
    .for("update");
  return pending ?? null;
}

/** Counts one wrong code against a pending registration. */
export async function countWrongCode(db: Database, id: string): Promise<void> {
  await db
    .update(pendingRegistrations)
    .set({ attempts: increment(pendingRegistrations.attempts) })
    .where(eq(pendingRegistrations.id, id));
}

/** Removes a pending registration (its code was used). */
export async function deletePendingRegistration(db: Database, id: string): Promise<void> {
  await db.delete(pendingRegistrations).where(eq(pendingRegistrations.id, id));
}

// Password reset tokens ------------------------------------------------------------------------

/** A single-use secret (reset token, registration proof) with this hash, unused and unexpired at `now`. */
function isLiveToken(
  table: { tokenHash: AnyPgColumn; usedAt: AnyPgColumn; expiresAt: AnyPgColumn },
  tokenHash: string,
  now: Date | SQL,
): SQL {
  return and(eq(table.tokenHash, tokenHash), isNull(table.usedAt), gt(table.expiresAt, now))!;
}

/** The unused, unexpired reset token with this hash of an active account, or null. */
export async function findLiveResetToken(db: Database, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ id: passwordResetTokens.id, userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(and(isLiveToken(passwordResetTokens, tokenHash, now), eq(users.isActive, true)));
  return row ?? null;
}

/** The unused, unexpired reset token with this hash, locked until the transaction ends, or null. */
export async function lockLiveResetToken(db: Database, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ id: passwordResetTokens.id, userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(isLiveToken(passwordResetTokens, tokenHash, now))
    .for("update");
  return row ?? null;
}

/** Removes every reset token of a user, used or not. */
export async function deleteResetTokensOfUser(db: Database, userId: string): Promise<void> {
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
}

/** Removes the reset tokens of a user that were never used. */
export async function deleteUnusedResetTokensOfUser(db: Database, userId: string): Promise<void> {
  await db
    .delete(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/** Stores a reset token (hashed). */
export async function insertResetToken(
  db: Database,
  token: { userId: string; tokenHash: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db.insert(passwordResetTokens).values(token);
}

/** Marks a reset token used. */
export async function markResetTokenUsed(db: Database, id: string, usedAt: Date): Promise<void> {
  await db.update(passwordResetTokens).set({ usedAt }).where(eq(passwordResetTokens.id, id));
}

// Registration proofs --------------------------------------------------------------------------
// Their lifetimes are measured by the database clock (`now()`), not the app's injected clock, so
// any step can check a proof with just the database and the request.

/** Stores a proof (hashed) for `userId`, living `ttlSeconds` from now. */
export async function insertRegistrationProof(
  db: Database,
  proof: { userId: string; tokenHash: string; ttlSeconds: number },
): Promise<void> {
  await db.insert(registrationProofs).values({
    userId: proof.userId,
    tokenHash: proof.tokenHash,
    expiresAt: sql`now() + make_interval(secs => ${proof.ttlSeconds})`,
  });
}

/** The unused, unexpired proof with this hash, or null. */
export async function findLiveRegistrationProof(db: Database, tokenHash: string) {
  const [proof] = await db
    .select({ id: registrationProofs.id, userId: registrationProofs.userId })
    .from(registrationProofs)
    .where(isLiveToken(registrationProofs, tokenHash, sql`now()`));
  return proof ?? null;
}

/** Marks the live proof with this hash used; answers false when there was none (used meanwhile). */
export async function markRegistrationProofUsed(db: Database, tokenHash: string): Promise<boolean> {
  const used = await db
    .update(registrationProofs)
    .set({ usedAt: sql`now()` })
    .where(isLiveToken(registrationProofs, tokenHash, sql`now()`))
    .returning({ id: registrationProofs.id });
  return used.length > 0;
}
