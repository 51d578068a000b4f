import { ERROR_MESSAGES } from "@ideaport/shared";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError } from "./api-client.ts";
import { t } from "./i18n.ts";

/** The sentence to show for a failed call: the server's own message, else the spec's status message. */
export function errorMessageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return t(ERROR_MESSAGES.somethingWentWrong);
}

/**
 * Puts the server's field errors (a 400 body's `{ fields: { name: message } }`) under the
 * form's own fields, mapping server names to form names where they differ. Answers true when at
 * least one landed, so the caller knows whether a form-level message is still needed.
 */
export function applyServerFieldErrors<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  fieldNames: Partial<Record<string, Path<Values>>>,
): boolean {
  if (!(error instanceof ApiError) || !error.fields) return false;
  let applied = false;
  for (const [serverName, message] of Object.entries(error.fields)) {
    const field = fieldNames[serverName];
    if (field && typeof message === "string") {
      setError(field, { type: "server", message }, { shouldFocus: !applied });
      applied = true;
    }
  }
  return applied;
}

/** True for a server answer with this catalogue code. */
export function hasErrorCode(error: unknown, code: string): boolean {
  return error instanceof ApiError && error.code === code;
}
