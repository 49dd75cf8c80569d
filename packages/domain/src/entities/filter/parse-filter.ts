import { isAppError } from "../../errors/app-error.ts";
import { filterError } from "./filter-error.ts";
import { FILTER_LIMITS } from "./filter-limits.ts";
import type { FieldRef, FilterNode, FilterScalar, JsonValue, RangeOperator } from "./filter-node.ts";
import { parseFieldPath } from "./parse-field-path.ts";
import { parseFilterRegex } from "./parse-filter-regex.ts";
import { quoteName } from "./quote-name.ts";

const LOGICAL = { $and: "and", $or: "or", $nor: "nor" } as const;
const RANGE: Readonly<Record<string, RangeOperator>> = { $gt: "gt", $gte: "gte", $lt: "lt", $lte: "lte" };
// Unpaired surrogates (and NUL, tested apart): PostgreSQL text and jsonb cannot hold them.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

type Budget = { clauses: number; regexes: number };

/**
 * Reads a filter in the MongoDB-style language the SDKs speak into a FilterNode, or throws
 * AppError BAD_REQUEST with a message that says what to fix (never anything else, whatever
 * the input). The input is untrusted JSON: plain objects, arrays and JSON scalars only.
 *
 *   {status: 'open', 'address.city': 'Oslo', tags: ['a', 'b'], owner: null}
 *   {age: {$gte: 18, $lt: 65}, name: {$regex: '^jo', $options: 'i'}}
 *   {$or: [{priority: {$in: [1, 2]}}, {tags: {$all: ['urgent']}}], done: {$ne: true}}
 *
 * The limits of FILTER_LIMITS apply while reading, so an oversized filter is refused before
 * the work it asks for is done. Semantics: matches-filter.ts.
 */
export function parseFilter(input: unknown): FilterNode {
  try {
    if (!isPlainObject(input)) throw filterError("the filter must be a JSON object");
    return parseDocument(input, 1, { clauses: 0, regexes: 0 });
  } catch (error) {
    if (isAppError(error)) throw error;
    // A getter that throws, a proxy, a stack overflow: still the caller's input, still a 400.
    throw filterError("the filter could not be read");
  }
}

function count(budget: Budget): void {
  budget.clauses++;
  if (budget.clauses > FILTER_LIMITS.maxClauses) {
    throw filterError(`more than ${FILTER_LIMITS.maxClauses} conditions`);
  }
}

function checkDepth(depth: number): void {
  if (depth > FILTER_LIMITS.maxDepth)
    throw filterError(`nested deeper than ${FILTER_LIMITS.maxDepth} levels`);
}

function combine(nodes: FilterNode[]): FilterNode {
  return nodes.length === 1 ? nodes[0]! : { type: "and", nodes };
}

function parseDocument(input: Record<string, unknown>, depth: number, budget: Budget): FilterNode {
  checkDepth(depth);
  const nodes: FilterNode[] = [];
  for (const key of Object.keys(input)) {
    const value = input[key];
    if (key.startsWith("$")) {
      if (!Object.hasOwn(LOGICAL, key)) throw filterError(`unknown operator ${quoteName(key)}`);
      nodes.push(parseLogical(key as keyof typeof LOGICAL, value, depth, budget));
      continue;
    }
    const field = parseFieldPath(key);
    if (!field) throw invalidField(key);
    nodes.push(parseCondition(field, value, depth, budget));
  }
  return combine(nodes);
}

function invalidField(key: string) {
  return filterError(
    `invalid field name ${quoteName(key)}: use letters, digits and underscores, with dots for nested fields`,
  );
}

function parseLogical(
  operator: keyof typeof LOGICAL,
  value: unknown,
  depth: number,
  budget: Budget,
): FilterNode {
  count(budget);
  if (!Array.isArray(value) || value.length === 0) {
    throw filterError(`${operator} must be a non-empty array of filter objects`);
  }
  if (value.length > FILTER_LIMITS.maxClauses)
    throw filterError(`more than ${FILTER_LIMITS.maxClauses} conditions`);
  const nodes = value.map((entry) => {
    if (!isPlainObject(entry)) throw filterError(`${operator} must be a non-empty array of filter objects`);
    return parseDocument(entry, depth + 1, budget);
  });
  return { type: LOGICAL[operator], nodes };
}

// The value of a field key: an operator object, or a value meaning equality ('in' for arrays).
function parseCondition(field: FieldRef, value: unknown, depth: number, budget: Budget): FilterNode {
  if (isPlainObject(value) && Object.keys(value).some((key) => key.startsWith("$"))) {
    return parseOperators(field, value, depth, budget);
  }
  count(budget);
  if (Array.isArray(value)) return { type: "in", field, values: parseList("a list of values", "", value) };
  return { type: "eq", field, value: parseValue(value, 1) };
}

