import { createHmac, randomInt } from "node:crypto";
import {
  AppError,
  type RegistrationRequest,
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_CODE_MAX_ATTEMPTS,
  VERIFICATION_CODE_TTL_SECONDS,
} from "@ideaport/shared";
import { eq, sql } from "drizzle-orm";
import type { Config } from "../../config/env.ts";
import type { Database } from "../../db/client.ts";
import { matchesIgnoringCase, pendingRegistrations, users } from "../../db/schema.ts";
import { hashPassword } from "../../lib/password.ts";
import { enqueueMail } from "../mail/mail.service.ts";
import { alreadyRegisteredMail, verificationCodeMail } from "./auth.mails.ts";
import { normalizeEmail } from "./auth.service.ts";
import { createRegistrationProof } from "./registration-proof.ts";
import { isSameSecret } from "./secret-token.ts";
import { isUniqueViolation } from "./unique-violation.ts";

export interface RegistrationServiceDependencies {
  db: Database;
  clock: () => Date;
  config: Pick<Config, "jwtSecret" | "appUrl">;
  /** Woken after a mail is committed, so it goes out at once rather than at the next poll. */
  mailOutbox: { wake(): void };
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
     * already has an account gets a "you already have an account" mail instead; the answer and
     * the work (one argon2 hash) are the same either way, so sign-up reveals no accounts.
     */
    async requestVerificationCode(input: RegistrationRequest): Promise<void> {
      const email = normalizeEmail(input.email);
      const passwordHash = await hashPassword(input.password);
      const now = clock();
      await db.transaction(async (tx) => {
        const [existing] = await tx.select({ id: users.id }).from(users).where(matchesIgnoringCase(users.email, email));
        if (existing) {
          await enqueueMail(tx, alreadyRegisteredMail(email, deps.config.appUrl));
          return;
        }
        const code = randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)
          .toString()
          .padStart(VERIFICATION_CODE_LENGTH, "0");
        const expiresAt = new Date(now.getTime() + VERIFICATION_CODE_TTL_SECONDS * 1000).toISOString();
        // drizzle cannot name an expression index as a conflict target, hence the SQL.
        await tx.execute(sql`
          insert into pending_registrations
            (email, first_name, last_name, password_hash, code_hash, attempts, expires_at, created_at, updated_at)
          values
            (${email}, ${input.first_name}, ${input.last_name}, ${passwordHash}, ${hashCode(email, code)}, 0,
             ${expiresAt}::timestamptz, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
          on conflict (lower(email)) do update set
            email = excluded.email,
            first_name = excluded.first_name,
            last_name = excluded.last_name,
            password_hash = excluded.password_hash,
            code_hash = excluded.code_hash,
            attempts = 0,
            expires_at = excluded.expires_at,
            updated_at = excluded.updated_at`);
        await enqueueMail(tx, verificationCodeMail(email, input.first_name, code));
      });
      deps.mailOutbox.wake();
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
          const [pending] = await tx
            .select()
            .from(pendingRegistrations)
            .where(matchesIgnoringCase(pendingRegistrations.email, email))
            .for("update");
          const invalid = { ok: false as const, code: "registration.code_invalid" as const };
          if (!pending || pending.expiresAt <= now || pending.attempts >= VERIFICATION_CODE_MAX_ATTEMPTS)
            return invalid;
          if (!isSameSecret(pending.codeHash, hashCode(email, input.code.trim()))) {
            await tx
              .update(pendingRegistrations)
              .set({ attempts: sql`${pendingRegistrations.attempts} + 1` })
              .where(eq(pendingRegistrations.id, pending.id));
            return invalid;
          }

          await tx.delete(pendingRegistrations).where(eq(pendingRegistrations.id, pending.id));
          const [taken] = await tx.select({ id: users.id }).from(users).where(matchesIgnoringCase(users.email, email));
          if (taken) return { ok: false as const, code: "registration.email_taken" as const };
          const [user] = await tx
            .insert(users)
            .values({
              email,
              passwordHash: pending.passwordHash,
              firstName: pending.firstName,
              lastName: pending.lastName,
              displayName: `${pending.firstName} ${pending.lastName}`,
              role: "employee",
              isAdmin: false,
              companyId: null,
              onboardingStatus: "awaiting_initial_tour",
              emailVerifiedAt: now,
            })
            .returning({ id: users.id });
          const proof = await createRegistrationProof(tx, user!.id);
          return { ok: true as const, userId: user!.id, proof };
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
