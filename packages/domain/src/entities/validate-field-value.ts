import { isValidEmail } from "../auth/email.ts";
import type { FieldSchema } from "./entity-schema.ts";
import { isIsoDate } from "./is-iso-date.ts";
import { parseIsoDateTime } from "./parse-iso-date-time.ts";

/** One problem with one field; `field` is a dot path ('address.city', 'tags.2'). */
export type FieldError = { field: string; message: string };

export type FieldValueResult = { ok: true; value: unknown } | { ok: false; errors: FieldError[] };

export type ValidateFieldValueOptions = {
  /**
   * For the top level of an update only: fields left out are kept as stored, so they are
   * neither required nor defaulted. A nested object is always written whole, so below the
   * top level its required fields and defaults always apply.
   */
  partial?: boolean;
};

const ENUM_LIST_MAX = 10;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function fail(field: string, message: string): FieldValueResult {
  return { ok: false, errors: [{ field, message }] };
}

function enumMessage(path: string, options: readonly string[]): string {
  const shown = options.slice(0, ENUM_LIST_MAX).join(", ");
  return `${path} must be one of: ${shown}${options.length > ENUM_LIST_MAX ? ", …" : ""}`;
}

function isUri(text: string): boolean {
  if (/\s/.test(text)) return false;
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}

function checkString(field: FieldSchema, value: string, path: string): FieldValueResult {
  if (field.enum && !field.enum.includes(value)) return fail(path, enumMessage(path, field.enum));
  // Code points, as JSON Schema counts them: an emoji is one character, not two.
  if (field.maxLength !== undefined && [...value].length > field.maxLength)
    return fail(path, `${path} can be at most ${field.maxLength} characters`);
  switch (field.format) {
    case "date-time": {
      const date = parseIsoDateTime(value);
      if (!date) return fail(path, `${path} must be an ISO 8601 date and time, like 2024-01-31T09:30:00Z`);
      // Stored in one shape (UTC, milliseconds) so that text order is time order for sorting.
      return { ok: true, value: date.toISOString() };
    }
    case "date":
      if (!isIsoDate(value)) return fail(path, `${path} must be a date written YYYY-MM-DD`);
      break;
    case "email":
      if (value.trim() !== value || !isValidEmail(value))
        return fail(path, `${path} must be a valid email address`);
      break;
    case "uri":
      if (!isUri(value)) return fail(path, `${path} must be a valid URL`);
      break;
  }
  return { ok: true, value };
}

function checkNumber(field: FieldSchema, value: unknown, path: string): FieldValueResult {
  if (typeof value !== "number" || !Number.isFinite(value)) return fail(path, `${path} must be a number`);
  if (field.type === "integer" && !Number.isInteger(value)) return fail(path, `${path} must be an integer`);
  if (field.minimum !== undefined && value < field.minimum)
    return fail(path, `${path} must be at least ${field.minimum}`);
  if (field.maximum !== undefined && value > field.maximum)
    return fail(path, `${path} must be at most ${field.maximum}`);
  return { ok: true, value };
}

function checkArray(field: FieldSchema, value: unknown, path: string): FieldValueResult {
  if (!Array.isArray(value)) return fail(path, `${path} must be a list`);
  const items = field.items;
  if (!items) return { ok: true, value };
  const out: unknown[] = [];
  for (let index = 0; index < value.length; index++) {
    // Only the first bad item is reported: a 10,000-item list must not give 10,000 errors.
    const item = validateFieldValue(items, value[index], `${path}.${index}`);
    if (!item.ok) return item;
    out.push(item.value);
  }
  return { ok: true, value: out };
}

function checkObject(
  field: FieldSchema,
  value: unknown,
  path: string,
  options: ValidateFieldValueOptions,
): FieldValueResult {
  if (!isPlainObject(value))
    return fail(path, path === "" ? "A row must be a JSON object" : `${path} must be an object`);
  const properties = field.properties;
  // An object without declared properties is free-form JSON and kept as given.
  if (!properties) return { ok: true, value };
  const required = new Set(field.required ?? []);
  const out: Record<string, unknown> = {};
  const errors: FieldError[] = [];
  for (const [name, child] of Object.entries(properties)) {
    const childPath = path === "" ? name : `${path}.${name}`;
    // hasOwn, never `value[name]`: a field called `constructor` must not read Object's.
    const given = Object.hasOwn(value, name) && value[name] !== undefined;
    if (!given) {
      if (options.partial) continue;
      if (child.default !== undefined) {
        const defaulted = validateFieldValue(child, structuredClone(child.default), childPath);
        if (defaulted.ok) out[name] = defaulted.value;
        else errors.push(...defaulted.errors);
      } else if (required.has(name)) {
        errors.push({ field: childPath, message: `${childPath} is required` });
      }
      continue;
    }
    const input = value[name];
    // null clears a field; only a required field refuses it.
    if (input === null) {
      if (required.has(name)) errors.push({ field: childPath, message: `${childPath} is required` });
      else out[name] = null;
      continue;
    }
    const result = validateFieldValue(child, input, childPath);
    if (result.ok) out[name] = result.value;
    else errors.push(...result.errors);
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: out };
}

/**
 * Checks one value against its field schema and returns the value to store: undeclared
 * keys of objects dropped, defaults filled in, date-times normalised to UTC ISO text.
 * `path` names the value in messages ('price must be a number'); the empty path is the
 * row itself. Pure: the input is never modified.
 */
export function validateFieldValue(
  field: FieldSchema,
  value: unknown,
  path: string,
  options: ValidateFieldValueOptions = {},
): FieldValueResult {
  switch (field.type) {
    case "string":
      return typeof value === "string"
        ? checkString(field, value, path)
        : fail(path, `${path} must be a string`);
    case "number":
    case "integer":
      return checkNumber(field, value, path);
    case "boolean":
      return typeof value === "boolean" ? { ok: true, value } : fail(path, `${path} must be true or false`);
    case "array":
      return checkArray(field, value, path);
    case "object":
      return checkObject(field, value, path, options);
  }
}
