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

/** Escapes LIKE wildcards so user text matches literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
