import { readErrorBody } from "@liftoff/domain";
import { SdkError } from "./sdk-error.ts";

/** Turns a non-2xx answer (its status and parsed body, if any) into an SdkError. */
export function sdkErrorFromResponse(status: number, body: unknown): SdkError {
  const { code, message, details } = readErrorBody(status, body);
  return new SdkError({ status, code, message, details });
}
