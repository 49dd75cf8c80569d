/**
 * True for `{…}` literals and `Object.create(null)` objects: the only shapes a record, a
 * filter or named parameters may take. Arrays, Dates, Files and class instances are not.
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
