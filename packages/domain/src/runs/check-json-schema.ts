/**
 * A small JSON schema subset for block validation (result-block.ts: jsonSchema): type
 * (one name or a list), enum, required, properties, items, minItems, maxItems, minLength,
 * maxLength, and the boolean schemas true and false. Every other keyword is ignored, so a
 * schema written for a full validator still checks what this subset knows and never
 * refuses more than it should. Ours rather than a library: domain depends on zod only, and
 * these keywords are what the builder's form offers.
 */
export const JSON_SCHEMA_KEYWORDS = [
  "type",
  "enum",
  "required",
  "properties",
  "items",
  "minItems",
  "maxItems",
  "minLength",
  "maxLength",
] as const;

const MAX_PROBLEMS = 10;

function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

function hasType(value: unknown, type: unknown): boolean {
  const actual = typeOf(value);
  return actual === type || (type === "number" && actual === "integer");
}

/** Equality of JSON values, objects compared key by key whatever their key order. */
function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, index) => jsonEqual(item, b[index]));
  const left = Object.keys(a);
  const right = Object.keys(b);
  return (
    left.length === right.length &&
    left.every((key) => Object.hasOwn(b, key) && jsonEqual((a as never)[key], (b as never)[key]))
  );
}

function isCount(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 0;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

function check(schema: unknown, value: unknown, path: string, problems: string[]): void {
  if (problems.length >= MAX_PROBLEMS) return;
  if (schema === true || schema === undefined) return;
  if (schema === false) {
    problems.push(`${path} is not allowed`);
    return;
  }
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return;
  const rules = schema as Record<string, unknown>;

  if (rules.type !== undefined) {
    const types = Array.isArray(rules.type) ? rules.type : [rules.type];
    if (!types.some((type) => hasType(value, type))) {
      problems.push(`${path} must be ${types.map(String).join(" or ")}, not ${typeOf(value)}`);
      return;
    }
  }
  if (Array.isArray(rules.enum) && !rules.enum.some((option) => jsonEqual(option, value)))
    problems.push(`${path} must be one of ${rules.enum.map((option) => JSON.stringify(option)).join(", ")}`);

  if (typeof value === "string") {
    const length = [...value].length;
    if (isCount(rules.minLength) && length < rules.minLength)
      problems.push(`${path} must be at least ${plural(rules.minLength, "character")} long`);
    if (isCount(rules.maxLength) && length > rules.maxLength)
      problems.push(`${path} must be at most ${plural(rules.maxLength, "character")} long`);
  }

  if (Array.isArray(value)) {
    if (isCount(rules.minItems) && value.length < rules.minItems)
      problems.push(`${path} must have at least ${plural(rules.minItems, "item")}, not ${value.length}`);
    if (isCount(rules.maxItems) && value.length > rules.maxItems)
      problems.push(`${path} must have at most ${plural(rules.maxItems, "item")}, not ${value.length}`);
    if (rules.items !== undefined)
      for (const [index, item] of value.entries()) check(rules.items, item, `${path}[${index}]`, problems);
  }

  if (typeOf(value) === "object") {
    const object = value as Record<string, unknown>;
    if (Array.isArray(rules.required))
      for (const key of rules.required)
        if (typeof key === "string" && !Object.hasOwn(object, key))
          problems.push(`${path} is missing "${key}"`);
    if (typeof rules.properties === "object" && rules.properties !== null)
      for (const [key, property] of Object.entries(rules.properties))
        if (Object.hasOwn(object, key)) check(property, object[key], `${path}.${key}`, problems);
  }
}

/**
 * The ways `value` breaks `schema` (at most 10, each naming where: `$`, `$.name`,
 * `$[2]`), or [] when it satisfies it.
 */
export function checkJsonSchema(schema: unknown, value: unknown): string[] {
  const problems: string[] = [];
  check(schema, value, "$", problems);
  return problems.slice(0, MAX_PROBLEMS);
}
