/**
 * What the steps that end with an account in a company (create company, join, accept an
 * invitation, change password) need from auth: the registration proof that lets a new account be
 * attached to a company, and the session they open at the end.
 */
import { AppError, type LoginResponse, type User } from "@ideaport/shared";
import type { FastifyReply, FastifyRequest } from "fastify";
import { loadCaller } from "../../core/caller.ts";
import type { ModuleOptions } from "../../core/module-options.ts";
import type { Database } from "../../db/client.ts";
import { presentLogin, presentUser } from "../users/users.service.ts";
import {
  clearRegistrationProofCookie,
  consumeRegistrationProof,
  requireRegistrationProof,
} from "./registration-proof.ts";
import { issueSession } from "./sessions.service.ts";

/**
 * Signs a user in: a new session, and the login fields plus the user, as every step that ends with
 * an account in a company answers them.
 */
export async function signIn(
  options: Pick<ModuleOptions, "database" | "accessTokens" | "clock">,
  userId: string,
): Promise<LoginResponse & { user: User }> {
  const { db } = options.database;
  const tokens = await issueSession({ db, accessTokens: options.accessTokens, clock: options.clock }, userId);
  const caller = await loadCaller(db, userId);
  if (!caller) throw new AppError("server.internal");
  return { ...presentLogin(caller, tokens), user: presentUser(caller) };
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

/** Removes the registration proof cookie once the proof is used. */
export function clearRegistrationProof(reply: FastifyReply, options: { secure: boolean }): void {
  clearRegistrationProofCookie(reply, options);
}
