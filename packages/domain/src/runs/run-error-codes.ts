/** Why a run stopped in error, for the client to word (never a stack trace or the prompt). */
export const RUN_ERROR_CODES = [
  "invalid_input",
  "rate_limited",
  "credits_exhausted",
  "unavailable",
  "model_error",
  "timeout",
  "cancelled",
  "internal",
] as const;
export type RunErrorCode = (typeof RUN_ERROR_CODES)[number];
