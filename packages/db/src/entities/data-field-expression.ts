import { IDENTIFIER_PATTERN } from "@liftoff/domain";
import { type Expression, type RawBuilder, sql } from "kysely";

/**
 * The jsonb value at a path inside a row's data, SQL NULL when the path is missing —
 * including when a step meets an array or a scalar, which `->` with a text key answers with
 * NULL.
 *
 * Each segment is a bound parameter (`data -> $1 -> $2`), never spliced into SQL — except
 * for a path the entity schema declares (`declared`: the caller marked it scalar from the
 * schema, see markScalarFields), whose segments are schema field names. Those are written as
 * literals (`data -> 'category'::text`), the form of the expression indexes
 * (ensureEntityIndexes): with the name in the text, a statement prepared once gets a generic
 * plan that can still use the index, so Postgres stops planning every list (bench/entities).
 * Schema field names match IDENTIFIER_PATTERN (letters, digits, underscore); a segment that
 * does not is a parameter anyway, so no input text can reach the SQL through this path.
 */
export function dataFieldExpression(
  data: Expression<unknown>,
  path: readonly string[],
  declared = false,
): RawBuilder<unknown> {
  const literal = declared && path.every((segment) => IDENTIFIER_PATTERN.test(segment));
  const steps = path.reduce<RawBuilder<unknown>>(
    (expression, segment) =>
      literal
        ? sql`${expression} -> ${sql.raw(`'${segment}'`)}::text`
        : sql`${expression} -> ${segment}::text`,
    sql`${data}`,
  );
  return sql`(${steps})`;
}
