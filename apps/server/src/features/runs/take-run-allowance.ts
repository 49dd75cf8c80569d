import type { Database } from "@liftoff/db";
import { AppError, RUN_MESSAGES } from "@liftoff/domain";
import { type Kysely, sql } from "kysely";
import type { RunWindow } from "./run-windows.ts";

/**
 * Counts one run against the per-IP limits, stores it (`store`, the caller's writes) and
 * charges the builder's credits, inside the caller's transaction, so a refusal leaves
 * nothing behind.
 *
 * Each window is one guarded upsert: the row is created at 1, or incremented only while
 * below the limit. Postgres takes the row's lock for the update, so concurrent runs from
 * one address (on any instance) are counted one after the other and exactly `limit` get
 * through. The credits are the same: the account's appRunsUsed grows only while it stays
 * within appRunsTotal. The account's row is the one every run of the builder's apps
 * shares, so it is charged last: its lock is held only from that statement to the commit,
 * not while the run is counted and stored (bench/runs: 50 concurrent runs queued on it).
 */
export async function takeRunAllowance(
  trx: Kysely<Database>,
  input: {
    appId: string;
    ipHash: string;
    windows: readonly RunWindow[];
    credits: number;
    accountId: string;
    appRunsTotal: number;
    /** The refusals' texts (default: the runs' messages); the assistant has its own. */
    messages?: { limit: (window: RunWindow) => string; unavailable: string };
    /** Writes the run (or message) once it is counted, before the credits are charged. */
    store: () => Promise<void>;
  },
): Promise<void> {
  for (const window of input.windows) {
    const counted = await sql<{ count: number }>`
      insert into "run_counters" ("appId", "ipHash", "window", "count", "expiresAt")
      values (${input.appId}, ${input.ipHash}, ${window.key}, 1, ${window.resetsAt})
      on conflict ("appId", "ipHash", "window") do update set "count" = "run_counters"."count" + 1
      where "run_counters"."count" < ${window.limit}
      returning "count"`.execute(trx);
    if (counted.rows.length === 0)
      throw new AppError(
        "RATE_LIMITED",
        input.messages
          ? input.messages.limit(window)
          : window.reason === "daily"
            ? RUN_MESSAGES.dailyLimit(window.limit)
            : RUN_MESSAGES.weeklyLimit(window.limit),
        { reason: window.reason, limit: window.limit, resetsAt: window.resetsAt.toISOString() },
      );
  }
  await input.store();
  if (input.credits > 0) {
    const charged = await trx
      .updateTable("accounts")
      .set({ appRunsUsed: sql`"appRunsUsed" + ${input.credits}` })
      .where("id", "=", input.accountId)
      .where(sql<boolean>`"appRunsUsed" + ${input.credits} <= ${input.appRunsTotal}`)
      .returning("id")
      .executeTakeFirst();
    if (!charged)
      throw new AppError("PLAN_LIMIT", input.messages?.unavailable ?? RUN_MESSAGES.unavailable, {
        reason: "app_runs_limit",
      });
  }
}
