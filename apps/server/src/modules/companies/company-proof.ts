import { createHmac, timingSafeEqual } from "node:crypto";
import { isUuid } from "../../core/path-id.ts";

export const COMPANY_PROOF_COOKIE = "company_proof";
/** How long a verified company password lets the joiner finish joining. */
export const COMPANY_PROOF_TTL_SECONDS = 15 * 60;

/**
 * Proof that whoever holds it gave a company's join password: verify-company sets it as an
 * HttpOnly cookie and associate-company requires it, so joining needs the password just checked. It is stateless:
 * `<companyId>.<expires>.<mac>`, where the HMAC (keyed from the server secret) also covers the
 * company's current password hash, so changing the join password voids every outstanding proof.
 */
export function createCompanyProofs(secret: string, clock: () => Date) {
  const key = createHmac("sha256", secret).update("company-proof").digest();
  const macOf = (companyId: string, expires: number, passwordHash: string) =>
    createHmac("sha256", key).update(`${companyId}.${expires}.${passwordHash}`).digest("base64url");

  /** The company a proof names, if it is well formed and not expired (its MAC is checked by `matches`). */
  const companyIdOf = (token: string | undefined): string | null => {
    const parts = token?.split(".");
    if (parts?.length !== 3) return null;
    const [companyId, expires] = parts as [string, string, string];
    if (!isUuid(companyId) || !/^\d{1,12}$/.test(expires)) return null;
    if (Number(expires) * 1000 <= clock().getTime()) return null;
    return companyId;
  };

  return {
    /** A proof for `company`, valid for COMPANY_PROOF_TTL_SECONDS. */
    issue(company: { id: string; passwordHash: string }): string {
      const expires = Math.floor(clock().getTime() / 1000) + COMPANY_PROOF_TTL_SECONDS;
      return `${company.id}.${expires}.${macOf(company.id, expires, company.passwordHash)}`;
    },
    companyIdOf,
    /** True when `token` is an unexpired proof for `company` with its current password. */
    matches(token: string | undefined, company: { id: string; passwordHash: string }): boolean {
      if (!token || companyIdOf(token) !== company.id) return false;
      const [, expires, mac] = token.split(".") as [string, string, string];
      const expected = Buffer.from(macOf(company.id, Number(expires), company.passwordHash));
      const given = Buffer.from(mac);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

export type CompanyProofs = ReturnType<typeof createCompanyProofs>;
