import { BUILT_IN_ROW_FIELDS, type BuiltInRowField } from "../built-in-row-fields.ts";
import { ENTITY_SCHEMA_LIMITS } from "../entity-schema-limits.ts";
import { IDENTIFIER_PATTERN } from "../identifier-pattern.ts";
import { FILTER_LIMITS } from "./filter-limits.ts";
import type { FieldRef } from "./filter-node.ts";

const BUILT_INS: ReadonlySet<string> = new Set(BUILT_IN_ROW_FIELDS);

/**
 * Reads a field name of the filter language: a built-in column (`id`, `createdAt`,
 * `updatedAt`, `creatorId`) or a dot path of identifiers into the row's data. Only
 * identifiers are accepted — the same rule schema field names follow — so `$where`,
 * `__proto__`, quotes and empty segments never reach the compiler. Returns null when the
 * name is not one; callers choose the message.
 */
export function parseFieldPath(name: string): FieldRef | null {
  if (name.length === 0 || name.length > FILTER_LIMITS.maxFieldLength) return null;
  if (BUILT_INS.has(name)) return { kind: "column", name: name as BuiltInRowField };
  const path = name.split(".");
  if (path.length > FILTER_LIMITS.maxPathSegments) return null;
  for (const segment of path) {
    if (segment.length > ENTITY_SCHEMA_LIMITS.nameMax || !IDENTIFIER_PATTERN.test(segment)) return null;
  }
  // Built-in columns are scalars: `id.x` names nothing.
  if (BUILT_INS.has(path[0]!)) return null;
  return { kind: "data", name, path };
}
