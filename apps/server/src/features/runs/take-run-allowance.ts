import type { Database } from "@liftoff/db";
import { AppError, RUN_MESSAGES } from "@liftoff/domain";
import { type Kysely, sql } from "kysely";
import { refundRun } from "./refund-run.ts";
import type { RunWindow } from "./run-windows.ts";

/** The stored row a charge is recorded on (its creditsCharged and chargedAccountId). */
export type ChargedRow = { table: "tool_runs" | "assistant_messages"; id: string };

/**
 * Counts one run against the per-IP limits, stores it, then charges the builder's credits.
 *
 * The counting and storing are one transaction (`store` gets it): each window is a guarded
 * upsert — the row is created at 1, or incremented only while below the limit — so
 * concurrent runs from one address (on any instance) are counted one after the other and
 * exactly `limit` get through; a refusal stores nothing.
 *
 * The credits come after the commit, in ONE statement that charges the account only while
 * appRunsUsed stays within appRunsTotal and records the charge on the stored row. The
 * account's row is the one every run of the builder's apps shares: inside a transaction its
 * lock was held across a client round trip, and under load (bench/runs, 50 runs at once)
 * every start queued on it; a single statement holds it only while Postgres runs it. When
 * the builder has no credits left, `undo` removes what was stored and the counts are
 * given back, in one transaction, and the refusal is thrown. A crash between the two
 * leaves a stored, uncharged run that the lease sweep fails and un-counts.
 */
export async function takeRunAllowance(
  db: Kysely<Database>,
  input: {
    appId: string;
    ipHash: string;
    windows: readonly RunWindow[];
    credits: number;
    accountId: string;
    appRunsTotal: number;
    /** The refusals' texts (default: the runs' messages); the assistant has its own. */
    messages?: { limit: (window: RunWindow) => string; unavailable: string };
    /** Writes the run (or message, uncharged: creditsCharged 0) in the counting transaction. */
    store: (trx: Kysely<Database>) => Promise<void>;
    /** The stored row the charge is recorded on. */
    charged: ChargedRow;
    /** Removes what `store` wrote, when the credits cannot be charged. */
    undo: (trx: Kysely<Database>) => Promise<void>;
  },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
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
    await input.store(trx);
  });
  if (input.credits <= 0) return;
  const table = sql.table(input.charged.table);
  const charged = await sql<{ id: string }>`
    with "charged" as (
      update "accounts" set "appRunsUsed" = "appRunsUsed" + ${input.credits}
      where "id" = ${input.accountId} and "appRunsUsed" + ${input.credits} <= ${input.appRunsTotal}
      returning "id"
    )
    update ${table} set "creditsCharged" = ${input.credits}, "chargedAccountId" = ${input.accountId}
    where "id" = ${input.charged.id} and exists (select 1 from "charged")
    returning "id"`.execute(db);
  if (charged.rows.length > 0) return;
  await db.transaction().execute(async (trx) => {
    await input.undo(trx);
    await refundRun(trx, {
      appId: input.appId,
      ipHash: input.ipHash,
      counterWindows: input.windows.map((window) => window.key),
      creditsCharged: 0,
      chargedAccountId: null,
    });
  });
  throw new AppError("PLAN_LIMIT", input.messages?.unavailable ?? RUN_MESSAGES.unavailable, {
    reason: "app_runs_limit",
  });
}
