import { AppError, DATA_SOURCE_MESSAGES } from "@liftoff/domain";
import { ConnectorError } from "./connector-adapter.ts";

/**
 * A provider's failure as the builder's API answers it: the spec's connector message, with
 * what the provider said in details. One that may pass is 503; a refusal (revoked, no
 * access) is 400, since only connecting again or picking another file helps.
 */
export function connectorAppError(error: unknown): unknown {
  if (!(error instanceof ConnectorError)) return error;
  return new AppError(
    error.retryable ? "SERVICE_UNAVAILABLE" : "BAD_REQUEST",
    DATA_SOURCE_MESSAGES.connector,
    {
      provider: error.message,
    },
  );
}
