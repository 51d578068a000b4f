import { AppError, type CreateScimTokenRequest, type ScimToken } from "@ideaport/shared";
import { authorize, type CompanyCaller } from "../../core/caller.ts";
import type { ServiceDependencies } from "../../core/module-options.ts";
import type { Database } from "../../db/client.ts";
import type { ScimTokenRow } from "../../db/schema/index.ts";
import { createSecretToken, hashSecretToken } from "../../lib/secret-token.ts";
import { recordCallerAudit } from "../audit/audit.service.ts";
import {
  findLiveScimToken,
  hasLiveScimToken,
  insertScimToken,
  listLiveScimTokens,
  revokeScimTokenRow,
  touchScimToken,
} from "./scim-tokens.repository.ts";

/** What a SCIM token's text starts with, so a leaked one is recognisable in logs and secret scanners. */
export const SCIM_TOKEN_PREFIX = "ideaport_scim_";

/** A token as the list shows it. */
function presentScimToken(row: ScimTokenRow): ScimToken {
  return {
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** Company Settings → Provisioning (admins): the bearer tokens identity providers call SCIM with. */
export function createScimTokensService({ db, clock }: ServiceDependencies) {
  return {
    /** The company's live tokens, newest first; never their text. */
    async list(caller: CompanyCaller): Promise<ScimToken[]> {
      authorize(caller, "company.manage");
      return (await listLiveScimTokens(db, caller.companyId)).map(presentScimToken);
    },

    /** Makes a token: its text is answered this once and only its hash is kept. */
    async create(caller: CompanyCaller, input: CreateScimTokenRequest): Promise<{ id: string; token: string }> {
      authorize(caller, "company.manage");
      const token = `${SCIM_TOKEN_PREFIX}${createSecretToken()}`;
      const id = await db.transaction(async (tx) => {
        const tokenId = await insertScimToken(tx, {
          companyId: caller.companyId,
          name: input.name,
          tokenHash: hashSecretToken(token),
          createdBy: caller.id,
        });
        await recordCallerAudit(tx, caller, {
          action: "scim.token_created",
          targetType: "scim_token",
          targetId: tokenId,
          details: { name: input.name },
        });
        return tokenId;
      });
      return { id, token };
    },

    /** Revokes a token at once: the next SCIM request with it is refused. 404 when not a live token of the company. */
    async revoke(caller: CompanyCaller, tokenId: string): Promise<void> {
      // Another company's token is not found, whoever asks; then only admins may revoke.
      if (!(await hasLiveScimToken(db, caller.companyId, tokenId))) throw new AppError("scim_token.not_found");
      authorize(caller, "company.manage");
      await db.transaction(async (tx) => {
        const row = await revokeScimTokenRow(tx, caller.companyId, tokenId, clock());
        if (!row) throw new AppError("scim_token.not_found");
        await recordCallerAudit(tx, caller, {
          action: "scim.token_revoked",
          targetType: "scim_token",
          targetId: row.id,
          details: { name: row.name },
        });
      });
    },
  };
}

/** The live token a bearer text is, or null; notes its use. */
export async function authenticateScimToken(
  db: Database,
  text: string,
  now: Date,
): Promise<{ id: string; name: string; companyId: string } | null> {
  if (!text.startsWith(SCIM_TOKEN_PREFIX) || text.length > 200) return null;
  const row = await findLiveScimToken(db, hashSecretToken(text));
  if (!row) return null;
  await touchScimToken(db, row.id, now);
  return { id: row.id, name: row.name, companyId: row.companyId };
}
