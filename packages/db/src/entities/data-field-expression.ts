import { type Expression, type RawBuilder, sql } from "kysely";

/**
 * The jsonb value at a path inside a row's data: `data -> $1 -> $2`, one bound parameter per
 * segment, never the name spliced into SQL. SQL NULL when the path is missing — including
 * when a step meets an array or a scalar, which `->` with a text key answers with NULL.
 */
export function dataFieldExpression(data: Expression<unknown>, path: readonly string[]): RawBuilder<unknown> {
  const steps = path.reduce<RawBuilder<unknown>>(
    (expression, segment) => sql`${expression} -> ${segment}::text`,
    sql`${data}`,
  );
  return sql`(${steps})`;
}
