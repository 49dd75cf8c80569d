import { AppError } from "@liftoff/domain";

/**
 * The server's own words for a refused request (a 4xx with a message in its body), else
 * `fallback`: network failures, server faults and bodies without a message get the area's
 * generic text (api.ts gives those 'Request failed (413)' and the like).
 */
export function serverMessage(error: unknown, fallback: string): string {
  if (!(error instanceof AppError)) return fallback;
  const status = error.status;
  if (status < 400 || status >= 500) return fallback;
  if (!error.message || error.message.startsWith("Request failed (")) return fallback;
  return error.message;
}
