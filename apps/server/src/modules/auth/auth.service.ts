/**
 * Sign-in and sessions, the auth module's public face (registration.service.ts and
 * password-reset.service.ts are its two other flows). The factory signs in, refreshes, signs out
 * and warns an owner whose password is being guessed; the steps other modules run are exported
 * beside it: `signIn` at the end of the steps that end with an account in a company,
 * `revokeAllSessionsOfUser` inside a password change or a deactivation, and the registration proof.
 *
 * Sessions: a short-lived access JWT plus an opaque refresh token. Refresh tokens are stored
 * hashed, rotated on every use, and grouped in a family per sign-in; presenting a token that was
 * already rotated (or revoked) revokes the whole family, since it means the token leaked. The one
 * exception is a repeat of the token just replaced, within a few seconds (a retry, or two tabs
 * refreshing at once): it answers the same new refresh token.
 *
 * Access tokens carry the user's session generation; raising it (sign-out, password change or
 * reset, deactivation, detected reuse) refuses every access token signed before, at once, and
 * closes the user's live notification streams on every instance.
 */
import { createHmac, randomUUID } from "node:crypto";
import {
  AppError,
  emailDomainOf,
  isAdmin,
  type LoginRequest,
  type LoginResponse,
  REFRESH_TOKEN_REUSE_GRACE_SECONDS,
  REFRESH_TOKEN_TTL_SECONDS,
  SESSION_MAX_AGE_SECONDS,
  type User,
} from "@ideaport/shared";
import type { FastifyRequest } from "fastify";
import { loadCaller } from "../../core/caller.ts";
import { languageOf } from "../../core/languages.ts";
import type { ModuleOptions } from "../../core/module-options.ts";
import type { Database } from "../../db/client.ts";
import type { AccessTokens } from "../../lib/access-token.ts";
import { translatorFor } from "../../lib/i18n.ts";
import {
  hashPassword,
  passwordHashNeedsUpgrade,
  verifyPassword,
  verifyPasswordOfUnknownAccount,
} from "../../lib/password.ts";
import { createSecretToken, hashSecretToken } from "../../lib/secret-token.ts";
import { type AuditAction, recordAudit } from "../audit/audit.service.ts";
import { enqueueMail } from "../mail/mail.service.ts";
import { endNotificationStreamsOf } from "../notifications/notifications.service.ts";
import { accountGuessedMail } from "./auth.mails.ts";
import { presentLogin, presentSignIn } from "./auth.presenter.ts";
import {
  findActiveUserByEmail,
  findCredentialsByEmail,
  findLiveSessionsOf,
  findRefreshTokenById,
  findRefreshTokenFamily,
  findSessionClaims,
  findSsoSignInOfSession,
  insertRefreshToken,
  lockRefreshToken,
  markRefreshTokenReplaced,
  raiseSessionGeneration,
  recordSignIn,
  revokeOtherRefreshTokenFamiliesOfUser,
  revokeRefreshTokenFamilyOfUser,
  revokeRefreshTokenFamilyRows,
  revokeRefreshTokensOfUser,
} from "./auth.repository.ts";
import { createRegistrationProof } from "./registration-proof.ts";
import { findSsoProviderOfDomain } from "./sso.repository.ts";

export { clearRegistrationProofCookie, type RegistrationProof, registrationProofOf } from "./registration-proof.ts";

export interface AuthServiceDependencies {
  db: Database;
  accessTokens: AccessTokens;
  clock: () => Date;
  /** The server secret rotated refresh tokens derive from (the JWT secret). */
  refreshTokenSecret: string;
  appUrl: string;
}

/** The longest User-Agent a session keeps; longer ones are cut (they only name a browser). */
export const SESSION_USER_AGENT_MAX_LENGTH = 512;

/** The browser and address a session was signed in or refreshed from. */
export interface SessionDevice {
  userAgent: string | null;
  ipAddress: string | null;
}

/** The device of a request: its User-Agent (cut to SESSION_USER_AGENT_MAX_LENGTH) and client address. */
export function sessionDeviceOf(request: FastifyRequest): SessionDevice {
  const userAgent = request.headers["user-agent"];
  return {
    userAgent: userAgent ? userAgent.slice(0, SESSION_USER_AGENT_MAX_LENGTH) : null,
    ipAddress: request.ip || null,
  };
}

