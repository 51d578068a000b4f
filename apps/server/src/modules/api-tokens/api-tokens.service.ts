import {
  API_TOKEN_PREFIX,
  type ApiToken,
  AppError,
  type CreateApiTokenRequest,
  MAX_API_TOKENS_PER_PERSON,
  TOKEN_SCOPES,
  type TokenScope,
} from "@ideaport/shared";
import type { CompanyCaller } from "../../core/caller.ts";
import type { ServiceDependencies } from "../../core/module-options.ts";
import type { Database } from "../../db/client.ts";
import { createSecretToken, hashSecretToken } from "../../lib/secret-token.ts";
import { recordCallerAudit } from "../audit/audit.service.ts";
import { presentApiToken } from "./api-tokens.presenter.ts";
import {
  countLiveApiTokens,
  findLiveApiToken,
  hasApiTokenOf,
  insertApiToken,
  listLiveApiTokens,
  revokeApiTokenRow,
  touchApiToken,
} from "./api-tokens.repository.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * A token's "last used" is written at most once a minute: a script calling every second would
 * otherwise write a row per call. The list shows it to the minute.
 */
export const LAST_USED_PRECISION_MS = 60_000;

/** Profile Settings → API tokens: a person's own tokens, created (shown once), listed and revoked. */
export function createApiTokensService({ db, clock }: ServiceDependencies) {
  return {
    /** The caller's live tokens, newest first; never their text. */
    async list(caller: CompanyCaller): Promise<ApiToken[]> {
      return listApiTokensOf(db, caller.companyId, caller.id, clock());
    },

    /** Makes a token: its text is answered this once and only its hash is kept. */
    async create(caller: CompanyCaller, input: CreateApiTokenRequest): Promise<{ id: string; token: string }> {
      if (input.scopes.includes("admin") && !caller.isAdmin) throw new AppError("api_token.admin_scope_forbidden");
      const now = clock();
      // In the scopes' own order, each once, whatever the request's order and repetitions.
      const scopes: TokenScope[] = TOKEN_SCOPES.filter((scope) => input.scopes.includes(scope));
      const expiresAt = new Date(now.getTime() + input.expires_in_days * DAY_MS);
      const token = `${API_TOKEN_PREFIX}${createSecretToken()}`;
      const id = await db.transaction(async (tx) => {
        if ((await countLiveApiTokens(tx, caller.companyId, caller.id, now)) >= MAX_API_TOKENS_PER_PERSON) {
          throw new AppError("api_token.too_many", { values: { max: MAX_API_TOKENS_PER_PERSON } });
        }
        const tokenId = await insertApiToken(tx, {
          companyId: caller.companyId,
          userId: caller.id,
          name: input.name,
          tokenHash: hashSecretToken(token),
          scopes,
          createdAt: now,
          expiresAt,
        });
        await recordCallerAudit(tx, caller, {
          action: "api_token.created",
          targetType: "api_token",
          targetId: tokenId,
          details: { name: input.name, scopes, expires_at: expiresAt.toISOString() },
        });
        return tokenId;
      });
      return { id, token };
    },

    /** Revokes one of the caller's tokens at once: the next request with it is refused. 404 when not theirs. */
    async revoke(caller: CompanyCaller, tokenId: string): Promise<void> {
      if (!(await hasApiTokenOf(db, caller.companyId, caller.id, tokenId))) throw new AppError("api_token.not_found");
      await db.transaction(async (tx) => {
        const row = await revokeApiTokenRow(tx, caller.companyId, caller.id, tokenId, clock());
        if (!row) throw new AppError("api_token.not_found");
        await recordCallerAudit(tx, caller, {
          action: "api_token.revoked",
          targetType: "api_token",
          targetId: row.id,
          details: { name: row.name },
        });
      });
    },
  };
}

/** A person's live tokens as the list shows them, for their data export. */
export async function listApiTokensOf(db: Database, companyId: string, userId: string, now: Date): Promise<ApiToken[]> {
  return (await listLiveApiTokens(db, companyId, userId, now)).map(presentApiToken);
}

/** A live API token as the authentication hook needs it. */
export interface AuthenticatedApiToken {
  id: string;
  userId: string;
  companyId: string;
  scopes: readonly TokenScope[];
}

/**
 * The live (unrevoked, unexpired) token a bearer text is, or null; notes its use, at most once a
 * minute. Whether its person may still act is the caller's check (their active flag, their company).
 */
export async function authenticateApiToken(
  db: Database,
  text: string,
  now: Date,
): Promise<AuthenticatedApiToken | null> {
  if (!text.startsWith(API_TOKEN_PREFIX) || text.length > 200) return null;
  const row = await findLiveApiToken(db, hashSecretToken(text), now);
  if (!row) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_PRECISION_MS) {
    await touchApiToken(db, row.id, now);
  }
  return { id: row.id, userId: row.userId, companyId: row.companyId, scopes: row.scopes };
}
