/**
 * The one error type of the platform. Domain code throws it with a code; the server maps
 * the code to an HTTP status in one place (`errorStatus`) and answers
 * `{error: {code, message, details?}}`. The web client turns that body back into an
 * AppError, so both sides speak the same codes.
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  USER_DISABLED: 403,
  PLAN_LIMIT: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  EMAIL_IN_USE: 409,
  // Spec section 7 names this code for the e-mail change call.
  "auth/email-already-exists": 409,
  PAYLOAD_TOO_LARGE: 413,
  UNPROCESSABLE: 422,
  WEAK_PASSWORD: 400,
  INVALID_EMAIL: 400,
  LINK_INVALID: 400,
  TOO_MANY_ATTEMPTS: 429,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export type ErrorBody = {
  error: { code: ErrorCode | (string & {}); message: string; details?: Record<string, unknown> };
};

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.details = details;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  toBody(): ErrorBody {
    return {
      error: { code: this.code, message: this.message, ...(this.details ? { details: this.details } : {}) },
    };
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

export function errorStatus(code: string): number {
  return (ERROR_STATUS as Record<string, number>)[code] ?? 500;
}
