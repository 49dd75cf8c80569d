import type { ErrorBody } from "@liftoff/domain";
import { SdkError } from "./sdk-error.ts";

// Used when a proxy or gateway answers without the platform's error body.
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

/** Turns a non-2xx answer (its status and parsed body, if any) into an SdkError. */
export function sdkErrorFromResponse(status: number, body: unknown): SdkError {
  const payload = (body as Partial<ErrorBody> | null | undefined)?.error as
    | { code?: unknown; message?: unknown; details?: unknown }
    | undefined;
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
  return new SdkError({ status, code, message, details });
}