/** The one form of an e-mail address the server stores and compares. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Sign-in, token refresh, sign-out, and the owner's warning when their password is being guessed. */
export function createAuthService(deps: AuthServiceDependencies) {
  const { db, clock } = deps;

  /** The end of every sign-in: notes it, opens a session, and answers the login body. */
  async function openSession(
    userId: string,
    device: SessionDevice,
    options: { upgradedPasswordHash?: string | undefined; viaSso?: boolean },
  ): Promise<{ login: LoginResponse; registrationProof: string | null }> {
    await recordSignIn(db, userId, { at: clock(), upgradedPasswordHash: options.upgradedPasswordHash });
    const tokens = await issueSession(deps, userId, device, { viaSso: options.viaSso });
    const caller = await loadCaller(db, userId);
    if (!caller) throw new AppError("auth.invalid_credentials");
    const registrationProof = caller.companyId === null ? await createRegistrationProof(db, caller.id) : null;
    return { login: presentLogin(caller, tokens), registrationProof };
  }

  return {
    /**
     * Checks the credentials and opens a session. Unknown e-mails and wrong passwords get the same
     * 401 after the same argon2 work; a deactivated account hears so only after the right password.
     * An account without a company also gets a registration proof (as verify-email-register
     * gives), so it can still verify, join or create a company; the route sets it as a cookie.
     */
    async login(
      input: LoginRequest,
      device: SessionDevice,
    ): Promise<{ login: LoginResponse; registrationProof: string | null }> {
      const user = await findCredentialsByEmail(db, normalizeEmail(input.email));
      // A company that requires single sign-on refuses passwords on its domains, before any
      // password is checked, except its administrators', who keep one to get in when the
      // provider fails.
      const domainRule = await findSsoProviderOfDomain(db, emailDomainOf(normalizeEmail(input.email)));
      if (domainRule?.isRequired && !(user && isAdmin({ role: user.role, is_admin: user.isAdmin }))) {
        await verifyPasswordOfUnknownAccount(input.password);
        if (user?.companyId) {
          await recordAudit(db, {
            companyId: user.companyId,
            actorId: user.id,
            action: "auth.sign_in_failed",
            targetType: "user",
            targetId: user.id,
            details: { reason: "sso_required" },
            ipAddress: device.ipAddress,
          });
        }
        throw new AppError("auth.sso_required");
      }
      if (!user) {
        await verifyPasswordOfUnknownAccount(input.password);
        throw new AppError("auth.invalid_credentials");
      }
      // Sign-ins of a company's people are audited, failures too; an unknown e-mail belongs to no
      // company's log. The password itself is never recorded.
      const auditSignIn = async (action: AuditAction, details: Record<string, unknown> = {}) => {
        if (!user.companyId) return;
        await recordAudit(db, {
          companyId: user.companyId,
          actorId: user.id,
          action,
          targetType: "user",
          targetId: user.id,
          details,
          ipAddress: device.ipAddress,
        });
      };
      if (!(await verifyPassword(input.password, user.passwordHash))) {
        await auditSignIn("auth.sign_in_failed", { reason: "wrong_password" });
        throw new AppError("auth.invalid_credentials");
      }
      if (!user.isActive) {
        await auditSignIn("auth.sign_in_failed", { reason: "account_inactive" });
        throw new AppError("auth.account_inactive");
      }

      const upgradedPasswordHash = passwordHashNeedsUpgrade(user.passwordHash)
        ? await hashPassword(input.password)
        : undefined;
      await auditSignIn("auth.sign_in_succeeded");
      return openSession(user.id, device, { upgradedPasswordHash });
    },

    /**
     * Opens the session of a person their company's identity provider signed in (the single sign-on
     * module checked them and audits it): the same answer as `login`, the session marked as
     * begun through single sign-on.
     */
    async signInWithSso(userId: string, device: SessionDevice) {
      return openSession(userId, device, { viaSso: true });
    },

    /** Rotates a refresh token; any refusal (unknown, reused, expired, inactive) is the same 401. */
    async refresh(token: string, device: SessionDevice): Promise<SessionTokens> {
      const outcome = await rotateRefreshToken(deps, token, device);
      if (!outcome.ok) throw new AppError("auth.token_invalid");
      return outcome.tokens;
    },

    /**
     * Ends the sign-in the refresh token belongs to, and refuses the user's access tokens at once;
     * without a (known, live) token there is nothing to do.
     */
    async logout(token: string | undefined): Promise<void> {
      if (token) await revokeRefreshTokenFamily(db, token, clock());
    },

    /**
     * Tells the owner of `email` (an active account; nobody for an unknown address) that their
     * password is being guessed. This mail is always sent, whatever the e-mail preferences say.
     */
    async warnOwnerOfGuessing(email: string): Promise<void> {
      const owner = await findActiveUserByEmail(db, normalizeEmail(email));
      if (!owner) return;
      const t = translatorFor(await languageOf(db, owner.id));
      await enqueueMail(db, accountGuessedMail(owner.email, owner.firstName, deps.appUrl, t));
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

export interface SessionDependencies {
  db: Database;
  accessTokens: AccessTokens;
  clock: () => Date;
}

/** What rotation needs beyond a session: the server secret its successor tokens derive from. */
export interface RotationDependencies extends SessionDependencies {
  db: Database;
  refreshTokenSecret: string;
}

export interface SessionTokens {
  access: string;
  refresh: string;
}

/** Why a refresh was refused; every reason answers the same 401 to the client. */
export type RefreshRefusal = "unknown" | "reused" | "expired" | "inactive";

/** The new refresh token of a rotation, before its access token is signed. */
interface RotatedToken {
  ok: true;
  userId: string;
  companyId: string | null;
  sessionGeneration: number;
  sessionId: string;
  refresh: string;
}

export type RefreshOutcome =
  | { ok: true; tokens: SessionTokens; userId: string }
  | { ok: false; reason: RefreshRefusal };

/**
 * Signs a user in: a new refresh-token family (ending SESSION_MAX_AGE_SECONDS from now) and an
 * access token. Used by login, and by `signIn` at the end of the steps that
 * end with an account in a company and of a password change.
 */
export async function issueSession(
  deps: { db: Database; accessTokens: AccessTokens; clock: () => Date },
  userId: string,
  device: SessionDevice,
  options: { viaSso?: boolean } = {},
): Promise<SessionTokens> {
  const now = deps.clock();
  const user = await findSessionClaims(deps.db, userId);
  if (!user) throw new Error(`issueSession: no user ${userId}`);
  const familyExpiresAt = new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000);
  const refresh = createSecretToken();
  const familyId = randomUUID();
  await insertRefreshToken(deps.db, {
    userId,
    familyId,
    ...device,
    tokenHash: hashSecretToken(refresh),
    expiresAt: earlier(new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000), familyExpiresAt),
    familyExpiresAt,
    ssoSignedInAt: options.viaSso ? now : null,
    createdAt: now,
  });
  const access = await deps.accessTokens.sign({
    userId,
    companyId: user.companyId,
    sessionGeneration: user.sessionGeneration,
    sessionId: familyId,
  });
  return { access, refresh };
}

/**
 * The refresh token that replaces `token` on rotation: an HMAC of it under a key derived from the
 * server secret. A repeat within the grace recomputes the same successor, so no usable token is
 * ever stored, and someone holding only old tokens cannot derive it.
 */
function successorOf(secret: string, token: string): string {
  const key = createHmac("sha256", secret).update("ideaport refresh-token successor").digest();
  return createHmac("sha256", key).update(token, "utf8").digest("base64url");
}

/**
 * Exchanges a refresh token for a new pair. The old token is marked replaced; presenting it again
 * within REFRESH_TOKEN_REUSE_GRACE_SECONDS, while its successor is still the newest token, answers
 * that same successor. Any other replaced or revoked token revokes its whole family (reuse
 * detection), signs the user out everywhere and is audited.
 */
export async function rotateRefreshToken(
  deps: RotationDependencies,
  token: string,
  device: SessionDevice,
): Promise<RefreshOutcome> {
  const now = deps.clock();
  const step = await deps.db.transaction(async (tx): Promise<{ ok: false; reason: RefreshRefusal } | RotatedToken> => {
    const row = await lockRefreshToken(tx, hashSecretToken(token));
    if (!row) return { ok: false, reason: "unknown" };

    const successor = successorOf(deps.refreshTokenSecret, token);
    const rotated: RotatedToken = {
      ok: true,
      userId: row.userId,
      companyId: row.companyId,
      sessionGeneration: row.sessionGeneration,
      sessionId: row.familyId,
      refresh: successor,
    };
    if (!row.revokedAt && row.replacedBy && row.isActive) {
      const next = await findRefreshTokenById(tx, row.replacedBy);
      const isRepeatWithinGrace =
        next !== null &&
        !next.revokedAt &&
        !next.replacedBy &&
        now.getTime() < next.createdAt.getTime() + REFRESH_TOKEN_REUSE_GRACE_SECONDS * 1000 &&
        next.expiresAt > now &&
        next.tokenHash === hashSecretToken(successor);
      if (isRepeatWithinGrace) return rotated;
    }

    if (row.revokedAt || row.replacedBy) {
      const revoked = await revokeRefreshTokenFamilyRows(tx, row.familyId, now);
      // The thief may hold an access token of this family: refuse every access token of the user.
      if (revoked > 0) await endAccessTokensOf(tx, row.userId);
      if (row.companyId && revoked > 0) {
        await recordAudit(tx, {
          companyId: row.companyId,
          actorId: row.userId,
          action: "session.refresh_token_reused",
          targetType: "user",
          targetId: row.userId,
          details: { familyId: row.familyId, revokedTokens: revoked },
        });
      }
      return { ok: false, reason: "reused" };
    }
    if (row.expiresAt <= now || row.familyExpiresAt <= now) return { ok: false, reason: "expired" };
    if (!row.isActive) {
      await revokeRefreshTokenFamilyRows(tx, row.familyId, now);
      return { ok: false, reason: "inactive" };
    }

    const successorId = await insertRefreshToken(tx, {
      userId: row.userId,
      familyId: row.familyId,
      tokenHash: hashSecretToken(successor),
      expiresAt: earlier(new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000), row.familyExpiresAt),
      familyExpiresAt: row.familyExpiresAt,
      ssoSignedInAt: row.ssoSignedInAt,
      ...device,
      createdAt: now,
    });
    await markRefreshTokenReplaced(tx, row.id, successorId);
    return rotated;
  });

  if (!step.ok) return step;
  const access = await deps.accessTokens.sign({
    userId: step.userId,
    companyId: step.companyId,
    sessionGeneration: step.sessionGeneration,
    sessionId: step.sessionId,
  });
  return { ok: true, userId: step.userId, tokens: { access, refresh: step.refresh } };
}

