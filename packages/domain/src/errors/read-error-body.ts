/** Used when a proxy or gateway answers without the platform's error body. */
const FALLBACK_CODES: Record<number, string> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  422: "UNPROCESSABLE",
  429: "RATE_LIMITED",
  503: "SERVICE_UNAVAILABLE",
};

export type ReadErrorBody = { code: string; message: string; details: Record<string, unknown> | undefined };

/**
 * Reads a non-2xx answer's `{error: {code, message, details}}` body, with sensible values
 * when the body is missing or malformed. One reading for every client: the web app turns
 * it into an AppError, the SDK into an SdkError.
 */
export function readErrorBody(status: number, body: unknown): ReadErrorBody {
  const payload = (
    body as { error?: { code?: unknown; message?: unknown; details?: unknown } } | null | undefined
  )?.error;
  const code =
    typeof payload?.code === "string" && payload.code
      ? payload.code
      : (FALLBACK_CODES[status] ?? (status >= 500 ? "INTERNAL" : "BAD_REQUEST"));
  const message =
    typeof payload?.message === "string" && payload.message
      ? payload.message
      : status >= 500
        ? "Something went wrong, try again later"
        : `Request failed (${status})`;
  const details =
    payload?.details && typeof payload.details === "object" && !Array.isArray(payload.details)
      ? (payload.details as Record<string, unknown>)
      : undefined;
  return { code, message, details };
}
