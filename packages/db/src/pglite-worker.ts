import { Worker } from "node:worker_threads";
import { AppError } from "@liftoff/domain";

export type PGliteWorkerOptions = {
  /** Data directory; absent means in memory (tests). */
  dataDir?: string | undefined;
  /** A dump (dumpDataDir "none") to start an in-memory database from. */
  loadDataDirFile?: string | undefined;
  /** The longest a statement may run, by its text; null for no limit. Durable databases only. */
  timeoutFor?: ((sql: string) => number | null) | undefined;
  /** Told when the worker is replaced (a statement outlived its limit, or the thread died). */
  onRestart?: ((reason: string) => void) | undefined;
};

type QueryAnswer<R> = { rows: R[]; affectedRows?: number | null };
type Pending = {
  resolve: (value: QueryAnswer<unknown>) => void;
  reject: (error: Error) => void;
  /** The statement's time limit, and its timer once it is the one running (see #armHead). */
  limit: number | null;
  timer: NodeJS.Timeout | null;
};
type HostError = { message: string; [field: string]: string | number };
type HostMessage =
  | { kind: "ready" }
  | { kind: "failed"; error: HostError }
  | { id: number; ok: true; rows?: unknown[]; affectedRows?: number | null }
  | { id: number; ok: false; error: HostError };

/** Rebuilds a PostgreSQL error from the worker with its fields (code, constraint…), so callers see no difference. */
function toError(error: HostError): Error {
  return Object.assign(new Error(error.message), error);
}

/**
 * PGlite on a worker thread of its own (pglite-host.mjs), with the same query interface as
 * PGlite itself. The HTTP thread stays free while a statement runs, and a statement that
 * outlives its limit is stopped the only way WebAssembly PostgreSQL can be: PGlite has no
 * signals, so statement_timeout never fires inside it; the worker is ended and a new one
 * opens the same data directory, where PostgreSQL's crash recovery discards the unfinished
 * statement's work, as on a server after a crash. The caller gets SQLSTATE 57014
 * (query_canceled), which the HTTP layer answers with 503 like PostgreSQL's own timeout.
 *
 * An in-memory database would lose everything with its thread, so it gets no time limit.
 * `generation` counts the workers, so a transaction begun on an ended one can tell.
 */
export class PGliteWorker {
  generation = 0;
  closed = false;
  waitReady!: Promise<void>;
  readonly #options: PGliteWorkerOptions;
  #worker!: Worker;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;

  private constructor(options: PGliteWorkerOptions) {
    this.#options = options;
    this.#start();
  }

  static async create(options: PGliteWorkerOptions): Promise<PGliteWorker> {
    const instance = new PGliteWorker(options);
    try {
      await instance.waitReady;
    } catch (error) {
      await instance.#worker.terminate();
      throw error;
    }
    return instance;
  }

  #start(): void {
    this.generation += 1;
    const worker = new Worker(new URL("./pglite-host.mjs", import.meta.url), {
      workerData: { dataDir: this.#options.dataDir, loadDataDirFile: this.#options.loadDataDirFile },
    });
    this.#worker = worker;
    this.waitReady = new Promise<void>((resolve, reject) => {
      worker.on("message", (message: HostMessage) => {
        if ("kind" in message) {
          if (message.kind === "ready") resolve();
          else reject(toError(message.error));
          this.#updateRef();
          return;
        }
        this.#settle(message);
      });
      worker.on("error", (error) => {
        reject(error);
        this.#lost(worker, `the database thread failed: ${error.message}`);
      });
      worker.on("exit", (code) => {
        reject(new Error(`The database thread exited (${code}) before it opened`));
        this.#lost(worker, `the database thread exited (${code})`);
      });
    });
    // Awaited by every query; a failed start must not also count as an unhandled rejection.
    this.waitReady.catch(() => {});
  }