/**
 * Sign-out: revokes the family of a refresh token, and refuses every access token the user holds
 * (other devices keep their refresh tokens and get a new access token on their next refresh).
 * Unknown or already revoked tokens change nothing.
 */
export async function revokeRefreshTokenFamily(db: Database, token: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await findRefreshTokenFamily(tx, hashSecretToken(token));
    if (!row) return;
    if ((await revokeRefreshTokenFamilyRows(tx, row.familyId, now)) > 0) await endAccessTokensOf(tx, row.userId);
  });
}

/**
 * Signs a user out everywhere (password change or reset, deactivation): revokes every live refresh
 * token and refuses every access token signed so far. Answers how many refresh tokens it revoked.
 */
export async function revokeAllSessionsOfUser(db: Database, userId: string, now: Date): Promise<number> {
  const revoked = await revokeRefreshTokensOfUser(db, userId, now);
  await endAccessTokensOf(db, userId);
  return revoked;
}

/** A signed-in device of a person: its family's newest live refresh token. */
export interface LiveSession {
  id: string;
  userAgent: string | null;
  ipAddress: string | null;
  lastActiveAt: Date;
  /** When the session began with single sign-on; null for a password sign-in. */
  ssoSignedInAt: Date | null;
}

/**
 * When the session `sessionId` (the access token's family) of the person began with a sign-in
 * through their company's identity provider; null when it began with a password or has ended.
 * A step that asks for the password again (deleting one's account) may accept a recent one instead.
 */
