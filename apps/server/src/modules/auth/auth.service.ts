import { AppError, type LoginRequest, type LoginResponse } from "@ideaport/shared";
import { loadCaller } from "../../core/caller.ts";
import type { Database } from "../../db/client.ts";
import type { AccessTokens } from "../../lib/access-token.ts";
import {
  hashPassword,
  passwordHashNeedsUpgrade,
  verifyPassword,
  verifyPasswordOfUnknownAccount,
} from "../../lib/password.ts";
import { enqueueMail } from "../mail/mail.service.ts";
import { presentLogin } from "../users/users.service.ts";
import { accountGuessedMail } from "./auth.mails.ts";
import { findActiveUserByEmail, findCredentialsByEmail, recordSignIn } from "./auth.repository.ts";
import { createRegistrationProof } from "./registration-proof.ts";
import { issueSession, revokeRefreshTokenFamily, rotateRefreshToken, type SessionTokens } from "./sessions.service.ts";

export interface AuthServiceDependencies {
  db: Database;
  accessTokens: AccessTokens;
  clock: () => Date;
  /** The server secret rotated refresh tokens derive from (the JWT secret). */
  refreshTokenSecret: string;
  appUrl: string;
  mailOutbox: { wake(): void };
}

/** The one form of an e-mail address the server stores and compares. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Sign-in, token refresh, sign-out, and the owner's warning when their password is being guessed. */
export function createAuthService(deps: AuthServiceDependencies) {
  const { db, clock } = deps;

  return {
    /**
     * Checks the credentials and opens a session. Unknown e-mails and wrong passwords get the same
     * 401 after the same argon2 work; a deactivated account hears so only after the right password.
     * An account without a company also gets a registration proof (as verify-email-register
     * gives), so it can still verify, join or create a company; the route sets it as a cookie.
     */
    async login(input: LoginRequest): Promise<{ login: LoginResponse; registrationProof: string | null }> {
      const user = await findCredentialsByEmail(db, normalizeEmail(input.email));
      if (!user) {
        await verifyPasswordOfUnknownAccount(input.password);
        throw new AppError("auth.invalid_credentials");
      }
      if (!(await verifyPassword(input.password, user.passwordHash))) throw new AppError("auth.invalid_credentials");
      if (!user.isActive) throw new AppError("auth.account_inactive");

      const upgradedPasswordHash = passwordHashNeedsUpgrade(user.passwordHash)
        ? await hashPassword(input.password)
        : undefined;
      await recordSignIn(db, user.id, { at: clock(), upgradedPasswordHash });
      const tokens = await issueSession(deps, user.id);
      const caller = await loadCaller(db, user.id);
      if (!caller) throw new AppError("auth.invalid_credentials");
      const registrationProof = caller.companyId === null ? await createRegistrationProof(db, caller.id) : null;
      return { login: presentLogin(caller, tokens), registrationProof };
    },

    /** Rotates a refresh token; any refusal (unknown, reused, expired, inactive) is the same 401. */
    async refresh(token: string): Promise<SessionTokens> {
      const outcome = await rotateRefreshToken(deps, token);
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
      await enqueueMail(db, accountGuessedMail(owner.email, owner.firstName, deps.appUrl));
      deps.mailOutbox.wake();
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
