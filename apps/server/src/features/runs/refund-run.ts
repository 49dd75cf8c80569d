import type { Database } from "@liftoff/db";
import { type Kysely, sql } from "kysely";

/** What a run took when it started: its limit windows and the builder's credits. */
export type RunCharge = {
  appId: string;
  ipHash: string;
  counterWindows: readonly string[];
  creditsCharged: number;
  chargedAccountId: string | null;
};

/**
 * Gives back what a run took, for a run that ended without an answer through no fault of
 * the end user (the model failed or timed out, the server stopped): its count in each limit
 * window and the builder's credits. Call it inside the transaction that moves the run out
 * of 'running', so it happens once however many instances sweep.
 */
export async function refundRun(trx: Kysely<Database>, charge: RunCharge): Promise<void> {
  if (charge.counterWindows.length > 0)
    await trx
      .updateTable("run_counters")
      .set({ count: sql`greatest("count" - 1, 0)` })
      .where("appId", "=", charge.appId)
      .where("ipHash", "=", charge.ipHash)
      .where("window", "in", [...charge.counterWindows])
      .execute();
  if (charge.creditsCharged > 0 && charge.chargedAccountId)
    await trx
      .updateTable("accounts")
      .set({ appRunsUsed: sql`greatest("appRunsUsed" - ${charge.creditsCharged}, 0)` })
      .where("id", "=", charge.chargedAccountId)
      .execute();
}
