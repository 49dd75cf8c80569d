import { createHash } from "node:crypto";
import type pg from "pg";

// SQL text → statement name, for the texts marked with prepared().
const names = new Map<string, string>();

/**
 * Marks a constant SQL text (a module-level constant of a hot path: a row by id, a schema)
 * to run as a named prepared statement on PostgreSQL: each pooled connection parses and
 * plans it once and afterwards only binds and executes it, which more than halves the
 * server's CPU per statement on short lookups (bench/entities). Returns the text, to be
 * run as usual (`db.executeQuery(CompiledQuery.raw(text, parameters))`); PGlite runs it
 * unnamed. Only for a fixed set of texts: a connection keeps every statement it prepared.
 * (Behind PgBouncer in transaction mode this needs `max_prepared_statements` > 0.)
 */
export function prepared(text: string): string {
  if (!names.has(text)) {
    names.set(text, `liftoff_${createHash("sha256").update(text).digest("hex").slice(0, 24)}`);
  }
  return text;
}

type Query = (config: unknown, values?: unknown, callback?: unknown) => unknown;

/**
 * Makes the pool's connections run the texts marked with prepared() as named statements:
 * Kysely calls `client.query(text, parameters)`, and for a marked text that becomes
 * `client.query({name, text, values})`, which pg prepares once per connection.
 */
export function prepareMarkedStatements(pool: pg.Pool): void {
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as Query;
    (client as unknown as { query: Query }).query = (config, values, callback) => {
      const name = typeof config === "string" ? names.get(config) : undefined;
      if (name === undefined || typeof values === "function") return query(config, values, callback);
      return query({ name, text: config, values }, callback);
    };
  });
}
