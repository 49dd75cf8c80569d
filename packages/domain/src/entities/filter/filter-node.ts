import type { BuiltInRowField } from "../built-in-row-fields.ts";

/** A JSON value as it appears in a filter or in a row's data. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A value the ordering operators ($gt, $gte, $lt, $lte) accept. */
export type FilterScalar = string | number | boolean;

/**
 * Where a filtered field lives: one of the four built-in columns (a fixed whitelist), or a
 * path into the row's `data` (`address.city` → ["address", "city"]). `scalar` marks a data
 * field the entity schema declares as a string, number, integer or boolean (see
 * markScalarFields): conditions on it test the stored value itself, never array elements,
 * which lets them compile to comparisons an expression index can serve.
 */
export type FieldRef =
  | { kind: "column"; name: BuiltInRowField }
  | { kind: "data"; name: string; path: readonly string[]; scalar?: boolean };

export type RangeOperator = "gt" | "gte" | "lt" | "lte";

/**
 * The parsed filter. Every node is two-valued (true or false for every row, never
 * "unknown"), which is what lets `not`, $ne, $nin and $nor mean plain negation on both the
 * SQL side and in memory. See matches-filter.ts for the meaning of each node.
 */
export type FilterNode =
  | { type: "and"; nodes: readonly FilterNode[] }
  | { type: "or"; nodes: readonly FilterNode[] }
  | { type: "nor"; nodes: readonly FilterNode[] }
  | { type: "not"; node: FilterNode }
  | { type: "eq"; field: FieldRef; value: JsonValue }
  | { type: "in"; field: FieldRef; values: readonly JsonValue[] }
  | { type: "range"; field: FieldRef; operator: RangeOperator; value: FilterScalar }
  | { type: "exists"; field: FieldRef; value: boolean }
  | { type: "regex"; field: FieldRef; regex: FilterRegex }
  | { type: "size"; field: FieldRef; value: number }
  | { type: "all"; field: FieldRef; values: readonly (FilterScalar | null)[] };

/** An inclusive range of Unicode code points. */
export type CodePointRange = readonly [number, number];

/**
 * A $regex after parsing: a small regular-expression tree whose character sets are already
 * explicit code point ranges (case folding for $options 'i' applied). The in-memory matcher
 * and the PostgreSQL pattern are both generated from this tree, so they agree by
 * construction instead of by the two engines happening to agree.
 */
export type FilterRegexNode =
  | { type: "set"; ranges: readonly CodePointRange[]; negated: boolean }
  | { type: "any" }
  | { type: "start" }
  | { type: "end" }
  | { type: "sequence"; items: readonly FilterRegexNode[] }
  | { type: "alternation"; options: readonly FilterRegexNode[] }
  | { type: "repeat"; node: FilterRegexNode; min: number; max: number | null };

export type FilterRegex = { source: string; caseInsensitive: boolean; root: FilterRegexNode };

/** A row as the evaluator sees it: the four built-in columns and the data object. */
export type FilterRow = {
  id: string;
  createdAt: Date | string;
  updatedAt: Date | string;
  creatorId: string | null;
  data: Record<string, unknown>;
};

export type SortDirection = "asc" | "desc";

export type SortKey = { field: FieldRef; direction: SortDirection };
