import { GRID } from "./grid.ts";

/**
 * Whether a text cell edits in the dialog editor instead of inline (spec section 5 "Grid
 * editing"): more than 50 characters, or any line break (an inline input would flatten it).
 */
export function isLongTextCell(text: string): boolean {
  return text.length > GRID.longTextThreshold || /[\r\n]/.test(text);
}