  async query<R>(sql: string, params: unknown[] = []): Promise<QueryAnswer<R>> {
    // Requests still arriving while the server shuts down: a known state, not a failure.
    if (this.closed)
      throw new AppError("SERVICE_UNAVAILABLE", "The server is shutting down. Try again shortly.");
    await this.waitReady;
    const worker = this.#worker;
    const id = this.#nextId++;
    return new Promise<QueryAnswer<R>>((resolve, reject) => {
      const limit = this.#options.dataDir ? (this.#options.timeoutFor?.(sql) ?? null) : null;
      this.#pending.set(id, { resolve: resolve as Pending["resolve"], reject, limit, timer: null });
      this.#armHead(worker);
      try {
        worker.postMessage({ id, kind: "query", sql, params });
      } catch (error) {
        // A parameter that cannot cross threads (a function, a symbol): the caller's mistake.
        this.#take(id);
        reject(error instanceof Error ? error : new Error(String(error)));
      }
      this.#updateRef();
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const worker = this.#worker;
    const ready = await this.waitReady.then(
      () => true,
      () => false,
    );
    if (ready) {
      // A clean shutdown (checkpoint) when the database answers in time; ended regardless.
      const id = this.#nextId++;
      await Promise.race([
        new Promise<void>((resolve) => {
          this.#pending.set(id, {
            resolve: () => resolve(),
            reject: () => resolve(),
            limit: null,
            timer: null,
          });
          worker.postMessage({ id, kind: "close" });
          worker.ref();
        }),
        new Promise<void>((resolve) => setTimeout(resolve, 5_000).unref()),
      ]);
    }
    this.#failAll(new Error("The embedded database is closed"));
    await worker.terminate();
  }

  #settle(message: Exclude<HostMessage, { kind: string }>): void {
    const pending = this.#take(message.id);
    if (!pending) return;
    this.#armHead(this.#worker);
    if (message.ok) pending.resolve({ rows: message.rows ?? [], affectedRows: message.affectedRows ?? null });
    else pending.reject(toError(message.error));
    this.#updateRef();
  }

  #take(id: number): Pending | undefined {
    const pending = this.#pending.get(id);
    if (!pending) return undefined;
    this.#pending.delete(id);
    if (pending.timer) clearTimeout(pending.timer);
    return pending;
  }

  /**
   * Starts the time limit of the statement now running: the oldest one waiting. PGlite runs
   * one statement at a time in arrival order, so a statement's limit counts from when the
   * one before it answered, never its time in the queue — under load, a cheap statement
   * that merely waited past its limit would otherwise end the worker and fail everyone's
   * work (bench/load: 18,000 fast 503s on PGlite, every restart making the queue longer).
   */
  #armHead(worker: Worker): void {
    const head = this.#pending.entries().next();
    if (head.done) return;
    const [id, pending] = head.value;
    if (pending.timer !== null || pending.limit === null) return;
    const limit = pending.limit;
    pending.timer = setTimeout(() => this.#timedOut(worker, id, limit), limit);
  }

  #timedOut(worker: Worker, id: number, limit: number): void {
    if (worker !== this.#worker || this.closed) return;
    const pending = this.#take(id);
    pending?.reject(
      Object.assign(new Error("canceling statement due to statement timeout"), {
        code: "57014",
        detail: `The statement ran longer than ${limit} ms and the embedded database was restarted to stop it.`,
      }),
    );
    this.#restart(worker, `a statement ran longer than ${limit} ms`);
  }

  /** The worker died on its own (out of memory, a crash in WebAssembly): fail its work, open again. */
  #lost(worker: Worker, reason: string): void {
    if (worker !== this.#worker || this.closed) return;
    this.#restart(worker, reason);
  }

  #restart(worker: Worker, reason: string): void {
    this.#failAll(new Error(`The embedded database restarted: ${reason}`));
    void worker.terminate();
    this.#options.onRestart?.(reason);
    this.#start();
  }

  #failAll(error: Error): void {
    for (const id of [...this.#pending.keys()]) this.#take(id)?.reject(error);
    this.#updateRef();
  }

  /** The thread keeps the process alive only while work is waiting on it. */
  #updateRef(): void {
    if (this.#pending.size > 0) this.#worker.ref();
    else this.#worker.unref();
  }
}
