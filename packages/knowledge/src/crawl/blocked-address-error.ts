import { AppError, DATA_SOURCE_MESSAGES } from "@liftoff/domain";

/** The one refusal of the SSRF guard: the address is (or resolves to) a non-public address. */
export function blockedAddressError(host: string): AppError {
  return new AppError("BAD_REQUEST", DATA_SOURCE_MESSAGES.blockedAddress, { host });
}
