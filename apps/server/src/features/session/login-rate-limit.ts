import type { Database } from "@liftoff/db";
import { AppError, AUTH_MESSAGES } from "@liftoff/domain";
import { type Kysely, sql } from "kysely";

/**
 * Failed logins are counted in Postgres per e-mail and per IP over a sliding window, so
 * the limit holds across restarts and across several server instances. Numbers are in
 * docs/defaults.md.
 */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_IP = 20;

const emailKey = (email: string) => `email:${email}`;
const ipKey = (ip: string) => `ip:${ip}`;

export async function assertLoginAllowed(db: Kysely<Database>, email: string, ip: string): Promise<void> {
  const since = new Date(Date.now() - LOGIN_WINDOW_MS);
  const rows = await db
    .selectFrom("login_attempts")
    .select(["key", sql<number>`count(*)::int`.as("failures")])
    .where("key", "in", [emailKey(email), ipKey(ip)])
    .where("attemptedAt", ">", since)
    .groupBy("key")
    .execute();
  const count = (key: string) => rows.find((r) => r.key === key)?.failures ?? 0;
  if (count(emailKey(email)) >= MAX_FAILURES_PER_EMAIL || count(ipKey(ip)) >= MAX_FAILURES_PER_IP) {
    throw new AppError("TOO_MANY_ATTEMPTS", AUTH_MESSAGES.tooManyAttempts);
  }
}

export async function recordLoginFailure(db: Kysely<Database>, email: string, ip: string): Promise<void> {
  await db
    .insertInto("login_attempts")
    .values([{ key: emailKey(email) }, { key: ipKey(ip) }])
    .execute();
  // Keep the table small: anything older than the window no longer counts.
  await db
    .deleteFrom("login_attempts")
    .where("attemptedAt", "<", new Date(Date.now() - LOGIN_WINDOW_MS))
    .execute();
}

export async function clearLoginFailures(db: Kysely<Database>, email: string): Promise<void> {
  await db.deleteFrom("login_attempts").where("key", "=", emailKey(email)).execute();
}