function parseOperators(
  field: FieldRef,
  operators: Record<string, unknown>,
  depth: number,
  budget: Budget,
): FilterNode {
  checkDepth(depth);
  const name = quoteName(field.name);
  const keys = Object.keys(operators);
  if (keys.some((key) => !key.startsWith("$"))) {
    throw filterError(`the value of ${name} mixes operators and fields`);
  }
  const nodes: FilterNode[] = [];
  for (const key of keys) {
    const operand = operators[key];
    if (key === "$options") {
      if (!keys.includes("$regex")) throw filterError(`$options without $regex in ${name}`);
      continue;
    }
    if (key === "$not") {
      if (!isPlainObject(operand) || Object.keys(operand).length === 0) {
        throw filterError(`$not in ${name} must be an object of operators, such as {$gt: 5}`);
      }
      count(budget);
      nodes.push({ type: "not", node: parseOperators(field, operand, depth + 1, budget) });
      continue;
    }
    count(budget);
    if (key === "$regex" && ++budget.regexes > FILTER_LIMITS.maxRegexClauses) {
      throw filterError(`more than ${FILTER_LIMITS.maxRegexClauses} $regex conditions`);
    }
    nodes.push(parseOperator(field, key, operand, operators.$options));
  }
  return combine(nodes);
}

function parseOperator(field: FieldRef, key: string, operand: unknown, options: unknown): FilterNode {
  const name = quoteName(field.name);
  const range = Object.hasOwn(RANGE, key) ? RANGE[key] : undefined;
  if (range) {
    const value = parseValue(operand, 1);
    if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") {
      throw filterError(`${key} in ${name} needs a string, number or boolean`);
    }
    return { type: "range", field, operator: range, value };
  }
  switch (key) {
    case "$eq":
      return { type: "eq", field, value: parseValue(operand, 1) };
    case "$ne":
      return { type: "not", node: { type: "eq", field, value: parseValue(operand, 1) } };
    case "$in":
    case "$nin": {
      const values = parseList(key, name, operand);
      const node: FilterNode = { type: "in", field, values };
      return key === "$in" ? node : { type: "not", node };
    }
    case "$all": {
      const values = parseList(key, name, operand);
      for (const value of values) {
        if (typeof value === "object" && value !== null) {
          throw filterError(`$all in ${name} accepts strings, numbers, booleans and null only`);
        }
      }
      return { type: "all", field, values: values as (FilterScalar | null)[] };
    }
    case "$exists":
      if (typeof operand !== "boolean") throw filterError(`$exists in ${name} needs true or false`);
      return { type: "exists", field, value: operand };
    case "$size":
      if (typeof operand !== "number" || !Number.isSafeInteger(operand) || operand < 0) {
        throw filterError(`$size in ${name} needs a whole number of 0 or more`);
      }
      return { type: "size", field, value: operand };
    case "$regex": {
      if (typeof operand !== "string") throw filterError(`$regex in ${name} needs a string`);
      checkString(operand);
      if (options !== undefined && options !== "" && options !== "i") {
        throw filterError(`$options in ${name} supports only "i" (case-insensitive)`);
      }
      return { type: "regex", field, regex: parseFilterRegex(operand, options === "i") };
    }
    default:
      throw filterError(`unknown operator ${quoteName(key)} in ${name}`);
  }
}

function parseList(operator: string, name: string, operand: unknown): JsonValue[] {
  if (!Array.isArray(operand)) throw filterError(`${operator} in ${name} needs an array`);
  return checkList(operator, operand).map((value) => parseValue(value, 2));
}

function checkList<T>(what: string, list: T[]): T[] {
  if (list.length > FILTER_LIMITS.maxListValues) {
    throw filterError(`${what} accepts at most ${FILTER_LIMITS.maxListValues} values`);
  }
  return list;
}

function checkString(value: string): void {
  if (value.length > FILTER_LIMITS.maxStringLength) {
    throw filterError(`strings are limited to ${FILTER_LIMITS.maxStringLength} characters`);
  }
  if (value.includes("\u0000") || LONE_SURROGATE.test(value)) {
    throw filterError("strings must be valid Unicode without NUL characters");
  }
}

/** A JSON value, checked and copied (own keys only, `__proto__` kept as a plain key). */
function parseValue(value: unknown, depth: number): JsonValue {
  if (depth > FILTER_LIMITS.maxDepth)
    throw filterError(`nested deeper than ${FILTER_LIMITS.maxDepth} levels`);
  if (value === null || typeof value === "boolean") return value;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw filterError("numbers must be finite");
    // -0 is 0 in JSON and in PostgreSQL.
    return value === 0 ? 0 : value;
  }
  if (typeof value === "string") {
    checkString(value);
    return value;
  }
  if (Array.isArray(value)) {
    return checkList("an array value", value).map((item) => parseValue(item, depth + 1));
  }
  if (isPlainObject(value)) {
    const keys = Object.keys(value);
    checkList("an object value", keys);
    return Object.fromEntries(
      keys.map((key) => {
        checkString(key);
        return [key, parseValue(value[key], depth + 1)];
      }),
    );
  }
  throw filterError("values must be strings, numbers, booleans, null, arrays or objects");
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
