import { describeAiError } from "@liftoff/ai";
import { AppError, isAppError } from "@liftoff/domain";
import { log } from "../log.ts";

/** Spec section 8 "Chat errors": the provider's 429. */
export const AI_RATE_LIMIT_MESSAGE = "Rate limit exceeded. Please try again later.";

/**
 * A failed model call as the platform's error: always 503 (the failure is upstream, never
 * ours, so never a 500), with a message the user can act on and `details.reason` saying
 * which case it was. The provider's own words go to the log, not to the browser.
 */
export function aiFailureToAppError(error: unknown, what: string): AppError {
  if (isAppError(error)) return error;
  const failure = describeAiError(error);
  log.warn(`AI call failed: ${what}`, { kind: failure.kind, status: failure.status, detail: failure.detail });
  const details = { reason: failure.kind, ...(failure.status ? { providerStatus: failure.status } : {}) };
  switch (failure.kind) {
    case "rate_limited":
      return new AppError("SERVICE_UNAVAILABLE", AI_RATE_LIMIT_MESSAGE, details);
    case "invalid_output":
      return new AppError(
        "SERVICE_UNAVAILABLE",
        `The AI model gave an answer that could not be used for ${what}.`,
        details,
      );
    case "provider_error":
      return new AppError(
        "SERVICE_UNAVAILABLE",
        `The AI provider failed to answer (HTTP ${failure.status}) for ${what}. Please try again later.`,
        details,
      );
    default:
      return new AppError(
        "SERVICE_UNAVAILABLE",
        `The AI provider could not be reached for ${what}.`,
        details,
      );
  }
}
