import { AppError, type ErrorCode } from "@ideaport/shared";

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * True for a well-formed UUID. Ids from paths and bodies are checked before they reach a query,
 * so a malformed one answers 404 like an unknown one instead of a database cast error.
 */
export function isUuid(value: string | null | undefined): value is string {
  return typeof value === "string" && UUID_PATTERN.test(value);
}

/**
 * An id from the path (`request.params.id`), checked where the request comes in: a malformed one
 * answers the same 404 as an unknown one, so services only ever see well-formed ids.
 */
export function pathId(value: string, notFound: ErrorCode): string {
  if (!isUuid(value)) throw new AppError(notFound);
  return value;
}

/**
 * The reader of the id a route's path names in `param` (`/:id`, `/:teamId`...), with `pathId`'s
 * 404 for a malformed one: `const ideaIdOf = pathIdReader("id", "idea.not_found")`.
 */
export function pathIdReader<Param extends string>(
  param: Param,
  notFound: ErrorCode,
): (request: { params: Record<Param, string> }) => string {
  return (request) => pathId(request.params[param], notFound);
}
