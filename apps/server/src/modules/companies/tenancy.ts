/**
 * Helpers shared by the company, team, invitation, admin-request, notification and settings
 * modules: tenancy (every query is scoped by the caller's company) and authorization (the shared
 * `can` rules), plus the options these modules are registered with.
 */
import { type Ability, type AbilityContext, AppError, can } from "@ideaport/shared";
import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import type { Config } from "../../config/env.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import type { AccessTokens } from "../../lib/access-token.ts";
import { type Principal, roleSubjectOf } from "../users/principal.ts";

/** What app.ts hands to these modules. */
export interface PeopleModuleOptions {
  config: Config;
  database: DatabaseHandle;
  accessTokens: AccessTokens;
  clock: () => Date;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * True for a well-formed UUID. Ids from paths and bodies are checked before they reach a query,
 * so a malformed one answers 404 like an unknown one instead of a database cast error.
 */
export function isUuid(value: string | null | undefined): value is string {
  return typeof value === "string" && UUID_PATTERN.test(value);
}

/** The caller's company; a signed-in user without one may not use company features (403). */
export function companyIdOf(principal: Principal): string {
  if (!principal.companyId) throw new AppError("auth.forbidden");
  return principal.companyId;
}

/** Throws 403 unless the caller may do `ability` (shared rules, spec section 6). */
export function authorize(principal: Principal, ability: Ability, context: AbilityContext = {}): void {
  if (!can(roleSubjectOf(principal), ability, context)) throw new AppError("auth.forbidden");
}

/** True when the caller may do `ability`. */
export function isAllowed(principal: Principal, ability: Ability, context: AbilityContext = {}): boolean {
  return can(roleSubjectOf(principal), ability, context);
}

/** Sends committed outbox mail now instead of at the worker's next poll (when the worker runs). */
export function wakeMailOutbox(app: FastifyInstance): void {
  if (app.hasDecorator("mailOutbox")) app.mailOutbox.wake();
}

/** PostgreSQL's unique_violation, from either driver, optionally of one constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown };
    if (candidate.code === "23505") {
      if (!constraint) return true;
      if (candidate.constraint === constraint) return true;
      return typeof candidate.message === "string" && candidate.message.includes(constraint);
    }
  }
  return false;
}

/** Adds a params schema to an `endpointSchema(...)` result, keeping its types. */
export function withParams<Schema extends object, Params extends z.ZodType>(
  schema: Schema,
  params: Params,
): Schema & { params: Params } {
  return { ...schema, params };
}

/** Escapes LIKE wildcards so user text matches literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
