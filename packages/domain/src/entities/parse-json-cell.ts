export type JsonCellResult = { ok: true; value: unknown } | { ok: false; message: string };

/**
 * Reads the text of a JSON cell's editor (spec section 5 "Grid editing"): empty (or only
 * whitespace) saves null; invalid JSON gives 'Invalid JSON: {parser message}', the
 * message being the JSON parser's own, so it differs a little between browsers.
 */
export function parseJsonCell(text: string): JsonCellResult {
  if (text.trim() === "") return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, message: `Invalid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
}
