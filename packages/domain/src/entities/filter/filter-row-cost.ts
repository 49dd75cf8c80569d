import type { FilterNode } from "./filter-node.ts";
import { regexProgramSize } from "./parse-filter-regex.ts";

/**
 * What evaluating a filter costs per candidate row, in units of about one microsecond of
 * the embedded database on a shared 2-core machine (measured in
 * docs/security/denial-of-service.md). It is an estimate to budget with, not a
 * prediction: the database multiplies it by the rows the filter must look at, and refuses
 * a filter whose product is over its budget (see FILTER_WORK_BUDGET).
 *
 * The weights follow the measurements: a containment or an indexed scalar comparison is
 * about 1 µs a row; a comparison that may look inside arrays (jsonb_array_elements) about
 * 4; a regular expression 5 plus about half a microsecond per automaton instruction
 * (`.{0,20}a.{0,20}b.{0,20}c.{0,20}z` measured 82 µs a row), doubled on fields that may
 * hold arrays, since each element is matched.
 */
export function filterRowCost(node: FilterNode): number {
  switch (node.type) {
    case "and":
    case "or":
    case "nor":
      return node.nodes.reduce((sum, child) => sum + filterRowCost(child), 0);
    case "not":
      return filterRowCost(node.node);
    case "regex": {
      const perValue = 5 + Math.ceil(regexProgramSize(node.regex.root) / 2);
      return mayHoldArray(node) ? perValue * 2 : perValue;
    }
    case "range":
      return mayHoldArray(node) ? 4 : 1;
    case "in":
      return node.values.length > 8 && mayHoldArray(node) ? 4 : 1;
    default:
      return 1;
  }
}

/**
 * What a filter costs once per statement, whatever the rows, in filterRowCost's units:
 * PostgreSQL compiles each regular expression into an automaton first, and with counted
 * repetitions that is the dear part (`.{0,20}a.{0,20}b.{0,20}c`, case-insensitive, took
 * 25 ms to compile and 0.1 ms a row to run; four smaller ones held the embedded database
 * for 150 ms over 94 rows). Counted at 0.4 ms per automaton instruction.
 */
export function filterStatementCost(node: FilterNode): number {
  switch (node.type) {
    case "and":
    case "or":
    case "nor":
      return node.nodes.reduce((sum, child) => sum + filterStatementCost(child), 0);
    case "not":
      return filterStatementCost(node.node);
    case "regex":
      return 400 * regexProgramSize(node.regex.root);
    default:
      return 0;
  }
}

function mayHoldArray(node: Extract<FilterNode, { field: unknown }>): boolean {
  return node.field.kind === "data" && node.field.scalar !== true;
}

/**
 * The part of a filter that narrows rows cheaply: the conditions of a top-level $and (or
 * the single condition) whose own cost is at most `maxCost`. Every row the whole filter
 * matches also matches this part, so counting the rows it matches bounds the rows the
 * costly part is evaluated on. Null when nothing narrows.
 */
export function cheapFilterPart(node: FilterNode, maxCost: number): FilterNode | null {
  const parts = node.type === "and" ? node.nodes : [node];
  const cheap = parts.filter((part) => filterRowCost(part) <= maxCost && !containsRegex(part));
  if (cheap.length === 0) return null;
  return cheap.length === 1 ? cheap[0]! : { type: "and", nodes: cheap };
}

function containsRegex(node: FilterNode): boolean {
  switch (node.type) {
    case "and":
    case "or":
    case "nor":
      return node.nodes.some(containsRegex);
    case "not":
      return containsRegex(node.node);
    default:
      return node.type === "regex";
  }
}
