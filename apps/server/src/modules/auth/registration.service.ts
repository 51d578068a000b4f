import { createHmac, randomInt } from "node:crypto";
import {
  AppError,
  type Language,
  type RegistrationRequest,
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_CODE_MAX_ATTEMPTS,
  VERIFICATION_CODE_TTL_SECONDS,
} from "@ideaport/shared";
import type { Config } from "../../config/env.ts";
import { languageOf } from "../../core/languages.ts";
import type { ServiceDependencies } from "../../core/module-options.ts";
import { isUniqueViolation } from "../../core/sql.ts";
import { translatorFor } from "../../lib/i18n.ts";
import { hashPassword } from "../../lib/password.ts";
import { isSameSecret } from "../../lib/secret-token.ts";
import { enqueueMail } from "../mail/mail.service.ts";
import { alreadyRegisteredMail, verificationCodeMail } from "./auth.mails.ts";
import {
  countWrongCode,
  deletePendingRegistration,
  findUserIdByEmail,
  insertVerifiedUser,
  lockPendingRegistration,
  upsertPendingRegistration,
} from "./auth.repository.ts";
import { normalizeEmail } from "./auth.service.ts";
import { createRegistrationProof } from "./registration-proof.ts";

export interface RegistrationServiceDependencies extends ServiceDependencies {
  config: Pick<Config, "jwtSecret" | "appUrl">;
}

/**
 * Sign-up in two steps: the details and an e-mailed 6-digit code (a pending registration), then
 * the code, which creates the account and hands out a registration proof.
 */
export function createRegistrationService(deps: RegistrationServiceDependencies) {
  const { db, clock } = deps;
  // Codes are stored as an HMAC under a key derived from the server secret: six digits are too
  // few to survive a leaked table as a plain hash.
  const codeKey = createHmac("sha256", deps.config.jwtSecret).update("ideaport registration code").digest();
  const hashCode = (email: string, code: string) =>
    createHmac("sha256", codeKey).update(`${email}\n${code}`).digest("hex");

  return {
    /**
     * Stores (or replaces) the pending registration and e-mails a new code. An address that
     * already has an account gets a "you already have an account" mail instead (in the
     * account's language); the answer and the work (one argon2 hash) are the same either way, so
     * sign-up reveals no accounts. The code's mail is in `language`, the one the sign-up page reads.
     */
    async requestVerificationCode(input: RegistrationRequest, language: Language): Promise<void> {
      const email = normalizeEmail(input.email);
      const passwordHash = await hashPassword(input.password);
      const now = clock();
      await db.transaction(async (tx) => {
        const existingId = await findUserIdByEmail(tx, email);
        if (existingId !== null) {
          const t = translatorFor(await languageOf(tx, existingId));
          await enqueueMail(tx, alreadyRegisteredMail(email, deps.config.appUrl, t));
          return;
        }
        const code = randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)
          .toString()
          .padStart(VERIFICATION_CODE_LENGTH, "0");
        await upsertPendingRegistration(tx, {
          email,
          firstName: input.first_name,
          lastName: input.last_name,
          passwordHash,
          codeHash: hashCode(email, code),
          expiresAt: new Date(now.getTime() + VERIFICATION_CODE_TTL_SECONDS * 1000),
          now,
        });
        await enqueueMail(tx, verificationCodeMail(email, input.first_name, code, translatorFor(language)));
      });
    },

    /**
     * Checks the code and creates the account: an employee without a company, awaiting the
     * initial tour. A wrong code counts an attempt; an expired, used or exhausted code fails
     * like a wrong one. Answers the new user's id and the registration proof token.
     */
    async verifyEmail(input: { email: string; code: string }): Promise<{ userId: string; proof: string }> {
      const email = normalizeEmail(input.email);
      const now = clock();
      let outcome:
        | { ok: true; userId: string; proof: string }
        | { ok: false; code: "registration.code_invalid" | "registration.email_taken" };
      try {
        outcome = await db.transaction(async (tx) => {
          const pending = await lockPendingRegistration(tx, email);
          const invalid = { ok: false as const, code: "registration.code_invalid" as const };
          if (!pending || pending.expiresAt <= now || pending.attempts >= VERIFICATION_CODE_MAX_ATTEMPTS)
            return invalid;
          if (!isSameSecret(pending.codeHash, hashCode(email, input.code.trim()))) {
            await countWrongCode(tx, pending.id);
            return invalid;
          }

          await deletePendingRegistration(tx, pending.id);
          if ((await findUserIdByEmail(tx, email)) !== null) {
            return { ok: false as const, code: "registration.email_taken" as const };
          }
          const userId = await insertVerifiedUser(tx, {
            email,
            passwordHash: pending.passwordHash,
            firstName: pending.firstName,
            lastName: pending.lastName,
            verifiedAt: now,
          });
          const proof = await createRegistrationProof(tx, userId);
          return { ok: true as const, userId, proof };
        });
      } catch (error) {
        // Someone took the address between our check and the insert (e.g. an invitation accepted).
        if (isUniqueViolation(error)) throw new AppError("registration.email_taken");
        throw error;
      }
      if (!outcome.ok) throw new AppError(outcome.code);
      return { userId: outcome.userId, proof: outcome.proof };
    },
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
