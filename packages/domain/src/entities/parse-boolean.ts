/** The words a boolean is written as, lower case (spec section 5's minimum, widened by issue 13). */
const TRUE_WORDS: ReadonlySet<string> = new Set(["true", "yes", "y", "1", "on"]);
const FALSE_WORDS: ReadonlySet<string> = new Set(["false", "no", "n", "0", "off"]);

/**
 * The one reading of a boolean, shared by the CSV import (server and wizard) and the grid's
 * boolean cells, so a value imported as true is shown checked and vice versa:
 * - true and false themselves; the numbers 1 and 0;
 * - text, trimmed and in any case: true/false, yes/no, y/n, 1/0, on/off (what spreadsheets
 *   and form exports write; spec section 5 names true/'true'/1/'1' as the minimum);
 * - anything else (null, '', 'maybe', 2, '01', objects) is no boolean: null, so a caller
 *   reports it or shows an empty cell instead of guessing false.
 */
export function parseBoolean(value: unknown): boolean | null {
  if (typeof value === "boolean") return value;
  if (value === 1) return true;
  if (value === 0) return false;
  if (typeof value !== "string") return null;
  const word = value.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return null;
}
