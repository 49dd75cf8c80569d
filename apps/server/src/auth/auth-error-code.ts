/**
 * The auth library throws APIError with `body.code` (e.g. USER_ALREADY_EXISTS,
 * INVALID_EMAIL_OR_PASSWORD, INVALID_TOKEN). We read the code rather than the message,
 * which is English prose that may change between versions.
 */
export function authErrorCode(error: unknown): string | null {
  if (typeof error !== "object" || error === null) return null;
  const body = (error as { body?: { code?: unknown } }).body;
  return typeof body?.code === "string" ? body.code : null;
}

export function isAuthLibraryError(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { name?: string }).name === "APIError";
}
