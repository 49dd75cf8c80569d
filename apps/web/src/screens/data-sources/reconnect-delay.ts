/** First wait before reconnecting the items stream, and the longest. */
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

/**
 * How long to wait before the `attempt`-th reconnect (0-based): doubling from 1 s up to 30 s,
 * so a server restart is picked up quickly and a long outage is not hammered. `jitter` in
 * [0, 1) spreads many open builders apart (up to a quarter of the wait).
 */
export function reconnectDelay(attempt: number, jitter = 0): number {
  const base = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, attempt));
  return Math.round(base * (1 - jitter * 0.25));
}
