import type { Database } from "@liftoff/db";
import { AppError, AUTH_MESSAGES } from "@liftoff/domain";
import { type Kysely, sql } from "kysely";

/**
 * Login attempts are counted in Postgres per e-mail and per IP over a sliding window, so
 * the limit holds across restarts and across several server instances. Numbers are in
 * docs/defaults.md.
 *
 * An attempt is recorded *before* the password is checked and the count includes it: the
 * k-th concurrent attempt sees at least k rows, so a burst of parallel guesses cannot all
 * pass a check made before any of them was written. A successful login clears the rows.
 */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_IP = 20;

const emailKey = (email: string) => `email:${email}`;
const ipKey = (ip: string) => `ip:${ip}`;

export type LoginAttempt = { ids: number[] };

export async function beginLoginAttempt(
  db: Kysely<Database>,
  email: string,
  ip: string,
): Promise<LoginAttempt> {
  const inserted = await db
    .insertInto("login_attempts")
    .values([{ key: emailKey(email) }, { key: ipKey(ip) }])
    .returning("id")
    .execute();
  const since = new Date(Date.now() - LOGIN_WINDOW_MS);
  const rows = await db
    .selectFrom("login_attempts")
    .select(["key", sql<number>`count(*)::int`.as("attempts")])
    .where("key", "in", [emailKey(email), ipKey(ip)])
    .where("attemptedAt", ">", since)
    .groupBy("key")
    .execute();
  const count = (key: string) => rows.find((r) => r.key === key)?.attempts ?? 0;
  // The attempt being made counts, so the limit is "more than N" rather than "N or more".
  if (count(emailKey(email)) > MAX_FAILURES_PER_EMAIL || count(ipKey(ip)) > MAX_FAILURES_PER_IP) {
    throw new AppError("TOO_MANY_ATTEMPTS", AUTH_MESSAGES.tooManyAttempts);
  }
  return { ids: inserted.map((r) => Number(r.id)) };
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
  email: string,
  attempt: LoginAttempt,
): Promise<void> {
  await db
    .deleteFrom("login_attempts")
    .where((eb) => eb.or([eb("key", "=", emailKey(email)), eb("id", "in", attempt.ids)]))
    .execute();
}
