import { ASSISTANT_MESSAGES } from "@liftoff/domain";
import { startLeaseSweeper } from "../../background/lease.ts";
import type { Deps } from "../../http/app-env.ts";
import { refundRun } from "../runs/refund-run.ts";

/**
 * Fails every in_progress reply whose lease ran out (its process died), keeping what was
 * written, and gives back its count and credit, one transaction per reply so concurrent
 * sweeps do it once. Returns how many.
 */
export async function failStaleAssistantMessages(deps: Pick<Deps, "db">, now = new Date()): Promise<number> {
  const stale = await deps.db
    .selectFrom("assistant_messages")
    .select("id")
    .where("status", "=", "in_progress")
    .where((eb) => eb.or([eb("leaseUntil", "is", null), eb("leaseUntil", "<", now)]))
    .limit(500)
    .execute();
  let failed = 0;
  for (const { id } of stale)
    await deps.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable("assistant_messages")
        .set({
          status: "failed",
          error: ASSISTANT_MESSAGES.interrupted,
          errorDetails: "The server stopped while writing this reply",
          leaseUntil: null,
          updatedAt: now,
        })
        .where("id", "=", id)
        .where("status", "=", "in_progress")
        .where((eb) => eb.or([eb("leaseUntil", "is", null), eb("leaseUntil", "<", now)]))
        .returningAll()
        .executeTakeFirst();
      if (!row) return;
      await refundRun(trx, row);
      failed += 1;
    });
  return failed;
}

/** Sweeps at boot and every LEASE_SWEEP_MS; `stop` ends the timer. */
export function startAssistantSweeper(deps: Pick<Deps, "db">): Promise<{ stop(): void }> {
  return startLeaseSweeper({ what: "assistant", sweep: () => failStaleAssistantMessages(deps) });
}
