import { AppError } from "@liftoff/domain";
import {
  type CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryCompiler,
  type QueryResult,
} from "kysely";

/**
 * Kysely dialect for PGlite (Postgres compiled to WASM, in-process).
 *
 * PGlite is a single connection. Kysely runs a transaction as BEGIN ... COMMIT on one
 * acquired connection, so we hand out that connection to one holder at a time: a small
 * FIFO queue makes concurrent requests wait instead of interleaving statements inside
 * someone else's transaction, and sheds load (503) when the wait grows too long. The community dialect pins PGlite < 0.5, hence our own.
 *
 * It drives PGlite itself (building the test template) or PGliteWorker (everything else),
 * which answer queries alike.
 */
/** What the dialect needs of PGlite; PGliteWorker has the same shape. */
export type PGliteLike = {
  readonly waitReady: Promise<void>;
  readonly closed: boolean;
  /** Counts restarts of a PGliteWorker; a plain PGlite never restarts. */
  readonly generation?: number;
  query<R>(sql: string, params?: unknown[]): Promise<{ rows: R[]; affectedRows?: number | null | undefined }>;
  close(): Promise<void>;
};

export type PGliteDialectOptions = {
  /** How long a request may wait for the connection (PGLITE_QUEUE_DEADLINE_MS). */
  queueDeadlineMs?: number;
};

export class PGliteDialect implements Dialect {
  readonly #pglite: PGliteLike;
  readonly #options: PGliteDialectOptions;

  constructor(pglite: PGliteLike, options: PGliteDialectOptions = {}) {
    this.#pglite = pglite;
    this.#options = options;
  }

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.#pglite, this.#options.queueDeadlineMs ?? PGLITE_QUEUE_DEADLINE_MS);
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
}

/**
 * The longest a request waits for the embedded database's one connection before it is
 * refused with 503. Past it the caller has likely given up (load balancers and clients
 * time out near 10 s); serving it anyway would spend the database on answers nobody reads
 * while the queue grows without end — how the embedded database collapsed under 200
 * clients (bench/results/load-2026-11-25.md). Refusing early keeps the rest answered.
 */
export const PGLITE_QUEUE_DEADLINE_MS = 5_000;

/** More waiting than this is refused at once: at ~1 ms a statement it is seconds of work. */
export const PGLITE_QUEUE_MAX = 2_000;

const busy = () => new AppError("SERVICE_UNAVAILABLE", "The database is busy. Try again shortly.");

type Waiter = { grant: () => void; timer: NodeJS.Timeout };

class PGliteDriver implements Driver {
  readonly #pglite: PGliteLike;
  readonly #connection: PGliteConnection;
  #held = false;
  readonly #waiting: Waiter[] = [];
  readonly #deadlineMs: number;

  constructor(pglite: PGliteLike, deadlineMs: number) {
    this.#pglite = pglite;
    this.#deadlineMs = deadlineMs;
    this.#connection = new PGliteConnection(pglite);
  }

  async init(): Promise<void> {
    await this.#pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    if (!this.#held) {
      this.#held = true;
      return this.#connection;
    }
    if (this.#waiting.length >= PGLITE_QUEUE_MAX) throw busy();
    return new Promise<DatabaseConnection>((resolve, reject) => {
      const waiter: Waiter = {
        grant: () => {
          clearTimeout(waiter.timer);
          resolve(this.#connection);
        },
        timer: setTimeout(() => {
          const at = this.#waiting.indexOf(waiter);
          if (at >= 0) this.#waiting.splice(at, 1);
          reject(busy());
        }, this.#deadlineMs),
      };
      this.#waiting.push(waiter);
    });
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery({ sql: "begin", parameters: [] } as unknown as CompiledQuery);
    this.#connection.transactionGeneration = this.#pglite.generation ?? 0;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await connection.executeQuery({ sql: "commit", parameters: [] } as unknown as CompiledQuery);
    } finally {
      this.#connection.transactionGeneration = null;
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    // A transaction whose database restarted is already gone; nothing is left to roll back.
    if (this.#connection.restartedUnderTransaction()) {
      this.#connection.transactionGeneration = null;
      return;
    }
    try {
      await connection.executeQuery({ sql: "rollback", parameters: [] } as unknown as CompiledQuery);
    } finally {
      this.#connection.transactionGeneration = null;
    }
  }

  async releaseConnection(): Promise<void> {
    // Straight to the next in line (first come, first served), or free.
    const next = this.#waiting.shift();
    if (next) next.grant();
    else this.#held = false;
  }

  async destroy(): Promise<void> {
    if (!this.#pglite.closed) await this.#pglite.close();
  }
}

class PGliteConnection implements DatabaseConnection {
  readonly #pglite: PGliteLike;
  /** The worker generation the open transaction began on; null outside a transaction. */
  transactionGeneration: number | null = null;

  constructor(pglite: PGliteLike) {
    this.#pglite = pglite;
  }

  restartedUnderTransaction(): boolean {
    return (
      this.transactionGeneration !== null && this.transactionGeneration !== (this.#pglite.generation ?? 0)
    );
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    // After a restart the rest of a transaction would run outside it, each statement
    // committing on its own: refuse instead, so the transaction fails whole.
    if (this.restartedUnderTransaction()) {
      throw new Error("The embedded database restarted during this transaction; it was rolled back");
    }
    const result = await this.#pglite.query<R>(compiledQuery.sql, [...compiledQuery.parameters]);
    const affected = result.affectedRows;
    return {
      rows: result.rows,
      ...(affected !== undefined && affected !== null ? { numAffectedRows: BigInt(affected) } : {}),
    };
  }

  // biome-ignore lint/correctness/useYield: PGlite has no cursors; streaming is not offered.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("PGlite does not support streaming queries");
  }
}
