import type { Database } from "@liftoff/db";
import { AppError, AUTH_MESSAGES } from "@liftoff/domain";
import { type Kysely, sql } from "kysely";

/**
 * Login attempts are counted in Postgres, so the limits hold across restarts and across
 * several server instances. Numbers are in docs/defaults.md. Three counters, each within a
 * scope — the platform, or one app (`app:{appId}`) — so failures on one never count against
 * another:
 *
 * - per address and client IP: MAX_FAILURES_PER_ADDRESS_AND_IP, then that IP is refused for
 *   that address for the window. Guessing from one place stops; the owner elsewhere is
 *   untouched.
 * - per client IP: MAX_FAILURES_PER_IP across addresses (spraying many accounts).
 * - per address from anywhere: past FREE_FAILURES_PER_ADDRESS, a backoff instead of a lock —
 *   each further attempt must come BACKOFF_BASE_MS × 2^k after the previous one, at most
 *   BACKOFF_MAX_MS. A distributed guesser gets about one guess a minute, and an attacker
 *   who knows an address can keep its owner waiting at most BACKOFF_MAX_MS after their own
 *   last guess, never for the window. A password reset (its link is not limited) and a
 *   successful login clear the address's failures.
 *
 * An attempt is recorded *before* the password is checked and the counts include it: the
 * k-th concurrent attempt sees at least k rows, so a burst of parallel guesses cannot all
 * pass a check made before any of them was written. A refused attempt removes its rows:
 * only checked passwords count, so hammering a refused address does not extend anything.
 */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ADDRESS_AND_IP = 5;
export const MAX_FAILURES_PER_IP = 20;
export const FREE_FAILURES_PER_ADDRESS = 10;
export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_MAX_MS = 60_000;

/** Where a login happens: the platform, or one app's end users. */
export type LoginScope = "platform" | `app:${string}`;

// Newlines never occur in a valid address or IP, so the parts cannot run into each other.
const addressKey = (scope: LoginScope, email: string) => `address\n${scope}\n${email}`;
const pairKey = (scope: LoginScope, email: string, ip: string) => `${addressKey(scope, email)}\n${ip}`;
const ipKey = (scope: LoginScope, ip: string) => `ip\n${scope}\n${ip}`;

export type LoginAttempt = { ids: number[] };

export async function beginLoginAttempt(
  db: Kysely<Database>,
  options: { scope: LoginScope; email: string; ip: string },
): Promise<LoginAttempt> {
  const { scope, email, ip } = options;
  const keys = { address: addressKey(scope, email), pair: pairKey(scope, email, ip), ip: ipKey(scope, ip) };
  const inserted = await db
    .insertInto("login_attempts")
    .values([{ key: keys.address }, { key: keys.pair }, { key: keys.ip }])
    .returning("id")
    .execute();
  const ids = inserted.map((r) => Number(r.id));
  const since = new Date(Date.now() - LOGIN_WINDOW_MS);
  const rows = await db
    .selectFrom("login_attempts")
    .select([
      "key",
      sql<number>`count(*)::int`.as("attempts"),
      // The latest attempt before this one (its own rows excluded): the backoff's clock.
      sql<Date | null>`max("attemptedAt") filter (where not ("id" = any(${ids})))`.as("previousAt"),
    ])
    .where("key", "in", Object.values(keys))
    .where("attemptedAt", ">", since)
    .groupBy("key")
    .execute();
  const row = (key: string) => rows.find((r) => r.key === key);
  const count = (key: string) => row(key)?.attempts ?? 0;
  // The attempt being made counts, so the limit is "more than N" rather than "N or more".
  let refused = count(keys.pair) > MAX_FAILURES_PER_ADDRESS_AND_IP || count(keys.ip) > MAX_FAILURES_PER_IP;
  const beyond = count(keys.address) - FREE_FAILURES_PER_ADDRESS;
  const previousAt = row(keys.address)?.previousAt;
  if (!refused && beyond > 0 && previousAt) {
    const wait = Math.min(BACKOFF_BASE_MS * 2 ** (beyond - 1), BACKOFF_MAX_MS);
    refused = Date.now() - new Date(previousAt).getTime() < wait;
  }
  if (refused) {
    await db.deleteFrom("login_attempts").where("id", "in", ids).execute();
    throw new AppError("TOO_MANY_ATTEMPTS", AUTH_MESSAGES.tooManyAttempts);
  }
  return { ids };
}

/** Keeps the table small: anything older than the window no longer counts. */
export async function pruneLoginAttempts(db: Kysely<Database>): Promise<void> {
  await db
    .deleteFrom("login_attempts")
    .where("attemptedAt", "<", new Date(Date.now() - LOGIN_WINDOW_MS))
    .execute();
}

/** A successful login forgets the address's failures and does not count against the IP. */
export async function loginSucceeded(
  db: Kysely<Database>,
  options: { scope: LoginScope; email: string; attempt: LoginAttempt },
): Promise<void> {
  await db
    .deleteFrom("login_attempts")
    .where((eb) =>
      eb.or([addressFailures(options.scope, options.email), eb("id", "in", options.attempt.ids)]),
    )
    .execute();
}

/**
 * Forgets an address's failures (its backoff and every IP's lock on it): after a password
 * reset the guesses made against the old password mean nothing, and the owner must get in.
 */
export async function forgetLoginFailures(
  db: Kysely<Database>,
  options: { scope: LoginScope; email: string },
): Promise<void> {
  await db.deleteFrom("login_attempts").where(addressFailures(options.scope, options.email)).execute();
}

function addressFailures(scope: LoginScope, email: string) {
  const key = addressKey(scope, email);
  const pairPrefix = `${key}\n`;
  return sql<boolean>`("key" = ${key} or left("key", ${pairPrefix.length}) = ${pairPrefix})`;
}
