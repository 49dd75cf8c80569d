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

// Texts compiled at run time and marked with preparedCompiled(): lists, whose text depends
// on a schema's field names and the filter's shape. Insertion order is recency (see below).
const compiledTexts = new Set<string>();
/** How many compiled texts are recognised at once, process-wide (least recently marked out). */
export const COMPILED_TEXTS_MAX = 2000;
/** How many compiled texts one connection keeps prepared (least recently used deallocated). */
export const COMPILED_PER_CONNECTION_MAX = 100;

/**
 * Marks a statement text compiled at run time (an entity list: the schema's field names are
 * in the text, see dataFieldExpression) to run as a named prepared statement on
 * PostgreSQL. Unlike prepared(), the set of such texts is open-ended, so it is bounded
 * twice: each connection keeps at most COMPILED_PER_CONNECTION_MAX of them and deallocates
 * the least recently used, and the process recognises the COMPILED_TEXTS_MAX most recently
 * marked. Postgres plans the first executions one by one and then keeps a generic plan when
 * it costs no more than those did (plan_cache_mode auto), which for an entity list means
 * walking the same expression index without planning again. Returns the text.
 */
export function preparedCompiled(text: string): string {
  compiledTexts.delete(text);
  compiledTexts.add(text);
  if (compiledTexts.size > COMPILED_TEXTS_MAX) {
    compiledTexts.delete(compiledTexts.values().next().value as string);
  }
  return text;
}

type Query = (config: unknown, values?: unknown, callback?: unknown) => unknown;
type Internals = { connection?: { parsedStatements?: Record<string, unknown> } };

let counter = 0;

/**
 * Makes the pool's connections run the texts marked with prepared() or preparedCompiled()
 * as named statements (see prepareMarkedOn).
 */
export function prepareMarkedStatements(pool: pg.Pool): void {
  pool.on("connect", (client) => prepareMarkedOn(client));
}

/**
 * Makes one connection run the texts marked with prepared() or preparedCompiled() as named
 * statements: Kysely calls `client.query(text, parameters)`, and for a marked text that
 * becomes `client.query({name, text, values})`, which pg prepares once per connection.
 */
export function prepareMarkedOn(client: pg.Client): void {
  const query = client.query.bind(client) as Query;
  // This connection's compiled statements: text → name, least recently used first.
  const compiled = new Map<string, string>();
  const compiledName = (text: string): string => {
    const known = compiled.get(text);
    if (known !== undefined) {
      compiled.delete(text);
      compiled.set(text, known);
      return known;
    }
    if (compiled.size >= COMPILED_PER_CONNECTION_MAX) {
      const [oldText, oldName] = compiled.entries().next().value as [string, string];
      compiled.delete(oldText);
      // Queued behind everything sent before it (also on a pipelined connection); pg's
      // record of parsed names is updated when it completes, before the connection runs
      // anything sent after it. Names are never reused, so nothing can still expect the old one.
      query(`deallocate "${oldName}"`, () => {
        delete (client as unknown as Internals).connection?.parsedStatements?.[oldName];
      });
    }
    counter += 1;
    const name = `liftoff_c${counter}`;
    compiled.set(text, name);
    return name;
  };
  (client as unknown as { query: Query }).query = (config, values, callback) => {
    if (typeof config !== "string" || typeof values === "function") return query(config, values, callback);
    const name = names.get(config) ?? (compiledTexts.has(config) ? compiledName(config) : undefined);
    if (name === undefined) return query(config, values, callback);
    return query({ name, text: config, values }, callback);
  };
}
