import { CONTEXT_ITEM_MAX_ATTEMPTS, DATA_SOURCE_MESSAGES } from "@liftoff/domain";
import { sql } from "kysely";
import { detached } from "../../background/detached.ts";
import { LEASE_MS, LEASE_RENEW_MS, LEASE_SWEEP_MS } from "../../background/lease.ts";
import type { Deps } from "../../http/app-env.ts";
import { log } from "../../log.ts";
import { publishContextItemChange } from "./context-item-signals.ts";
import type { ContextItemRow } from "./to-context-item.ts";

/** Attempts an item gets (the first and two retries) before it fails with its reason. */
export const INGEST_MAX_ATTEMPTS = CONTEXT_ITEM_MAX_ATTEMPTS;
/** Idle instances look for queued items this often (a new item on this instance wakes it at once). */
export const INGEST_POLL_MS = 2_000;

/** The wait before attempt n+1: 5 s, then 20 s (a crash loop cannot spin). */
export function ingestBackoffMs(attempts: number): number {
  return 5_000 * 4 ** Math.max(0, attempts - 1);
}

/** Thrown by a job for a failure worth another attempt (a network error, a busy database). */
export class RetryableIngestError extends Error {}

export type IngestJob = (item: ContextItemRow, context: IngestJobContext) => Promise<void>;
export type IngestJobContext = {
  /** Aborted when the worker stops (shutdown); the job should end quickly. */
  signal: AbortSignal;
  /** Still ours: false once the lease was lost (another instance took the item back). */
  owns(): boolean;
};

export type IngestWorker = {
  /** Look for queued items now (after a new item was stored). */
  wake(): void;
  /** Items being read by this process. */
  readonly running: ReadonlySet<string>;
  /** Sweep now (tests). */
  sweep(now?: Date): Promise<number>;
  stop(): Promise<void>;
};

/**
 * The ingest queue's worker: up to `concurrency` items at a time per instance, each claimed
 * with FOR UPDATE SKIP LOCKED (so instances never take the same item) and held by a lease
 * renewed every LEASE_RENEW_MS. The sweep puts items whose lease ran out (their process
 * died) back in the queue with a backoff, or fails them after INGEST_MAX_ATTEMPTS, and
 * deletes chunks no item points to (written by an attempt that never finished). On the
 * embedded database the first sweep ignores leases: one process owns it, so whatever is
 * "running" at boot was left by a process that is gone.
 */
