/**
 * An in_progress assistant message belongs to the process generating it while its lease
 * runs; the process renews it every CHAT_LEASE_RENEW_MS. A message whose lease ran out was
 * left by a process that died (crash, kill, deploy) and is marked failed by any instance.
 */
export const CHAT_LEASE_MS = 30_000;
export const CHAT_LEASE_RENEW_MS = 10_000;
/** How often each instance looks for messages whose lease ran out. */
export const CHAT_SWEEP_MS = 15_000;
/** Stored text is written at most this often while streaming (every tab sees it live anyway). */
export const CHAT_PERSIST_INTERVAL_MS = 500;

export function leaseUntil(now = Date.now()): Date {
  return new Date(now + CHAT_LEASE_MS);
}
