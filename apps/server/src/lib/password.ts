/**
 * Password hashing with argon2id at (at least) the OWASP minimum: 19 MiB, 2 passes, 1 lane.
 * Used for user passwords and company join passwords.
 */
import { randomBytes } from "node:crypto";
import { hash, parseOptions, verify } from "@node-rs/argon2";

/** @node-rs/argon2's `Algorithm.Argon2id`; its enum is `const`, which isolatedModules cannot inline. */
const ARGON2ID = 2;

export const PASSWORD_HASH_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** Hashes a password into a PHC string (`$argon2id$v=19$m=19456,t=2,p=1$...`). */
export async function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS);
}

/** True when `password` matches `passwordHash`; false for a wrong password or a malformed hash. */
export async function verifyPassword(password: string, passwordHash: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** True when a stored hash was made with weaker settings than today's and should be redone at login. */
export function passwordHashNeedsUpgrade(passwordHash: string): boolean {
  try {
    const options = parseOptions(passwordHash);
    return (
      options.algorithm !== ARGON2ID ||
      options.memoryCost < PASSWORD_HASH_OPTIONS.memoryCost ||
      options.timeCost < PASSWORD_HASH_OPTIONS.timeCost
    );
  } catch {
    return true;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of a real verification and answers false: call it when the account does not
 * exist, so response times do not reveal which e-mail addresses are registered.
 */
export async function verifyPasswordOfUnknownAccount(password: string): Promise<false> {
  dummyHash ??= hashPassword("unknown-account-placeholder");
  await verifyPassword(password, await dummyHash);
  return false;
}

/** The hash of a password nobody knows (32 random bytes): for accounts that sign in elsewhere. */
export async function hashOfUnknownPassword(): Promise<string> {
  return hashPassword(randomBytes(32).toString("base64url"));
}
