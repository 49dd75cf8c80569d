/** What an SdkError carries; `status` 0 means no answer came from the server at all. */
export type SdkErrorInit = {
  status: number;
  code: string;
  message: string;
  details?: Record<string, unknown> | undefined;
  cause?: unknown;
};

/**
 * The one error generated apps see. Server errors keep the server's `{error: {code,
 * message, details}}` (422 validation errors list `details.fields: [{field, message}]`),
 * so an app can show the server's words; network failures have status 0 so an app can
 * tell "offline" from "refused"; wrong arguments are caught before any request with
 * status 400 and code INVALID_ARGUMENT, because a model-written call site should fail
 * loudly and explain the right call shape instead of sending garbage.
 */
export class SdkError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: Record<string, unknown> | undefined;

  constructor(init: SdkErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = "SdkError";
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
  }
}
