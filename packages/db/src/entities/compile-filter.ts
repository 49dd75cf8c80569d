import type { FieldRef, FilterNode, FilterScalar, JsonValue, RangeOperator } from "@liftoff/domain";
import { type Expression, type RawBuilder, type SqlBool, sql } from "kysely";
import { dataFieldExpression } from "./data-field-expression.ts";
import { timestampCondition } from "./timestamp-condition.ts";
import { toPostgresRegex } from "./to-postgres-regex.ts";

export type CompileFilterOptions = {
  /** The table or alias of entity_rows in the query, when it needs qualifying. */
  table?: string;
};

type Columns = {
  id: Expression<unknown>;
  createdAt: Expression<unknown>;
  updatedAt: Expression<unknown>;
  creatorId: Expression<unknown>;
  data: Expression<unknown>;
};

const TRUE = sql<SqlBool>`true`;
const FALSE = sql<SqlBool>`false`;
const OPERATORS: Readonly<Record<RangeOperator, RawBuilder<unknown>>> = {
  gt: sql.raw(">"),
  gte: sql.raw(">="),
  lt: sql.raw("<"),
  lte: sql.raw("<="),
};
const JSON_TYPES = { number: sql.raw("'number'"), boolean: sql.raw("'boolean'") } as const;
/** Below every number a row can hold and above every string (see scalarOrdered). */
const NUMBER_FLOOR = sql.raw("'-1e309'::jsonb");
// Up to this many scalars, $in is a chain of containment tests the GIN index can serve;
// beyond it one jsonb list parameter keeps the statement small.
const CONTAINMENT_IN_MAX = 8;
const ELEMENT = sql.ref("filter_element.value");

/**
 * Compiles a parsed filter into a boolean SQL expression over `entity_rows` (`id`, `data`
 * jsonb, `creatorId`, `createdAt`, `updatedAt`), for `.where(compileFilter(node))`. It
 * gives exactly the answers of `matchesFilter` (packages/domain, which documents the
 * semantics); a property test checks that on random rows and filters.
 *
 * Safety: the SQL text depends only on the shape of the tree and on the entity schema.
 * Field names reach it as bound parameters (`data -> $1 -> $2`), as one of the four
 * built-in columns named by a fixed whitelist, or — for paths the schema declares scalar —
 * as the schema's own field names, identifiers written as literals (dataFieldExpression);
 * every value, list and regex pattern is a bound parameter.
 *
 * Every expression is two-valued (never NULL), so NOT and NOR negate exactly. Equality on
 * data fields is jsonb containment (`data @> '{"status":"open"}'`, or `{"tags":["red"]}`
 * for "array contains"), which a GIN index on `data` (jsonb_path_ops) serves; comparisons
 * check the jsonb type first and compare numbers as jsonb numerics, strings as text in the
 * "C" collation (code point order); array elements are reached with jsonb_array_elements.
 *
 * Fields marked scalar (declared string/number/integer/boolean in the schema) compile to
 * plain comparisons of `data -> 'f'` instead: `(data -> 'f') = $1::jsonb`, `in (…)`, and
 * number/boolean ranges as two jsonb bounds that keep the type (scalarOrdered). Those are
 * the shapes an expression index on `(data -> 'field')` serves (see ensureEntityIndexes), so
 * a filtered, sorted page walks an index instead of sorting every match.
 */
export function compileFilter(node: FilterNode, options: CompileFilterOptions = {}): RawBuilder<SqlBool> {
  const ref = (column: string) => sql.ref(options.table ? `${options.table}.${column}` : column);
  const columns: Columns = {
    id: ref("id"),
    createdAt: ref("createdAt"),
    updatedAt: ref("updatedAt"),
    creatorId: ref("creatorId"),
    data: ref("data"),
  };
  return compileNode(node, columns);
}

