import { COSTLY_CONNECTIONS, type DatabaseKind } from "@liftoff/db";
import { AppError } from "@liftoff/domain";
import { createWorkGate, type WorkGate } from "../../http/work-gate.ts";

/** Costly filtered requests waiting for their turn in this process; more are refused with 503. */
export const COSTLY_WAITING_MAX = 48;
/**
 * Of those, the most one app may hold: one tenant's burst (or a hostile script) fills its
 * own share and gets 503s, while other apps' searches still find room in the line.
 */
export const COSTLY_WAITING_PER_APP = 16;

export const COSTLY_BUSY_MESSAGE = "Too many costly filters are running. Try again shortly.";

const gates = new Map<DatabaseKind, WorkGate>();

/**
 * Runs the statements of one costly filtered request (checkFilterBudget said so) when its
 * turn comes (createWorkGate): one at a time on PGlite — whose single connection then
 * alternates between a costly statement and everyone else's fast ones instead of serving
 * a row of costly ones first — and at most COSTLY_CONNECTIONS at once on PostgreSQL, the
 * size of their own pool. At most COSTLY_WAITING_MAX wait, COSTLY_WAITING_PER_APP of them
 * for one app; a waiter whose request is aborted leaves the line (clients that time out
 * and retry would otherwise fill it with work nobody reads). Per process, like the pools
 * it protects.
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
    gate = createWorkGate({
      limit: dbKind === "pglite" ? 1 : COSTLY_CONNECTIONS,
      waitingMax: COSTLY_WAITING_MAX,
      waitingPerKey: COSTLY_WAITING_PER_APP,
      busyMessage: COSTLY_BUSY_MESSAGE,
      abandonedMessage: "The request was abandoned while waiting for a costly filter.",
    });
    gates.set(dbKind, gate);
  }
  try {
    return await gate.run(run, { signal, key: appId });
  } catch (error) {
    // pg-pool's wait for a costly connection ran out (COSTLY_QUEUE_TIMEOUT_MS).
    if (error instanceof Error && /timeout exceeded when trying to connect/i.test(error.message)) {
      throw new AppError("SERVICE_UNAVAILABLE", COSTLY_BUSY_MESSAGE);
    }
    throw error;
  }
}
