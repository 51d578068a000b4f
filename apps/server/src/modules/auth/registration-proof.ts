/**
 * Proof of a verified sign-up: a step before sign-in trusts the `userId` of its body only
 * together with proof from the previous step, so nobody can attach another person's account to a
 * company. verify-email-register (and a sign-in of an account without a company) sets an
 * HttpOnly, SameSite=Strict `registration_proof` cookie; the steps that attach the new account
 * to a company (associate-company, create-company) require it and use it up.
 *
 * Lifetimes are measured by the database clock (`now()`), not the app's injected clock, so any
 * module can check a proof with just the database and the request. Other modules reach the proof
 * through auth.service.ts.
 */

import { AppError } from "@ideaport/shared";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Database } from "../../db/client.ts";
import { createSecretToken, hashSecretToken } from "../../lib/secret-token.ts";
import { findLiveRegistrationProof, insertRegistrationProof, markRegistrationProofUsed } from "./auth.repository.ts";

export const REGISTRATION_PROOF_COOKIE = "registration_proof";
export const REGISTRATION_PROOF_TTL_SECONDS = 60 * 60;
/** Sent only to the API, never readable by scripts or sent cross-site. */
const COOKIE_PATH = "/api/";

/** Creates a proof for `userId` and answers the token to put in the cookie (stored hashed). */
export async function createRegistrationProof(db: Database, userId: string): Promise<string> {
  const token = createSecretToken();
  await insertRegistrationProof(db, {
    userId,
    tokenHash: hashSecretToken(token),
    ttlSeconds: REGISTRATION_PROOF_TTL_SECONDS,
  });
  return token;
}

/** Sets the proof cookie on a reply. */
export function setRegistrationProofCookie(reply: FastifyReply, token: string, options: { secure: boolean }): void {
  reply.setCookie(REGISTRATION_PROOF_COOKIE, token, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: "strict",
    secure: options.secure,
    maxAge: REGISTRATION_PROOF_TTL_SECONDS,
  });
}

/** Removes the proof cookie (after the proof is used). */
export function clearRegistrationProofCookie(reply: FastifyReply, options: { secure: boolean }): void {
  reply.clearCookie(REGISTRATION_PROOF_COOKIE, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: "strict",
    secure: options.secure,
  });
}

/** The live proof (unused, unexpired) the request's cookie carries, or null. */
export async function readRegistrationProof(
  db: Database,
  request: FastifyRequest,
): Promise<{ id: string; userId: string } | null> {
  const token = request.cookies[REGISTRATION_PROOF_COOKIE];
  if (!token || token.length > 200) return null;
  return findLiveRegistrationProof(db, hashSecretToken(token));
}

/**
 * Throws `registration.proof_required` (401) unless the request's cookie proves that its holder
 * verified the e-mail of exactly `userId` within the last hour and has not used the proof yet.
 */
export async function requireRegistrationProof(db: Database, request: FastifyRequest, userId: string): Promise<void> {
  const proof = await readRegistrationProof(db, request);
  if (!proof || proof.userId !== userId) throw new AppError("registration.proof_required");
}

/**
 * Marks the request's proof used; call it inside the transaction that attaches the account. It
 * throws `registration.proof_required` when the proof was used meanwhile (a double submit), so
 * that transaction rolls back and only one of two concurrent requests succeeds.
 */
export async function consumeRegistrationProof(db: Database, request: FastifyRequest): Promise<void> {
  const token = request.cookies[REGISTRATION_PROOF_COOKIE];
  if (!token || token.length > 200) throw new AppError("registration.proof_required");
  if (!(await markRegistrationProofUsed(db, hashSecretToken(token)))) {
    throw new AppError("registration.proof_required");
  }
}

/**
 * The registration proof a request carries, for a step that attaches a new account to a company:
 * `require` refuses (401 registration.proof_required) unless it proves a verified sign-up of
 * exactly `userId` that is unused; `consume` uses it up inside the step's transaction, refusing a
 * second use so that only one of two concurrent requests succeeds.
 */
export interface RegistrationProof {
  require(db: Database, userId: string): Promise<void>;
  consume(tx: Database): Promise<void>;
}

/** The registration proof of a request (its HttpOnly cookie). */
export function registrationProofOf(request: FastifyRequest): RegistrationProof {
  return {
    require: (db, userId) => requireRegistrationProof(db, request, userId),
    consume: (tx) => consumeRegistrationProof(tx, request),
  };
}
