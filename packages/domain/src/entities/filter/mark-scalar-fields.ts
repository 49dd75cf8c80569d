import type { EntitySchema, FieldSchema } from "../entity-schema.ts";
import { ENTITY_SCHEMA_LIMITS } from "../entity-schema-limits.ts";
import type { FieldRef, FilterNode, SortKey } from "./filter-node.ts";

const SCALAR_TYPES: ReadonlySet<string> = new Set(["string", "number", "integer", "boolean"]);

/**
 * The dot paths of the fields a schema declares scalar (string, number, integer, boolean,
 * enum of strings), through nested objects but not through arrays.
 */
export function scalarPathsOf(schema: Pick<EntitySchema, "properties">): ReadonlySet<string> {
  const paths = new Set<string>();
  // Bounded by the nesting limit: this also runs on raw, unvalidated input during parsing.
  const walk = (properties: Record<string, FieldSchema>, prefix: string, level: number) => {
    if (level > ENTITY_SCHEMA_LIMITS.nestingMax || typeof properties !== "object" || properties === null)
      return;
    for (const [name, field] of Object.entries(properties)) {
      const path = prefix ? `${prefix}.${name}` : name;
      if (SCALAR_TYPES.has(field?.type)) paths.add(path);
      else if (field?.type === "object" && field.properties) walk(field.properties, path, level + 1);
    }
  };
  walk(schema.properties, "", 1);
  return paths;
}

function mark(field: FieldRef, scalarPaths: ReadonlySet<string>): FieldRef {
  return field.kind === "data" && scalarPaths.has(field.name) ? { ...field, scalar: true } : field;
}

/**
 * Marks the data fields of a parsed filter that the schema declares scalar, so that both
 * evaluators (matchesFilter in memory, compileFilter in SQL) compare them as plain values.
 */
export function markScalarFields(node: FilterNode, scalarPaths: ReadonlySet<string>): FilterNode {
  switch (node.type) {
    case "and":
    case "or":
    case "nor":
      return { ...node, nodes: node.nodes.map((child) => markScalarFields(child, scalarPaths)) };
    case "not":
      return { ...node, node: markScalarFields(node.node, scalarPaths) };
    default:
      return { ...node, field: mark(node.field, scalarPaths) };
  }
}

/** markScalarFields for parsed sort keys (parseSort): the same marking, for the same reason. */
export function markScalarSortKeys(keys: readonly SortKey[], scalarPaths: ReadonlySet<string>): SortKey[] {
  return keys.map((key) => ({ ...key, field: mark(key.field, scalarPaths) }));
}
