/**
 * How a boolean grid cell reads a stored value (spec section 5 "Grid editing"): true,
 * 'true', 1, '1' are true; false, 'false', 0, '0' are false; anything else (null, 'yes',
 * 'TRUE', 2) is no value, shown as an empty cell rather than guessed.
 */
export function parseBooleanCell(value: unknown): boolean | null {
  if (value === true || value === "true" || value === 1 || value === "1") return true;
  if (value === false || value === "false" || value === 0 || value === "0") return false;
  return null;
}
