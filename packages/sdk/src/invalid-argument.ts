import { SdkError } from "./sdk-error.ts";

/** An SdkError for a call made with the wrong arguments, raised before any request is sent. */
export function invalidArgument(message: string): SdkError {
  return new SdkError({ status: 400, code: "INVALID_ARGUMENT", message });
}
