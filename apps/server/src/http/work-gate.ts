import { AppError } from "@liftoff/domain";

export type WorkGate = {
  /**
   * Runs `work` when a place is free: at once while fewer than `limit` run, else after
   * waiting in line. Refused at once (503) when the line is full, or when `key` (the app)
   * already holds its share of it; a waiter whose `signal` aborts (the client gave up or
   * disconnected) leaves the line at once.
   */
  run<T>(
    work: () => Promise<T>,
    options?: { signal?: AbortSignal | undefined; key?: string | undefined },
  ): Promise<T>;
};

type Waiter = { start: () => void; key: string | undefined };

/**
 * One per-process line for work that must not all run at once — costly filters
 * (run-costly.ts) and end users' CSV imports (import-entity-csv.ts) — so that a burst
 * waits its turn instead of crowding out everyone else's requests, the line is bounded
 * (a burst beyond it gets 503 at once rather than queueing without end), one app cannot
 * take every place in it, and abandoned requests do not keep their places. A finishing
 * run hands its slot straight to the next waiter (first come, first served).
 */
export function createWorkGate(options: {
  limit: number;
  waitingMax: number;
  /** The most places one key (app) may hold in the line; no limit when absent. */
  waitingPerKey?: number;
  busyMessage: string;
  abandonedMessage: string;
}): WorkGate {
  let running = 0;
  const waiting = new Set<Waiter>();
  const waitingByKey = new Map<string, number>();

  const leave = (waiter: Waiter): boolean => {
    if (!waiting.delete(waiter)) return false;
    if (waiter.key !== undefined) {
      const left = (waitingByKey.get(waiter.key) ?? 1) - 1;
      if (left > 0) waitingByKey.set(waiter.key, left);
      else waitingByKey.delete(waiter.key);
    }
    return true;
  };
  // Nobody reads the answer to an aborted request; the code keeps logs honest (not a 500).
  const abandoned = () => new AppError("SERVICE_UNAVAILABLE", options.abandonedMessage);

  const waitForTurn = (key: string | undefined, signal: AbortSignal | undefined) =>
    new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        // Still in line (not yet handed the slot): leave without taking it.
        if (leave(waiter)) reject(abandoned());
      };
      const waiter: Waiter = {
        key,
        start: () => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        },
      };
      waiting.add(waiter);
      if (key !== undefined) waitingByKey.set(key, (waitingByKey.get(key) ?? 0) + 1);
      signal?.addEventListener("abort", onAbort, { once: true });
    });

  return {
    async run(work, runOptions = {}) {
      const { signal, key } = runOptions;
      if (signal?.aborted) throw abandoned();
      if (running >= options.limit) {
        const keyWaiting = key === undefined ? 0 : (waitingByKey.get(key) ?? 0);
        const keyFull = options.waitingPerKey !== undefined && keyWaiting >= options.waitingPerKey;
        if (waiting.size >= options.waitingMax || keyFull) {
          throw new AppError("SERVICE_UNAVAILABLE", options.busyMessage);
        }
        await waitForTurn(key, signal);
      } else {
        running += 1;
      }
      try {
        return await work();
      } finally {
        // Hand the slot straight to the next in line (running stays counted), or free it.
        const next = waiting.values().next();
        if (next.done) running -= 1;
        else {
          leave(next.value);
          next.value.start();
        }
      }
    },
  };
}
