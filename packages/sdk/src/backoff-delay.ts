export type BackoffOptions = { initialDelayMs: number; maxDelayMs: number };

/**
 * How long to wait before reconnect attempt number `attempt` (0 for the first retry):
 * doubling from the initial delay up to the cap, then scaled into [50%, 100%] by
 * `random`. The jitter matters after a server restart, when every open tab of every app
 * loses its stream at the same moment and would otherwise come back in lockstep.
 */
export function backoffDelay(
  attempt: number,
  options: BackoffOptions,
  random: () => number = Math.random,
): number {
  const exponent = Math.min(Math.max(attempt, 0), 30); // 2^30 is far past any cap
  const ceiling = Math.min(options.maxDelayMs, options.initialDelayMs * 2 ** exponent);
  return Math.round(ceiling * (0.5 + 0.5 * random()));
}
