import { AppError } from "../../errors/app-error.ts";

/** The one error of the filter language: a 400 whose message says what to fix. */
export function filterError(reason: string): AppError {
  return new AppError("BAD_REQUEST", `Invalid filter: ${reason}`);
}
