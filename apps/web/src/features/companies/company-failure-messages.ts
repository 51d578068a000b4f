import { ERROR_MESSAGES } from "@ideaport/shared";
import { ApiError } from "../../lib/api-client.ts";
import { clientRateLimitMessage, isRefusal, serverMessageOf } from "../../lib/api-errors.ts";
import { t } from "../../lib/i18n.ts";

/**
 * Verify: a refusal is the server's message or 'Company verification failed.';
 * when the server cannot be reached or fails, 'Failed to verify company details.'
 */
export function verifyCompanyFailureMessage(error: unknown): string {
  const rateLimit = clientRateLimitMessage(error);
  if (rateLimit) return rateLimit;
  if (isRefusal(error)) return error.serverMessage ?? t(ERROR_MESSAGES.companyVerificationFailed);
  return t(ERROR_MESSAGES.companyVerifyDetailsFailed);
}

/** Join: the server's message, else 'Failed to associate with company.' */
export function associateCompanyFailureMessage(error: unknown): string {
  return serverMessageOf(error) ?? clientRateLimitMessage(error) ?? t(ERROR_MESSAGES.companyAssociateFailed);
}

/** Create: the server's message, else 'Failed to create company.' */
export function createCompanyFailureMessage(error: unknown): string {
  return serverMessageOf(error) ?? clientRateLimitMessage(error) ?? t(ERROR_MESSAGES.companyCreateFailed);
}

/** The server no longer holds proof that this browser gave the company password: verify again. */
export function isCompanyProofMissing(error: unknown): boolean {
  return error instanceof ApiError && error.code === "company.proof_required";
}
