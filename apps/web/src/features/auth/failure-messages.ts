import { ERROR_MESSAGES } from "@ideaport/shared";
import { ApiError, CLIENT_ERROR_CODES } from "../../lib/api-client.ts";

/** True when the server answered and refused the request (4xx), as opposed to being unreachable or failing. */
export function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && !error.isClientSide && error.status >= 400 && error.status < 500;
}

/** True when the server answered 2xx with a body the contract does not accept. */
export function isInvalidAnswer(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === CLIENT_ERROR_CODES.invalidResponse;
}

/** The browser's own rate-limit message (spec section 8), when the call never left for that reason. */
export function clientRateLimitMessage(error: unknown): string | undefined {
  return error instanceof ApiError && error.code === CLIENT_ERROR_CODES.rateLimited ? error.message : undefined;
}

/** The server's own `error` or `message` text, when it sent one. */
export function serverMessageOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverMessage : undefined;
}

/**
 * Login (spec section 8): the server's error or message, else `fallback` ('Authentication failed' on
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
  return serverMessageOf(error) ?? clientRateLimitMessage(error) ?? ERROR_MESSAGES.sendCodeFailed;
}

/**
 * Sign-up step 2: an answer without a user id is 'Invalid response from server during verification.';
 * a rate limit says so; every other failure is 'Verification failed. Please check the code or request a new one.'
 */
export function verifyCodeFailureMessage(error: unknown): string {
  if (isInvalidAnswer(error) && error.status >= 200 && error.status < 300) {
    return ERROR_MESSAGES.invalidVerificationResponse;
  }
  if (error instanceof ApiError && error.status === 429) return error.serverMessage ?? error.message;
  return ERROR_MESSAGES.verificationFailed;
}

/**
 * Password reset request: a refusal (or an answer that is not a success) is 'Unable to process your
 * request. Please try again.'; a network or server failure is 'An error occurred. Please try again later.'
 */
export function resetRequestFailureMessage(error: unknown): string {
  const rateLimit = clientRateLimitMessage(error);
  if (rateLimit) return rateLimit;
  if (isRefusal(error) || isInvalidAnswer(error)) return ERROR_MESSAGES.resetUnableToProcess;
  return ERROR_MESSAGES.resetGenericError;
}
