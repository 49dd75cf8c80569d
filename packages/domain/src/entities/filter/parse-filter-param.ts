import { filterError } from "./filter-error.ts";
import { FILTER_LIMITS } from "./filter-limits.ts";
import type { FilterNode } from "./filter-node.ts";
import { parseFilter } from "./parse-filter.ts";

/**
 * Reads the `q` query parameter: a filter written as JSON text. The length is checked
 * before parsing, so an oversized q costs nothing; anything but a JSON object is a 400.
 */
export function parseFilterParam(q: string): FilterNode {
  if (q.length > FILTER_LIMITS.maxParamLength) {
    throw filterError(`q is longer than ${FILTER_LIMITS.maxParamLength} characters`);
  }
  let input: unknown;
  try {
    input = JSON.parse(q);
  } catch {
    throw filterError("q must be a JSON object");
  }
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    throw filterError("q must be a JSON object");
  }
  return parseFilter(input);
}
