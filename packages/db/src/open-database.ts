import { mkdirSync } from "node:fs";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import {
  COSTLY_CONNECTIONS,
  COSTLY_QUEUE_TIMEOUT_MS,
  COSTLY_STATEMENT_TIMEOUT_MS,
  isCostlyStatement,
} from "./costly-statement.ts";
import { PGliteDialect } from "./pglite-dialect.ts";
import { PGliteWorker } from "./pglite-worker.ts";
import { pipelinedPool } from "./pipelined-pool.ts";
import { prepareMarkedOn, prepareMarkedStatements } from "./prepared-statements.ts";
import type { Database } from "./schema.ts";
import { StatementPipeline } from "./statement-pipeline.ts";

export type DatabaseKind = "pglite" | "postgres";

/** The longest a single statement may run (imports run in batches well under it). */
export const STATEMENT_TIMEOUT_MS = 15_000;

export type DatabaseHandle = {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** The server's connection string (postgres only), for LISTEN/NOTIFY connections. */
  url?: string;
  close(): Promise<void>;
};

export type OpenDatabaseOptions = {
  /** A PostgreSQL connection string; when absent the embedded PGlite is used. */
  url?: string | undefined;
  /** PGlite data directory; absent means an in-memory database (tests). */
  dataDir?: string | undefined;
  /** Errors of idle pooled connections (a server restart); without a listener they crash the process. */
  onPoolError?: ((error: Error) => void) | undefined;
  /** Pipelined connections for statements outside transactions (see StatementPipeline); default 2, 0 for none. */
  pipelines?: number | undefined;
};

/** Pipelined connections by default: one Node process keeps two backends busy (bench/entities). */
export const DEFAULT_PIPELINES = 2;

/** The time limit of a statement: the same on PGlite as on PostgreSQL's pools. */
export function statementTimeout(text: string): number {
  return isCostlyStatement(text) ? COSTLY_STATEMENT_TIMEOUT_MS : STATEMENT_TIMEOUT_MS;
}

/** One entry point for both drivers, so everything above it runs the same SQL on both. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    // A runaway query (a regex scan over a huge entity) is stopped instead of holding a
    // connection; the error handler turns the cancellation into a clear 503.
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      statement_timeout: STATEMENT_TIMEOUT_MS,
    });
    // Hot constant statements (prepared()) are parsed and planned once per connection.
    prepareMarkedStatements(pool);
    // pg emits idle-connection failures on the pool; unheard, they are uncaught exceptions.
    const onError =
      options.onPoolError ??
      ((error: Error) => process.stderr.write(`postgres pool error: ${error.message}\n`));
    pool.on("error", onError);
    // Fail fast with a clear message instead of on the first request.
    const client = await pool.connect().catch((error: unknown) => {
      throw new Error(`Cannot connect to PostgreSQL at DATABASE_URL: ${String(error)}`, { cause: error });
    });
    // Records are printed as UTC wall-clock text in ISO form (entity reads join their JSON
    // from it); other DateStyles print day and month in another order.
    const style = await client.query<{ style: string }>("select current_setting('DateStyle') as style").then(
      (result) => result.rows[0]?.style ?? "",
      (error: unknown) => {
        client.release();
        throw error;
      },
    );
    client.release();
    if (!style.toUpperCase().startsWith("ISO")) {
      await pool.end();
      throw new Error(
        `PostgreSQL's DateStyle is "${style}"; Liftoff needs ISO, the default: alter database <name> set datestyle = 'ISO, MDY'`,
      );
    }
    // Transactions take a connection of the pool; every other statement is pipelined.
    const pipelines = options.pipelines ?? DEFAULT_PIPELINES;
    const pipeline =
      pipelines > 0
        ? new StatementPipeline({
            connectionString: options.url,
            connections: pipelines,
            statementTimeout: STATEMENT_TIMEOUT_MS,
            onConnect: prepareMarkedOn,
            onError,
          })
        : null;
    // Costly statements (marked by costlyStatement) get connections of their own.
    const costly = new pg.Pool({
      connectionString: options.url,
      max: COSTLY_CONNECTIONS,
      statement_timeout: COSTLY_STATEMENT_TIMEOUT_MS,
      connectionTimeoutMillis: COSTLY_QUEUE_TIMEOUT_MS,
    });
    costly.on("error", onError);
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: pipelinedPool(pool, pipeline, costly) }),
    });
    return { db, kind: "postgres", url: options.url, close: () => db.destroy() };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  // On a thread of its own, where the statement timeouts PostgreSQL gives a server are kept
  // by ending a statement that outlives them (see PGliteWorker).
  const pglite = await PGliteWorker.create({
    dataDir: options.dataDir,
    timeoutFor: statementTimeout,
    onRestart: (reason) => process.stderr.write(`embedded database restarted: ${reason}\n`),
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return { db, kind: "pglite", close: () => db.destroy() };
}
