import { APICallError, NoObjectGeneratedError, RetryError } from "ai";

export type AiFailureKind = "rate_limited" | "provider_error" | "invalid_output" | "unreachable" | "aborted";

export type AiFailure = {
  kind: AiFailureKind;
  /** The provider's HTTP status, when it answered one. */
  status?: number;
  /** For logs and admins: what went wrong, without request bodies or keys. */
  detail: string;
};

/** Thrown by the calls of this package when the answer is unusable (not a transport error). */
export class InvalidModelOutputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InvalidModelOutputError";
  }
}

/**
 * Sorts a failed model call into what the caller tells the user: the provider's rate
 * limit, the provider failing, an answer that could not be used, the provider not
 * reachable, or the call being aborted. Retries already happened inside the AI SDK, whose
 * RetryError wraps the last attempt's error.
 */
export function describeAiError(error: unknown): AiFailure {
  const last = RetryError.isInstance(error) ? error.lastError : error;
  if (APICallError.isInstance(last)) {
    const status = last.statusCode;
    if (status === 429)
      return { kind: "rate_limited", status, detail: `provider rate limit (429): ${last.message}` };
    if (status === undefined)
      return { kind: "unreachable", detail: `provider not reachable: ${last.message}` };
    return { kind: "provider_error", status, detail: `provider answered ${status}: ${last.message}` };
  }
  if (NoObjectGeneratedError.isInstance(last) || last instanceof InvalidModelOutputError)
    return {
      kind: "invalid_output",
      detail: `the model's answer was not usable: ${(last as Error).message}`,
    };
  if (last instanceof Error && (last.name === "AbortError" || last.name === "TimeoutError"))
    return { kind: "aborted", detail: last.message };
  const message = last instanceof Error ? last.message : String(last);
  return { kind: "unreachable", detail: `model call failed: ${message}` };
}
