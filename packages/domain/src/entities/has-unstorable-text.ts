/**
 * NUL and unpaired UTF-16 surrogates are valid in JSON text but cannot be stored in a
 * Postgres jsonb value. Found anywhere in a value (strings, object keys, nested lists),
 * they must be refused as bad input before they reach the database.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly the character to find
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether one string holds a NUL or an unpaired UTF-16 surrogate. */
export function isUnstorableString(text: string): boolean {
  return UNSTORABLE.test(text);
}

export function hasUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return UNSTORABLE.test(value);
  if (depth > 64 || value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some((item) => hasUnstorableText(item, depth + 1));
  return Object.entries(value).some(
    ([key, item]) => UNSTORABLE.test(key) || hasUnstorableText(item, depth + 1),
  );
}
