import { createHash } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { Database } from "../schema.ts";

/** The name of the expression index over these field paths (shared by every app that declares it). */
export function entityIndexName(fields: readonly string[]): string {
  return `entity_rows_by_${createHash("sha256").update(fields.join(",")).digest("hex").slice(0, 16)}`;
}

function quoteLiteral(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** `(data -> 'a'::text -> 'b'::text)`: the expression compileFilter and compileSort produce. */
function fieldExpression(path: string): string {
  return `(${path
    .split(".")
    .reduce((expression, segment) => `${expression} -> ${quoteLiteral(segment)}::text`, `"data"`)})`;
}

/**
 * Creates the expression indexes an entity schema declares, if missing. One index per
 * distinct list of field paths, over the rows of every app and entity:
 * ("appId", "entity", (data -> 'f1') nulls first, …, "id"). Keyed by app and entity first,
 * so each app reads only its own slice; shared across apps, so the number of indexes grows
 * with distinct field lists rather than with tenants. The expressions are the ones the
 * filter and sort compilers emit for scalar fields, so `f1 = x` with a sort on f2 (either
 * direction: `nulls first` ascending read backwards is the API's descending order) walks
 * the index and stops at the page size.
 *
 * Built CONCURRENTLY when not inside a transaction, so writes to entity_rows go on while a
 * large index builds. Field paths are schema field names (identifiers), quoted as literals.
 */
export async function ensureEntityIndexes(
  db: Kysely<Database>,
  indexes: readonly (readonly string[])[],
): Promise<void> {
  for (const fields of indexes) {
    const name = entityIndexName(fields);
    const columns = fields.map((field) => `${fieldExpression(field)} nulls first`).join(", ");
    const concurrently = db.isTransaction ? "" : "concurrently ";
    const statement = `create index ${concurrently}if not exists "${name}" on "entity_rows" ("appId", "entity", ${columns}, "id")`;
    try {
      await sql.raw(statement).execute(db);
    } catch (error) {
      // A failed concurrent build leaves an invalid index behind that "if not exists" would
      // keep forever; drop it so the next save builds it again.
      if (concurrently)
        await sql
          .raw(`drop index if exists "${name}"`)
          .execute(db)
          .catch(() => undefined);
      throw error;
    }
  }
}
