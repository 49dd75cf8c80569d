import { AppError } from "@liftoff/domain";

export type RateLimit = { limit: number; windowMs: number };

// key → start times of the calls in the current window. Bounded: entries are dropped once
// their window has passed, and the whole map is cleared past MAX_KEYS (a flood of keys
// then costs a fresh window, never memory).
const calls = new Map<string, number[]>();
const MAX_KEYS = 50_000;

/**
 * Counts one call against `key` (who and what: `import:{appId}:{userId}`) and refuses it
 * with 429 RATE_LIMITED when `limit` calls were already made within the last `windowMs`.
 * Per process, like the other in-memory guards: with several instances each one enforces
 * it, so the effective limit is at most the instance count times `limit`. Rare actions that
 * must hold across instances use takeStoredRateLimit (take-stored-rate-limit.ts).
 */
export function takeRateLimit(key: string, rule: RateLimit, message: string, now = Date.now()): void {
  const since = now - rule.windowMs;
  const recent = (calls.get(key) ?? []).filter((at) => at > since);
  if (recent.length >= rule.limit) {
    calls.set(key, recent);
    const retryAfterSeconds = Math.ceil((recent[0]! + rule.windowMs - now) / 1000);
    throw new AppError("RATE_LIMITED", message, { retryAfterSeconds });
  }
  if (calls.size >= MAX_KEYS && !calls.has(key)) calls.clear();
  recent.push(now);
  calls.set(key, recent);
}