export async function signedInWithSsoSince(
  db: Database,
  session: { userId: string; sessionId: string | null },
  now: Date,
): Promise<Date | null> {
  if (!session.sessionId) return null;
  return findSsoSignInOfSession(db, session.userId, session.sessionId, now);
}

/** The person's live sessions (unrevoked, unexpired families), the most recently active first. */
export async function listSessionsOf(db: Database, userId: string, now: Date): Promise<LiveSession[]> {
  return findLiveSessionsOf(db, userId, now);
}

/**
 * Ends one of the person's sessions: revokes its family, so its next refresh is refused, and
 * refuses every access token of the person at once (their other devices refresh and go on, as
 * after a sign-out). Answers false when the person has no such live session.
 */
export async function revokeSessionOf(db: Database, userId: string, sessionId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const revoked = await revokeRefreshTokenFamilyOfUser(tx, userId, sessionId, now);
    if (revoked === 0) return false;
    await endAccessTokensOf(tx, userId);
    return true;
  });
}

/**
 * Signs the person out on every other device: revokes every live family but `keepSessionId` (all
 * of them when null) and refuses every access token signed so far. Answers how many sessions ended.
 */
export async function revokeOtherSessionsOf(
  db: Database,
  userId: string,
  keepSessionId: string | null,
  now: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    const ended = await revokeOtherRefreshTokenFamiliesOfUser(tx, userId, keepSessionId, now);
    if (ended > 0) await endAccessTokensOf(tx, userId);
    return ended;
  });
}

/** Refuses every access token of the user signed so far, and closes their live streams on commit. */
async function endAccessTokensOf(db: Database, userId: string): Promise<void> {
  await raiseSessionGeneration(db, userId);
  await endNotificationStreamsOf(db, userId);
}

function earlier(a: Date, b: Date): Date {
  return a <= b ? a : b;
}

/**
 * Signs a user in: a new session, and the login fields plus the user, as every step that ends with
 * an account in a company answers them.
 */
export async function signIn(
  options: Pick<ModuleOptions, "database" | "accessTokens" | "clock">,
  userId: string,
  device: SessionDevice,
): Promise<LoginResponse & { user: User }> {
  const { db } = options.database;
  const tokens = await issueSession({ db, accessTokens: options.accessTokens, clock: options.clock }, userId, device);
  const caller = await loadCaller(db, userId);
  if (!caller) throw new AppError("server.internal");
  return presentSignIn(caller, tokens);
}