function compileNode(node: FilterNode, columns: Columns): RawBuilder<SqlBool> {
  switch (node.type) {
    case "and":
      return node.nodes.length === 0
        ? TRUE
        : join(
            node.nodes.map((child) => compileNode(child, columns)),
            "and",
          );
    case "or":
      return node.nodes.length === 0
        ? FALSE
        : join(
            node.nodes.map((child) => compileNode(child, columns)),
            "or",
          );
    case "nor":
      return sql<SqlBool>`(not ${compileNode({ type: "or", nodes: node.nodes }, columns)})`;
    case "not":
      return sql<SqlBool>`(not ${compileNode(node.node, columns)})`;
    default:
      return node.field.kind === "column"
        ? compileColumn(node, node.field.name, columns)
        : compileData(node, node.field.path, columns.data);
  }
}

function join(parts: RawBuilder<SqlBool>[], operator: "and" | "or"): RawBuilder<SqlBool> {
  if (parts.length === 1) return parts[0]!;
  return sql<SqlBool>`(${sql.join(parts, sql.raw(` ${operator} `))})`;
}

type Condition = Exclude<FilterNode, { type: "and" | "or" | "nor" | "not" }>;

// --- data fields ------------------------------------------------------------------------

function compileData(
  node: Condition,
  path: readonly string[],
  data: Expression<unknown>,
): RawBuilder<SqlBool> {
  const scalar = node.field.kind === "data" && node.field.scalar === true;
  const value = dataFieldExpression(data, path, scalar);
  switch (node.type) {
    case "eq":
      return scalar ? scalarEquals(value, [node.value]) : dataEquals(data, path, value, node.value);
    case "in":
      return scalar ? scalarEquals(value, node.values) : dataIn(data, path, value, node.values);
    case "range":
      return scalar
        ? scalarOrdered(value, node.operator, node.value)
        : anyElement(value, (item) => ordered(item, node.operator, node.value));
    case "exists":
      return node.value ? sql<SqlBool>`(${value} is not null)` : sql<SqlBool>`(${value} is null)`;
    case "regex": {
      const pattern = toPostgresRegex(node.regex);
      const test = (item: Expression<unknown>) =>
        sql<SqlBool>`(case when jsonb_typeof(${item}) = 'string' then (${item} #>> '{}') collate "C" ~ ${pattern}::text else false end)`;
      return scalar ? test(value) : anyElement(value, test);
    }
    case "size":
      return sql<SqlBool>`(case when jsonb_typeof(${value}) = 'array' then jsonb_array_length(${value}) = ${node.value}::bigint else false end)`;
    case "all":
      return sql<SqlBool>`(${data} @> ${nested(path, node.values as JsonValue)}::jsonb)`;
  }
}

/** The JSON text of {a: {b: value}} for path [a, b], written by hand so keys stay keys. */
function nested(path: readonly string[], value: JsonValue): string {
  return path.reduceRight((inner, segment) => `{${JSON.stringify(segment)}:${inner}}`, JSON.stringify(value));
}

function dataEquals(
  data: Expression<unknown>,
  path: readonly string[],
  value: RawBuilder<unknown>,
  wanted: JsonValue,
): RawBuilder<SqlBool> {
  if (wanted === null) return sql<SqlBool>`(coalesce(${value}, 'null'::jsonb) = 'null'::jsonb)`;
  if (typeof wanted === "object") {
    // Containment narrows through the index; equality makes it exact.
    return sql<SqlBool>`(${data} @> ${nested(path, wanted)}::jsonb and coalesce(${value} = ${JSON.stringify(wanted)}::jsonb, false))`;
  }
  return sql<SqlBool>`(${data} @> ${nested(path, wanted)}::jsonb or ${data} @> ${nested(path, [wanted])}::jsonb)`;
}

