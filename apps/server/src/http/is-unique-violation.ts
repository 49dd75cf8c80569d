/**
 * True for a Postgres unique-constraint violation (SQLSTATE 23505), however it is wrapped:
 * both drivers put `code` on the error, and the auth library keeps the original as `cause`.
 */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === "object"; depth += 1) {
    if ((current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
