import { COSTLY_CONNECTIONS, type DatabaseKind } from "@liftoff/db";
import { AppError } from "@liftoff/domain";

/** Costly filtered requests waiting for their turn in this process; more are refused with 503. */
export const COSTLY_WAITING_MAX = 48;

type Gate = { running: number; waiting: (() => void)[] };
const gates = new Map<DatabaseKind, Gate>();

/**
 * Runs the statements of one costly filtered request (checkFilterBudget said so) when its
 * turn comes: one at a time on PGlite — whose single connection then alternates between a
 * costly statement and everyone else's fast ones instead of serving a row of costly ones
 * first — and at most COSTLY_CONNECTIONS at once on PostgreSQL, the size of their own pool.
 * A burst beyond COSTLY_WAITING_MAX waiting is refused at once (503) rather than queued
 * without end. Per process, like the pools it protects.
 */
export async function runCostly<T>(dbKind: DatabaseKind, run: () => Promise<T>): Promise<T> {
  let gate = gates.get(dbKind);
  if (!gate) {
    gate = { running: 0, waiting: [] };
    gates.set(dbKind, gate);
  }
  const limit = dbKind === "pglite" ? 1 : COSTLY_CONNECTIONS;
  if (gate.running >= limit) {
    if (gate.waiting.length >= COSTLY_WAITING_MAX) {
      throw new AppError("SERVICE_UNAVAILABLE", "Too many costly filters are running. Try again shortly.");
    }
    await new Promise<void>((resolve) => gate.waiting.push(resolve));
  } else {
    gate.running += 1;
  }
  try {
    return await run();
  } catch (error) {
    // pg-pool's wait for a costly connection ran out (COSTLY_QUEUE_TIMEOUT_MS).
    if (error instanceof Error && /timeout exceeded when trying to connect/i.test(error.message)) {
      throw new AppError("SERVICE_UNAVAILABLE", "Too many costly filters are running. Try again shortly.");
    }
    throw error;
  } finally {
    // Hand the slot straight to the next in line (running stays counted), or free it.
    const next = gate.waiting.shift();
    if (next) next();
    else gate.running -= 1;
  }
}
