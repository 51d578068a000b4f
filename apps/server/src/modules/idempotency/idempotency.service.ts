import { createHash } from "node:crypto";
import { AppError } from "@ideaport/shared";
import type { ServiceDependencies } from "../../core/module-options.ts";
import {
  claimKey,
  deleteKeyMadeBefore,
  deleteKeysMadeBefore,
  findKey,
  type KeyOwner,
  recordAnswer,
  releaseKey,
} from "./idempotency.repository.ts";

/** How long a key's first answer is kept and answers its repeats. */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** A key: 1 to 255 visible ASCII characters (a UUID, as the web app sends, fits). */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** What a write sent with a key does: run (the key is claimed for it) or answer the first answer again. */
export type IdempotentStart = { kind: "run"; claimId: string } | { kind: "replay"; statusCode: number; body: string };

/** The request's fingerprint: its method, path and body. A repeat under the same key must match it. */
export function fingerprintOf(request: { method: string; path: string; body: unknown }): string {
  return createHash("sha256")
    .update(`${request.method} ${request.path}\n${JSON.stringify(request.body ?? null)}`)
    .digest("hex");
}

/**
 * Idempotency-Keys: a write sent with a key runs once for 24 hours; a repeat with the same key
 * and the same request answers the first answer, with another request 422, and while the first
 * is still running 409 (it is not run a second time). Only answers below 500 are kept: after a
 * server failure the key is free again and a repeat runs anew.
 */
export function createIdempotencyService({ db, clock }: ServiceDependencies) {
  const expiredBefore = () => new Date(clock().getTime() - IDEMPOTENCY_KEY_LIFETIME_MS);

  async function start(owner: KeyOwner, key: string, fingerprint: string): Promise<IdempotentStart> {
    if (!KEY_PATTERN.test(key)) throw new AppError("idempotency.key_invalid");
    // Twice at most: the second try follows an expired row's deletion (or a first request that
    // failed and gave the key back between our claim and our read).
    for (let attempt = 0; attempt < 2; attempt++) {
      const claimId = await claimKey(db, owner, { key, fingerprint, createdAt: clock() });
      if (claimId) return { kind: "run", claimId };
      const stored = await findKey(db, owner, key);
      if (!stored) continue;
      if (stored.createdAt < expiredBefore()) {
        await deleteKeyMadeBefore(db, owner, key, expiredBefore());
        continue;
      }
      if (stored.fingerprint !== fingerprint) throw new AppError("idempotency.key_reused");
      if (stored.statusCode === null || stored.responseBody === null) throw new AppError("idempotency.in_flight");
      return { kind: "replay", statusCode: stored.statusCode, body: stored.responseBody };
    }
    throw new AppError("idempotency.in_flight");
  }

  async function finish(owner: KeyOwner, claimId: string, answer: { statusCode: number; body: string | null }) {
    if (answer.statusCode >= 500 || answer.body === null) await releaseKey(db, owner, claimId);
    else await recordAnswer(db, owner, claimId, { statusCode: answer.statusCode, body: answer.body });
  }

  return {
    start,
    finish,
    /** The request ended without an answer kept (the connection closed first): the key is free again. */
    abandon: (owner: KeyOwner, claimId: string) => releaseKey(db, owner, claimId),
    /** Deletes the keys older than 24 hours (the job queue runs it every hour). */
    prune: () => deleteKeysMadeBefore(db, expiredBefore()),
  };
}

export type IdempotencyService = ReturnType<typeof createIdempotencyService>;
