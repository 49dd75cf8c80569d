import type { SortKey } from "@liftoff/domain";
import { type RawBuilder, sql } from "kysely";
import { dataFieldExpression } from "./data-field-expression.ts";

/**
 * Compiles parsed sort keys (parseSort) into one ORDER BY list for `.orderBy(compileSort(keys))`.
 * Built-in fields sort by their column, so `createdAt desc` can walk an index; data fields
 * by their jsonb value (`data -> $1`, or `data -> 'f'` for a key markScalarSortKeys marked
 * from the schema, so it matches an expression index), whose order is jsonb's: within a type numbers
 * numerically, strings by the database collation, false before true; across types
 * null < strings < numbers < booleans < arrays < objects. Missing sorts with null: first
 * ascending, last descending. `id` ends the list (same direction as the first key) so equal
 * keys still page in a stable order.
 */
export function compileSort(keys: readonly SortKey[], options: { table?: string } = {}): RawBuilder<unknown> {
  const ref = (column: string) => sql.ref(options.table ? `${options.table}.${column}` : column);
  const items = keys.map(({ field, direction }) => {
    const order = sql.raw(direction === "desc" ? "desc" : "asc");
    if (field.kind === "column") {
      // creatorId alone can be null; it then sorts like a missing data field.
      const nulls =
        field.name === "creatorId" ? sql.raw(direction === "desc" ? " nulls last" : " nulls first") : sql``;
      return sql`${ref(field.name)} ${order}${nulls}`;
    }
    const nulls = sql.raw(direction === "desc" ? "nulls last" : "nulls first");
    return sql`${dataFieldExpression(ref("data"), field.path, field.scalar === true)} ${order} ${nulls}`;
  });
  if (!keys.some(({ field }) => field.kind === "column" && field.name === "id")) {
    items.push(sql`${ref("id")} ${sql.raw(keys[0]?.direction === "asc" ? "asc" : "desc")}`);
  }
  return sql.join(items);
}
