import pg from "pg";

export type StatementPipelineOptions = {
  connectionString: string;
  /** How many pipelined connections (each one Postgres backend running its queue in order). */
  connections: number;
  statementTimeout: number;
  /** Called once per new connection, before its first statement (named statements, see prepared()). */
  onConnect?: ((client: pg.Client) => void) | undefined;
  /** Errors of a connection that failed; its statements in flight reject, the next ones get a new one. */
  onError: (error: Error) => void;
};

type Values = readonly unknown[] | undefined;

type Slot = {
  client: pg.Client;
  /** Resolves once the connection is up (statements before that wait in pg's queue). */
  ready: Promise<void>;
  connected: boolean;
  inFlight: number;
  corked: boolean;
  broken: boolean;
};

// The socket pg writes to (pg's Connection keeps it as `stream`).
type Stream = { cork(): void; uncork(): void; writable: boolean };
const streamOf = (client: pg.Client) =>
  (client as unknown as { connection: { stream: Stream } }).connection.stream;

/**
 * Statements that run alone (autocommit: a list, a get, a single insert) share a few
 * connections in pg's pipeline mode, and the statements of one event-loop turn leave in
 * one socket write.
 *
 * Why: under load the server's own CPU was the limit, and 40 % of it was the kernel's
 * writev, one per statement and one per HTTP response (bench/entities/profile.ts). With a
 * pool, each statement needs its own connection and its own write and wakes its own
 * backend. Here every statement is sent at once (pg writes Parse/Bind/Execute/Sync
 * without waiting for the one before), the socket is corked until the turn's I/O
 * callbacks have all run (setImmediate), and Postgres reads the whole batch in one go.
 *
 * Each statement keeps its own Sync, so an error or a statement_timeout fails only that
 * statement. A slow statement delays the ones queued behind it on its connection, so each
 * new statement goes to the connection with the fewest in flight. Transactions never come
 * here (see pipelinedPool): they need a connection of their own.
 */
export class StatementPipeline {
  readonly #options: StatementPipelineOptions;
  readonly #slots: Slot[] = [];
  readonly #corked: Slot[] = [];
  #uncorkScheduled = false;
  #ended = false;

  constructor(options: StatementPipelineOptions) {
    this.#options = options;
  }

  query<R extends pg.QueryResultRow = pg.QueryResultRow>(
    text: string,
    values?: Values,
  ): Promise<pg.QueryResult<R>> {
    if (this.#ended) return Promise.reject(new Error("The database pipeline was closed"));
    const slot = this.#pick();
    slot.inFlight += 1;
    const done = () => {
      slot.inFlight -= 1;
    };
    const run = slot.connected
      ? this.#submit<R>(slot, text, values)
      : slot.ready.then(() => this.#submit<R>(slot, text, values));
    run.then(done, done);
    return run;
  }

  /** The open connections (tests and diagnostics). */
  get clients(): readonly pg.Client[] {
    return this.#slots.map((slot) => slot.client);
  }

  /** Statements in flight per connection (tests and diagnostics). */
  get inFlight(): number[] {
    return this.#slots.map((slot) => slot.inFlight);
  }

  async end(): Promise<void> {
    this.#ended = true;
    const slots = this.#slots.splice(0);
    await Promise.all(slots.map((slot) => slot.client.end().catch(() => undefined)));
  }

  #pick(): Slot {
    let best: Slot | undefined;
    for (const slot of this.#slots) {
      if (!best || slot.inFlight < best.inFlight) best = slot;
    }
    // A new connection only while every open one is busy: an idle server keeps one.
    if (best && (best.inFlight === 0 || this.#slots.length >= this.#options.connections)) return best;
    return this.#open();
  }

  #open(): Slot {
    const client = new pg.Client({
      connectionString: this.#options.connectionString,
      statement_timeout: this.#options.statementTimeout,
      pipeline: true,
    } as pg.ClientConfig);
    const slot: Slot = {
      client,
      ready: Promise.resolve(),
      connected: false,
      inFlight: 0,
      corked: false,
      broken: false,
    };
    const drop = (error?: Error) => {
      if (slot.broken) return;
      slot.broken = true;
      const index = this.#slots.indexOf(slot);
      if (index >= 0) this.#slots.splice(index, 1);
      if (error && !this.#ended) this.#options.onError(error);
      client.end().catch(() => undefined);
    };
    client.on("error", (error) => drop(error));
    client.on("end", () => drop());
    this.#options.onConnect?.(client);
    slot.ready = client.connect().then(
      () => {
        slot.connected = true;
      },
      (error: unknown) => {
        drop(error instanceof Error ? error : new Error(String(error)));
        throw error;
      },
    );
    slot.ready.catch(() => undefined);
    this.#slots.push(slot);
    return slot;
  }

  #submit<R extends pg.QueryResultRow>(slot: Slot, text: string, values: Values): Promise<pg.QueryResult<R>> {
    const stream = streamOf(slot.client);
    if (!slot.corked && stream.writable) {
      stream.cork();
      slot.corked = true;
      this.#corked.push(slot);
      if (!this.#uncorkScheduled) {
        this.#uncorkScheduled = true;
        setImmediate(this.#uncork);
      }
    }
    return slot.client.query<R>(text, values as unknown[] | undefined);
  }

  // After the poll phase: every request that arrived in this turn has sent its statements.
  readonly #uncork = () => {
    this.#uncorkScheduled = false;
    for (const slot of this.#corked.splice(0)) {
      slot.corked = false;
      const stream = streamOf(slot.client);
      if (stream.writable) stream.uncork();
    }
  };
}