function dataIn(
  data: Expression<unknown>,
  path: readonly string[],
  value: RawBuilder<unknown>,
  values: readonly JsonValue[],
): RawBuilder<SqlBool> {
  const scalars = values.filter((item): item is FilterScalar => item !== null && typeof item !== "object");
  const others = values.filter((item) => item === null || typeof item === "object");
  const parts = others.map((item) => dataEquals(data, path, value, item));
  if (scalars.length <= CONTAINMENT_IN_MAX) {
    parts.push(...scalars.map((item) => dataEquals(data, path, value, item)));
  } else {
    const list = JSON.stringify(scalars);
    parts.push(
      anyElement(
        value,
        (item) =>
          sql<SqlBool>`(case when jsonb_typeof(${item}) in ('string', 'number', 'boolean') then ${list}::jsonb @> jsonb_build_array(${item}) else false end)`,
      ),
    );
  }
  return parts.length === 0 ? FALSE : join(parts, "or");
}

/**
 * Equality with any of the values on a scalar-declared field: `v in (…)` for the scalars
 * (index-served), null as "null or missing", arrays and objects as deep equality.
 */
function scalarEquals(value: RawBuilder<unknown>, values: readonly JsonValue[]): RawBuilder<SqlBool> {
  const parts: RawBuilder<SqlBool>[] = [];
  const scalars = values.filter((item) => item !== null && typeof item !== "object");
  if (scalars.length > 0) {
    const list = sql.join(scalars.map((item) => sql`${JSON.stringify(item)}::jsonb`));
    // "is not null and" rather than coalesce(): two-valued, and still a plain conjunction
    // the planner can match against an index (it cannot see through coalesce).
    parts.push(sql<SqlBool>`(${value} is not null and ${value} in (${list}))`);
  }
  if (values.includes(null)) parts.push(sql<SqlBool>`(coalesce(${value}, 'null'::jsonb) = 'null'::jsonb)`);
  for (const item of values) {
    if (item !== null && typeof item === "object") {
      parts.push(sql<SqlBool>`(${value} is not null and ${value} = ${JSON.stringify(item)}::jsonb)`);
    }
  }
  return parts.length === 0 ? FALSE : join(parts, "or");
}

/**
 * A range on a scalar-declared field. Numbers and booleans compare as jsonb, kept to their
 * type by a second bound rather than by `jsonb_typeof`: jsonb orders types as
 * [] < null < strings < numbers < booleans < arrays < objects, so `v >= 3 and v < false`
 * holds exactly for the numbers from 3 up. Both bounds are plain range conditions on
 * `data -> 'f'`: the expression index serves them and, unlike a function test (which the
 * planner guesses at 0.5 % of the rows), its statistics estimate them, so a filtered page
 * sorted on the field walks the index in order and stops at the page size instead of
 * fetching and sorting every match (bench/entities). The bound below every number is
 * NUMBER_FLOOR: every number stored through the API is a JavaScript double (JSON.stringify
 * writes nothing beyond ±1.8e308), so -1e309 is below all of them and above every string.
 * Strings keep code point order through the text form.
 */
function scalarOrdered(
  value: RawBuilder<unknown>,
  operator: RangeOperator,
  bound: FilterScalar,
): RawBuilder<SqlBool> {
  if (typeof bound === "string") return ordered(value, operator, bound);
  const upward = operator === "gt" || operator === "gte";
  const other =
    typeof bound === "number"
      ? upward
        ? sql<SqlBool>`${value} < 'false'::jsonb`
        : sql<SqlBool>`${value} > ${NUMBER_FLOOR}`
      : upward
        ? sql<SqlBool>`${value} <= 'true'::jsonb`
        : sql<SqlBool>`${value} >= 'false'::jsonb`;
  return sql<SqlBool>`(${value} is not null and ${value} ${OPERATORS[operator]} ${JSON.stringify(bound)}::jsonb and ${other})`;
}

