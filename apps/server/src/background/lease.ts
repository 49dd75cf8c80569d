import { log } from "../log.ts";

/**
 * A job detached from its request (a builder chat reply, a tool run) belongs to the process
 * running it while its lease runs; the process renews it every LEASE_RENEW_MS. A job whose
 * lease ran out was left by a process that died (crash, kill, deploy) and is failed by any
 * instance's sweep, so nothing is ever left in progress.
 */
export const LEASE_MS = 30_000;
export const LEASE_RENEW_MS = 10_000;
/** How often each instance looks for jobs whose lease ran out. */
export const LEASE_SWEEP_MS = 15_000;
/** Stored progress is written at most this often (watchers on this instance see it live anyway). */
export const LIVE_PERSIST_INTERVAL_MS = 500;

export function leaseUntil(now = Date.now()): Date {
  return new Date(now + LEASE_MS);
}

/**
 * Runs `sweep` at boot and every LEASE_SWEEP_MS (failing the jobs of dead processes);
 * `stop` ends the timer. A failing sweep is logged and tried again next time.
 */
export async function startLeaseSweeper(options: {
  what: string;
  sweep: () => Promise<number>;
}): Promise<{ stop(): void }> {
  const run = () =>
    options
      .sweep()
      .then(
        (count) =>
          count > 0 && log.info(`${options.what}: failed jobs left running by a stopped process`, { count }),
      )
      .catch((error) => log.warn(`${options.what}: sweep failed`, { error }));
  await run();
  const timer = setInterval(run, LEASE_SWEEP_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
