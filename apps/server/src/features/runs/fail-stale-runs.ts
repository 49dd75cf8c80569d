import { type Database, jsonValue } from "@liftoff/db";
import { applyRunEvent, RUN_MESSAGES, runViewSchema } from "@liftoff/domain";
import type { ExpressionBuilder } from "kysely";
import { startLeaseSweeper } from "../../background/lease.ts";
import type { Deps } from "../../http/app-env.ts";
import { log } from "../../log.ts";
import { refundRun } from "./refund-run.ts";

/**
 * Fails every running run whose lease ran out (its process died mid-run), storing the
 * error in its view and giving back its counts and credits, one transaction per run so an
 * instance sweeping at the same moment neither fails nor refunds it twice. Runs of this
 * process are renewed and never match. Returns how many were failed.
 */
export async function failStaleRuns(
  deps: Pick<Deps, "db">,
  now = new Date(),
  options: { ignoreLeases?: boolean } = {},
): Promise<number> {
  // Leases matter only while another process may hold them (see startRunSweeper).
  const leaseOver = (eb: ExpressionBuilder<Database, "tool_runs">) =>
    options.ignoreLeases ? eb.lit(true) : eb.or([eb("leaseUntil", "is", null), eb("leaseUntil", "<", now)]);
  const stale = await deps.db
    .selectFrom("tool_runs")
    .select("id")
    .where("status", "=", "running")
    .where(leaseOver)
    .limit(500)
    .execute();
  let failed = 0;
  for (const { id } of stale) {
    await deps.db.transaction().execute(async (trx) => {
      const run = await trx
        .selectFrom("tool_runs")
        .selectAll()
        .where("id", "=", id)
        .where("status", "=", "running")
        .where(leaseOver)
        .forUpdate()
        .executeTakeFirst();
      if (!run) return;
      const parsed = runViewSchema.safeParse(run.view);
      // Died after its answer was whole (while suggesting follow-ups or remembering answers):
      // the end user has what they ran for, so it is kept as a success and not refunded.
      const answered = parsed.success && parsed.data.state.phase === "success";
      let view: unknown = run.view;
      if (parsed.success) {
        let next = parsed.data;
        if (next.state.phase === "idle")
          next = applyRunEvent(next, { type: "phase", phase: "loading", step: "generate" });
        if (!answered)
          next = applyRunEvent(next, { type: "error", code: "internal", message: RUN_MESSAGES.interrupted });
        view = applyRunEvent(next, { type: "done", phase: answered ? "success" : "error" });
      }
      await trx
        .updateTable("tool_runs")
        .set({
          status: answered ? "success" : "error",
          view: jsonValue(view),
          errorCode: answered ? null : "internal",
          errorDetails: answered ? null : "The server stopped while running this tool",
          leaseUntil: null,
          updatedAt: now,
          finishedAt: now,
        })
        .where("id", "=", id)
        .execute();
      if (!answered) await refundRun(trx, run);
      failed += 1;
    });
  }
  return failed;
}

/**
 * Sweeps at boot and every LEASE_SWEEP_MS; `stop` ends the timer. On the embedded database
 * this process is the only one, so at boot every run still marked running was left by the
 * process before it (killed, crashed): those are failed at once instead of after their
 * lease runs out, and a reloading visitor sees the reason within a second of the restart.
 */
export async function startRunSweeper(deps: Pick<Deps, "db" | "dbKind">): Promise<{ stop(): void }> {
  if (deps.dbKind === "pglite")
    await failStaleRuns(deps, new Date(), { ignoreLeases: true })
      .then((count) => count > 0 && log.info("runs: failed runs left running before this start", { count }))
      .catch((error) => log.warn("runs: boot sweep failed", { error }));
  return startLeaseSweeper({ what: "runs", sweep: () => failStaleRuns(deps) });
}