/** A scalar test on the value, or on any element when the value is an array. */
function anyElement(
  value: RawBuilder<unknown>,
  test: (item: Expression<unknown>) => RawBuilder<SqlBool>,
): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${test(value)} or (case when jsonb_typeof(${value}) = 'array' then exists (select 1 from jsonb_array_elements(${value}) as filter_element(value) where ${test(ELEMENT)}) else false end))`;
}

function ordered(
  item: Expression<unknown>,
  operator: RangeOperator,
  bound: FilterScalar,
): RawBuilder<SqlBool> {
  const op = OPERATORS[operator];
  if (typeof bound === "string") {
    return sql<SqlBool>`(case when jsonb_typeof(${item}) = 'string' then (${item} #>> '{}') collate "C" ${op} ${bound}::text else false end)`;
  }
  const type = JSON_TYPES[typeof bound as "number" | "boolean"];
  return sql<SqlBool>`(case when jsonb_typeof(${item}) = ${type} then ${item} ${op} ${JSON.stringify(bound)}::jsonb else false end)`;
}

// --- built-in columns -------------------------------------------------------------------

function compileColumn(
  node: Condition,
  name: Extract<FieldRef, { kind: "column" }>["name"],
  columns: Columns,
): RawBuilder<SqlBool> {
  const column = columns[name];
  if (name === "createdAt" || name === "updatedAt") return compileTimestamp(node, column);
  // id is never null; creatorId may be: a comparison on it is guarded to stay two-valued.
  const guard = (test: RawBuilder<SqlBool>) =>
    name === "creatorId" ? sql<SqlBool>`(${column} is not null and ${test})` : test;
  switch (node.type) {
    case "eq":
    case "in": {
      const values = node.type === "eq" ? [node.value] : node.values;
      const strings = values.filter((item): item is string => typeof item === "string");
      const parts: RawBuilder<SqlBool>[] = [];
      if (strings.length > 0) {
        parts.push(
          guard(sql<SqlBool>`(${column} in (${sql.join(strings.map((item) => sql`${item}::text`))}))`),
        );
      }
      if (name === "creatorId" && values.includes(null)) parts.push(sql<SqlBool>`(${column} is null)`);
      return parts.length === 0 ? FALSE : join(parts, "or");
    }
    case "range":
      if (typeof node.value !== "string") return FALSE;
      return guard(sql<SqlBool>`((${column} collate "C") ${OPERATORS[node.operator]} ${node.value}::text)`);
    case "regex":
      return guard(sql<SqlBool>`((${column} collate "C") ~ ${toPostgresRegex(node.regex)}::text)`);
    case "exists":
      return node.value ? TRUE : FALSE;
    case "size":
    case "all":
      return FALSE;
  }
}

function compileTimestamp(node: Condition, column: Expression<unknown>): RawBuilder<SqlBool> {
  switch (node.type) {
    case "eq":
    case "in": {
      const values = node.type === "eq" ? [node.value] : node.values;
      const parts = values
        .filter((item): item is string => typeof item === "string")
        .map((item) => timestampRange(column, "eq", item));
      return parts.length === 0 ? FALSE : join(parts, "or");
    }
    case "range":
      return typeof node.value === "string" ? timestampRange(column, node.operator, node.value) : FALSE;
    case "regex":
      return sql<SqlBool>`(to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') collate "C" ~ ${toPostgresRegex(node.regex)}::text)`;
    case "exists":
      return node.value ? TRUE : FALSE;
    case "size":
    case "all":
      return FALSE;
  }
}

function timestampRange(
  column: Expression<unknown>,
  operator: "eq" | RangeOperator,
  value: string,
): RawBuilder<SqlBool> {
  const condition = timestampCondition(operator, value);
  if (condition.kind === "all") return TRUE;
  if (condition.kind === "none") return FALSE;
  const parts: RawBuilder<SqlBool>[] = [];
  if (condition.from !== null) parts.push(sql<SqlBool>`(${column} >= ${condition.from}::timestamptz)`);
  if (condition.before !== null) parts.push(sql<SqlBool>`(${column} < ${condition.before}::timestamptz)`);
  return join(parts, "and");
}
