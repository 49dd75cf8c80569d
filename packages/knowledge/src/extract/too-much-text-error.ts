import { AppError, DATA_SOURCE_MESSAGES } from "@liftoff/domain";

/**
 * For plain formats (text, CSV, a web page) whose text outgrows EXTRACT_LIMITS.maxChars:
 * the file is simply too big. Packed formats (PDF, DOCX, DOC) that inflate past the limit
 * are treated as hostile and fail as unreadable instead.
 */
export function tooMuchTextError(): AppError {
  return new AppError("PAYLOAD_TOO_LARGE", DATA_SOURCE_MESSAGES.fileTooBig("20 million characters of text"));
}
