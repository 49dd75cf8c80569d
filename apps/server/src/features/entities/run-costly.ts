import { COSTLY_CONNECTIONS, type DatabaseKind } from "@liftoff/db";
import { AppError } from "@liftoff/domain";

/** Costly filtered requests waiting for their turn in this process; more are refused with 503. */
export const COSTLY_WAITING_MAX = 48;
/**
 * Of those, the most one app may hold: one tenant's burst (or a hostile script) fills its
 * own share and gets 503s, while other apps' searches still find room in the line.
 */
export const COSTLY_WAITING_PER_APP = 16;

export const COSTLY_BUSY_MESSAGE = "Too many costly filters are running. Try again shortly.";

type Waiter = { start: () => void; appId: string | undefined };
type Gate = { running: number; waiting: Set<Waiter>; waitingByApp: Map<string, number> };
const gates = new Map<DatabaseKind, Gate>();

/**
 * Runs the statements of one costly filtered request (checkFilterBudget said so) when its
 * turn comes: one at a time on PGlite — whose single connection then alternates between a
 * costly statement and everyone else's fast ones instead of serving a row of costly ones
 * first — and at most COSTLY_CONNECTIONS at once on PostgreSQL, the size of their own pool.
 * A burst beyond COSTLY_WAITING_MAX waiting is refused at once (503) rather than queued
 * without end. A waiter whose request is aborted (`signal`: the client gave up or
 * disconnected) leaves the line at once: otherwise clients that time out and retry fill
 * it with work nobody will read, and everyone behind them gets 503. One app holds at most
 * COSTLY_WAITING_PER_APP places. Per process, like the pools it protects.
 */
export async function runCostly<T>(
  dbKind: DatabaseKind,
  run: () => Promise<T>,
  signal?: AbortSignal,
  /** The app the request is for: its waiters count against COSTLY_WAITING_PER_APP. */
  appId?: string,
): Promise<T> {
  let gate = gates.get(dbKind);
  if (!gate) {
    gate = { running: 0, waiting: new Set(), waitingByApp: new Map() };
    gates.set(dbKind, gate);
  }
  const limit = dbKind === "pglite" ? 1 : COSTLY_CONNECTIONS;
  if (signal?.aborted) throw abandoned();
  if (gate.running >= limit) {
    const appWaiting = appId === undefined ? 0 : (gate.waitingByApp.get(appId) ?? 0);
    if (gate.waiting.size >= COSTLY_WAITING_MAX || appWaiting >= COSTLY_WAITING_PER_APP) {
      throw new AppError("SERVICE_UNAVAILABLE", COSTLY_BUSY_MESSAGE);
    }
    await waitForTurn(gate, signal, appId);
  } else {
    gate.running += 1;
  }
  try {
    return await run();
  } catch (error) {
    // pg-pool's wait for a costly connection ran out (COSTLY_QUEUE_TIMEOUT_MS).
    if (error instanceof Error && /timeout exceeded when trying to connect/i.test(error.message)) {
      throw new AppError("SERVICE_UNAVAILABLE", COSTLY_BUSY_MESSAGE);
    }
    throw error;
  } finally {
    // Hand the slot straight to the next in line (running stays counted), or free it.
    const next = gate.waiting.values().next();
    if (next.done) gate.running -= 1;
    else {
      leave(gate, next.value);
      next.value.start();
    }
  }
}

/** Resolves when a finishing run hands this waiter its slot; rejects if `signal` aborts first. */
function waitForTurn(gate: Gate, signal: AbortSignal | undefined, appId: string | undefined): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => {
      // Still in line (not yet handed the slot): leave without taking it.
      if (leave(gate, waiter)) reject(abandoned());
    };
    const waiter: Waiter = {
      appId,
      start: () => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      },
    };
    gate.waiting.add(waiter);
    if (appId !== undefined) gate.waitingByApp.set(appId, (gate.waitingByApp.get(appId) ?? 0) + 1);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** Takes a waiter out of the line (false when it was no longer there). */
function leave(gate: Gate, waiter: Waiter): boolean {
  if (!gate.waiting.delete(waiter)) return false;
  if (waiter.appId !== undefined) {
    const left = (gate.waitingByApp.get(waiter.appId) ?? 1) - 1;
    if (left > 0) gate.waitingByApp.set(waiter.appId, left);
    else gate.waitingByApp.delete(waiter.appId);
  }
  return true;
}

// Nobody reads the answer to an aborted request; the code keeps logs honest (not a 500).
function abandoned(): AppError {
  return new AppError("SERVICE_UNAVAILABLE", "The request was abandoned while waiting for a costly filter.");
}
