import { ApiError, CLIENT_ERROR_CODES } from "./api-client.ts";

/** True when the server answered and refused the request (4xx), as opposed to being unreachable or failing. */
export function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && !error.isClientSide && error.status >= 400 && error.status < 500;
}

/** True when the server answered 2xx with a body the contract does not accept. */
export function isInvalidAnswer(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === CLIENT_ERROR_CODES.invalidResponse;
}

/** The browser's own 'Rate limit exceeded. Try again in {n} seconds.', when the call never left for that reason. */
export function clientRateLimitMessage(error: unknown): string | undefined {
  return error instanceof ApiError && error.code === CLIENT_ERROR_CODES.rateLimited ? error.message : undefined;
}

/** The server's own `error` or `message` text, when it sent one. */
export function serverMessageOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverMessage : undefined;
}
