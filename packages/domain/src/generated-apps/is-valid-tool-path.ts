/** Letters, numbers and dashes only, at least one character (spec section 5). */
export const TOOL_PATH_PATTERN = /^[A-Za-z0-9-]+$/;

/** Whether `path` may be a tool's path: 'Path should contain only letters, numbers, and dashes…'. */
export function isValidToolPath(path: string): boolean {
  return TOOL_PATH_PATTERN.test(path);
}

/**
 * A path that passes the rule, made from any text (a title, an old document's path): runs
 * of other characters become one dash, dashes at the ends go, and nothing left gives
 * `fallback`. Case is kept, since the rule allows capitals and a builder may want them.
 */
export function toToolPath(text: string, fallback = "tool"): string {
  const path = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return path === "" ? fallback : path;
}
