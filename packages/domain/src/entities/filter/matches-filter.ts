import { compareCodePoints } from "./compare-code-points.ts";
import type {
  FieldRef,
  FilterNode,
  FilterRow,
  FilterScalar,
  JsonValue,
  RangeOperator,
} from "./filter-node.ts";
import { matchesFilterRegex } from "./matches-filter-regex.ts";

const MISSING = Symbol("missing");
type Resolved = unknown | typeof MISSING;

/**
 * Evaluates a parsed filter against one row in memory — for realtime events and for tests.
 * It is the specification of the filter language; `compileFilter` (packages/db) turns the
 * same tree into SQL with exactly these answers, and a property test holds them together.
 *
 * The row is seen as one JSON document: its `data`, plus the built-in fields, which shadow
 * data keys of the same name: `id` (a string), `creatorId` (a string or null) and
 * `createdAt` / `updatedAt` (strings in the canonical ISO form of `toISOString()`,
 * '2024-05-01T12:00:00.000Z', so they compare like any date-time string).
 *
 * Fields. A dot path walks nested objects only: `address.city` is missing when `address`
 * is an array (there is no implicit traversal of arrays of objects) or not an object.
 * Missing and null are different values, except where noted.
 *
 * Types. Values of different JSON types are never equal and never ordered against each
 * other: {age: {$gt: 5}} does not match age "7". Numbers compare numerically, strings by
 * Unicode code point (case-sensitive, no locale), booleans false < true. A date-time is a
 * string: written in the same format it compares chronologically.
 *
 * Operators, for a field whose value is v:
 * - {f: null}, $eq null: v is null or missing.
 * - {f: x}, $eq x for a string, number or boolean x: v equals x, or v is an array with an
 *   element equal to x ("tags contains 'red'", as in MongoDB).
 * - $eq x for an array or object x: v is deeply equal to x (array order matters, object key
 *   order does not). A plain array, {f: [a, b]}, means $in instead.
 * - $in [..]: any of the values matches as $eq would. An empty list matches nothing.
 * - $ne x, $nin [..]: the exact negation of $eq / $in, so they also match missing fields
 *   ({tags: {$ne: 'red'}}: no element is 'red').
 * - $gt $gte $lt $lte x (a string, number or boolean): v, or an element of array v, has x's
 *   type and compares accordingly.
 * - A field the schema declares scalar (FieldRef.scalar, set by markScalarFields) is never
 *   searched element by element: {f: x}, $in, ranges and $regex test v itself, so a stored
 *   array (written before the field's type changed) matches none of them.
 * - $regex: v, or an element of array v, is a string containing a match (see
 *   parse-filter-regex.ts). Built-in fields match as their string form.
 * - $exists true / false: v is present (null counts as present) / missing. The built-in
 *   fields are always present; creatorId may be null.
 * - $size n: v is an array of exactly n elements.
 * - $all [..]: v is an array and, for each listed value (string, number, boolean or
 *   null), has an element equal to it. An empty list matches any array.
 * - $not {ops}: the negation of the operators together; $and, $or, $nor: as named, any
 *   level; several fields or operators in one object: all must hold.
 */
export function matchesFilter(row: FilterRow, node: FilterNode): boolean {
  switch (node.type) {
    case "and":
      return node.nodes.every((child) => matchesFilter(row, child));
    case "or":
      return node.nodes.some((child) => matchesFilter(row, child));
    case "nor":
      return !node.nodes.some((child) => matchesFilter(row, child));
    case "not":
      return !matchesFilter(row, node.node);
    case "eq":
      return equals(resolve(row, node.field), node.value, isScalar(node.field));
    case "in": {
      const value = resolve(row, node.field);
      return node.values.some((candidate) => equals(value, candidate, isScalar(node.field)));
    }
    case "range": {
      const { operator, value: bound } = node;
      return anyOf(
        resolve(row, node.field),
        (value) => inRange(value, operator, bound),
        isScalar(node.field),
      );
    }
    case "exists":
      return (resolve(row, node.field) !== MISSING) === node.value;
    case "regex":
      return anyOf(
        resolve(row, node.field),
        (value) => typeof value === "string" && matchesFilterRegex(node.regex, value),
        isScalar(node.field),
      );
    case "size": {
      const value = resolve(row, node.field);
      return Array.isArray(value) && value.length === node.value;
    }
    case "all": {
      const value = resolve(row, node.field);
      return (
        Array.isArray(value) &&
        node.values.every((wanted) => value.some((element) => sameScalar(element, wanted)))
      );
    }
  }
}

function resolve(row: FilterRow, field: FieldRef): Resolved {
  if (field.kind === "column") {
    switch (field.name) {
      case "id":
        return row.id;
      case "creatorId":
        return row.creatorId ?? null;
      case "createdAt":
        return isoTimestamp(row.createdAt);
      case "updatedAt":
        return isoTimestamp(row.updatedAt);
    }
  }
  let current: unknown = row.data;
  for (const segment of field.path) {
    if (!isObject(current) || !Object.hasOwn(current, segment)) return MISSING;
    current = (current as Record<string, unknown>)[segment];
    // A key holding undefined is what JSON would not have stored: missing.
    if (current === undefined) return MISSING;
  }
  return current;
}

function isoTimestamp(value: Date | string): string {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : date.toISOString();
}

function isObject(value: unknown): value is object {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isScalar(field: FieldRef): boolean {
  return field.kind === "data" && field.scalar === true;
}

function equals(value: Resolved, wanted: JsonValue, scalar: boolean): boolean {
  if (wanted === null) return value === MISSING || value === null;
  if (typeof wanted === "object") return value !== MISSING && deepEqual(value, wanted);
  return anyOf(value, (candidate) => sameScalar(candidate, wanted), scalar);
}

/** The test on the value, or (unless the field is declared scalar) on any element of it. */
function anyOf(value: Resolved, test: (value: unknown) => boolean, scalar: boolean): boolean {
  if (value === MISSING) return false;
  return test(value) || (!scalar && Array.isArray(value) && value.some(test));
}

function sameScalar(value: unknown, wanted: FilterScalar | null): boolean {
  return value === wanted;
}

function inRange(value: unknown, operator: RangeOperator, bound: FilterScalar): boolean {
  if (typeof value !== typeof bound) return false;
  const order =
    typeof bound === "string"
      ? compareCodePoints(value as string, bound)
      : Number(value) < Number(bound)
        ? -1
        : Number(value) > Number(bound)
          ? 1
          : 0;
  switch (operator) {
    case "gt":
      return order > 0;
    case "gte":
      return order >= 0;
    case "lt":
      return order < 0;
    case "lte":
      return order <= 0;
  }
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((item, index) => deepEqual(item, b[index]));
  }
  if (!isObject(a) || !isObject(b) || Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every(
    (key) =>
      Object.hasOwn(b, key) &&
      deepEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}