export async function startIngestWorker(options: {
  deps: Pick<Deps, "db" | "bus" | "dbKind">;
  concurrency: number;
  job: IngestJob;
  /** false in tests that drive the worker themselves. */
  autoStart?: boolean;
}): Promise<IngestWorker> {
  const { deps } = options;
  const running = new Set<string>();
  const controller = new AbortController();
  const jobs = new Set<Promise<void>>();
  let stopped = false;
  let pumping = false;
  let again = false;

  const claim = async (): Promise<ContextItemRow | null> => {
    const claimed = await sql<ContextItemRow>`
      update "context_items" set
        "status" = 'running', "attempts" = "attempts" + 1, "generation" = "generation" + 1,
        "leaseUntil" = now() + ${`${LEASE_MS} milliseconds`}::interval,
        "progress" = null, "error" = null, "errorDetails" = null, "updatedAt" = now()
      where "id" = (
        select "id" from "context_items"
        where "status" = 'pending' and "runAfter" <= now()
        order by "runAfter" limit 1
        for update skip locked
      )
      returning *`.execute(deps.db);
    return claimed.rows[0] ?? null;
  };

  const runOne = async (item: ContextItemRow) => {
    running.add(item.id);
    let owned = true;
    const renew = setInterval(
      detached(
        "ingest lease renewal",
        async () => {
          const renewed = await deps.db
            .updateTable("context_items")
            .set({ leaseUntil: sql`now() + ${`${LEASE_MS} milliseconds`}::interval` })
            .where("id", "=", item.id)
            .where("status", "=", "running")
            .where("generation", "=", item.generation)
            .executeTakeFirst();
          if (Number(renewed.numUpdatedRows) === 0) owned = false;
        },
        { itemId: item.id },
      ),
      LEASE_RENEW_MS,
    );
    try {
      await options.job(item, { signal: controller.signal, owns: () => owned && !stopped });
    } catch (error) {
      log.error("ingest job failed unexpectedly", { itemId: item.id, error });
      await failOrRetry(deps, item, {
        retry: !stopped,
        message: DATA_SOURCE_MESSAGES.uploadOther,
        details: String(error),
      }).catch((failure) => log.error("ingest job could not be failed", { itemId: item.id, error: failure }));
    } finally {
      clearInterval(renew);
      running.delete(item.id);
    }
  };

  const pump = async () => {
    if (pumping) {
      again = true;
      return;
    }
    pumping = true;
    try {
      do {
        again = false;
        while (!stopped && running.size < options.concurrency) {
          const item = await claim();
          if (!item) break;
          await publishContextItemChange(deps.bus, item.appId, item.id);
          const job = runOne(item).finally(() => {
            jobs.delete(job);
            wake();
          });
          jobs.add(job);
        }
      } while (again && !stopped);
    } finally {
      pumping = false;
    }
  };
  const wake = detached("ingest worker", pump);

  const sweep = async (now = new Date(), ignoreLeases = false) => {
    const stale = await sql<{ id: string; appId: string }>`
      update "context_items" set
        "status" = case when "attempts" >= ${INGEST_MAX_ATTEMPTS} then 'error' else 'pending' end,
        "error" = case when "attempts" >= ${INGEST_MAX_ATTEMPTS} then ${DATA_SOURCE_MESSAGES.interrupted} else null end,
        "errorDetails" = case when "attempts" >= ${INGEST_MAX_ATTEMPTS}
          then 'The server stopped while reading this data source, on every attempt' else null end,
        "runAfter" = ${now}::timestamptz + ("attempts" * ${ingestBackoffMs(1)}) * interval '1 millisecond',
        "leaseUntil" = null, "progress" = null, "updatedAt" = ${now}
      where "status" = 'running' and (${ignoreLeases} or "leaseUntil" is null or "leaseUntil" < ${now})
        and not ("id" = any(${[...running]}::text[]))
      returning "id", "appId"`.execute(deps.db);
    // Chunks of attempts that never became the item's index: never searchable, now gone.
    await sql`
      delete from "context_chunks" c using "context_items" i
      where c."itemId" = i."id" and i."status" <> 'running'
        and c."generation" is distinct from i."indexedGeneration"`.execute(deps.db);
    for (const row of stale.rows) await publishContextItemChange(deps.bus, row.appId, row.id);
    if (stale.rows.length > 0) wake();
    return stale.rows.length;
  };

  let poll: NodeJS.Timeout | undefined;
  let sweeper: NodeJS.Timeout | undefined;
  if (options.autoStart !== false) {
    await sweep(new Date(), deps.dbKind === "pglite").catch((error) =>
      log.warn("ingest sweep failed", { error }),
    );
    poll = setInterval(wake, INGEST_POLL_MS);
    poll.unref();
    sweeper = setInterval(
      detached("ingest sweep", () => sweep()),
      LEASE_SWEEP_MS,
    );
    sweeper.unref();
    wake();
  }

  return {
    wake,
    running,
    sweep: (now) => sweep(now),
    async stop() {
      stopped = true;
      clearInterval(poll);
      clearInterval(sweeper);
      controller.abort();
      // Jobs see the abort and put their item back (or are swept at the next boot).
      await Promise.race([
        Promise.allSettled([...jobs]),
        new Promise((resolve) => setTimeout(resolve, 5_000)),
      ]);
    },
  };
}

/**
 * Ends an attempt that failed: back in the queue with a backoff while attempts remain and
 * the failure may pass, else in error with the reason the builder reads.
 */
export async function failOrRetry(
  deps: Pick<Deps, "db" | "bus">,
  item: ContextItemRow,
  failure: { retry: boolean; message: string; details?: string; status?: "error" | "usage_limit_reached" },
): Promise<void> {
  const retry = failure.retry && item.attempts < INGEST_MAX_ATTEMPTS;
  await deps.db
    .updateTable("context_items")
    .set({
      status: retry ? "pending" : (failure.status ?? "error"),
      error: retry ? null : failure.message,
      errorDetails: failure.details ?? null,
      runAfter: new Date(Date.now() + (retry ? ingestBackoffMs(item.attempts) : 0)),
      leaseUntil: null,
      progress: null,
      updatedAt: new Date(),
    })
    .where("id", "=", item.id)
    .where("generation", "=", item.generation)
    .execute();
  await deps.db
    .deleteFrom("context_chunks")
    .where("itemId", "=", item.id)
    .where("generation", "=", item.generation)
    .execute();
  await publishContextItemChange(deps.bus, item.appId, item.id);
}
