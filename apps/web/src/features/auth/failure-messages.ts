import { ERROR_MESSAGES } from "@ideaport/shared";
import { ApiError } from "../../lib/api-client.ts";
import { clientRateLimitMessage, isInvalidAnswer, isRefusal, serverMessageOf } from "../../lib/api-errors.ts";
import { t } from "../../lib/i18n.ts";

/**
 * Login: the server's error or message, else `fallback` ('Authentication failed' on
 * the page, 'Authentication failed. Please check your credentials.' in the popup). Failures in the
 * browser (network, timeout, client rate limit) keep their own words.
 */
export function loginFailureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.serverMessage) return error.serverMessage;
    if (error.isClientSide) return error.message;
  }
  return fallback;
}

/** Sign-up step 1: the server's message when it gives one, else 'Failed to send verification code. Please try again.' */
export function sendCodeFailureMessage(error: unknown): string {
  return serverMessageOf(error) ?? clientRateLimitMessage(error) ?? t(ERROR_MESSAGES.sendCodeFailed);
}

/**
 * Sign-up step 2: an answer without a user id is 'Invalid response from server during verification.';
 * a rate limit says so; every other failure is 'Verification failed. Please check the code or request a new one.'
 */
export function verifyCodeFailureMessage(error: unknown): string {
  if (isInvalidAnswer(error) && error.status >= 200 && error.status < 300) {
    return t(ERROR_MESSAGES.invalidVerificationResponse);
  }
  if (error instanceof ApiError && error.status === 429) return error.serverMessage ?? error.message;
  return t(ERROR_MESSAGES.verificationFailed);
}

/**
 * Password reset request: a refusal (or an answer that is not a success) is 'Unable to process your
 * request. Please try again.'; a network or server failure is 'An error occurred. Please try again later.'
 */
export function resetRequestFailureMessage(error: unknown): string {
  const rateLimit = clientRateLimitMessage(error);
  if (rateLimit) return rateLimit;
  if (isRefusal(error) || isInvalidAnswer(error)) return t(ERROR_MESSAGES.resetUnableToProcess);
  return t(ERROR_MESSAGES.resetGenericError);
}
