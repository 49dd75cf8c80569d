import type { PostgresPool, PostgresPoolClient } from "kysely";
import type pg from "pg";
import { isCostlyStatement } from "./costly-statement.ts";
import type { StatementPipeline } from "./statement-pipeline.ts";

// What may run on a pipelined connection: one plain statement, alone in autocommit.
const PLAIN_STATEMENT = /^\s*(select|with|insert|update|delete|values)\b/i;
// Plain-looking statements that change the session: they bind the connection (Kysely's
// migrator takes a session advisory lock, runs a transaction, then unlocks, on one connection).
const SESSION_STATEMENT = /pg_(try_)?advisory_(lock|unlock)|set_config\s*\(/i;

/**
 * The pool Kysely sees on a PostgreSQL server. Kysely takes a connection for every
 * statement (and for every transaction or `db.connection()` block). Here that connection is
 * bound to a real one of `pool` by the first statement that is not a plain select, insert,
 * update or delete — `begin`, `set`, a session advisory lock — and everything after it on
 * that connection runs there until it is released. Plain statements before that run alone
 * in autocommit, so they go to the shared `pipeline` (see StatementPipeline).
 *
 * The rule this adds: in a `db.connection()` block, session state must be set up by the
 * block's first statement; plain statements before it may run on other backends.
 *
 * Statements marked costly (costlyStatement) run on `costly`, a small pool of their own
 * with a shorter statement timeout, so a slow filter never queues in front of other
 * tenants' fast statements on the pipelined connections. Without `pipeline`, plain
 * statements take a connection of `pool` as usual.
 */
export function pipelinedPool(
  pool: pg.Pool,
  pipeline: StatementPipeline | null,
  costly: pg.Pool,
): PostgresPool {
  const idle: PipelinedClient[] = [];
  return {
    // The cursor overload of Kysely's client type is never called: nothing streams rows.
    connect: async () =>
      (idle.pop() ?? new PipelinedClient(pool, pipeline, costly, idle)) as unknown as PostgresPoolClient,
    end: async () => {
      await pipeline?.end();
      await costly.end();
      await pool.end();
    },
    // Kysely reads this only to cancel a statement (not used here).
    options: pool.options,
  };
}

class PipelinedClient {
  #bound: pg.PoolClient | undefined;
  readonly #pool: pg.Pool;
  readonly #pipeline: StatementPipeline | null;
  readonly #costly: pg.Pool;
  readonly #idle: PipelinedClient[];

  constructor(pool: pg.Pool, pipeline: StatementPipeline | null, costly: pg.Pool, idle: PipelinedClient[]) {
    this.#pool = pool;
    this.#pipeline = pipeline;
    this.#costly = costly;
    this.#idle = idle;
  }

  async query(sql: string, parameters?: readonly unknown[]): Promise<pg.QueryResult> {
    if (!this.#bound && isCostlyStatement(sql)) {
      return this.#costly.query(sql, parameters as unknown[] | undefined);
    }
    if (this.#pipeline && !this.#bound && PLAIN_STATEMENT.test(sql) && !SESSION_STATEMENT.test(sql)) {
      return this.#pipeline.query(sql, parameters);
    }
    this.#bound ??= await this.#pool.connect();
    return this.#bound.query(sql, parameters as unknown[] | undefined);
  }

  /** `destroy`: Kysely gave up on the connection (a failed rollback); it keeps that mark per client object. */
  release(destroy?: boolean): void {
    const bound = this.#bound;
    this.#bound = undefined;
    bound?.release(destroy);
    if (!destroy) this.#idle.push(this);
  }
}
