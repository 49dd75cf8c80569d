import { type RunApiResult, runViewSchema } from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";

/** Past the run's own timeout, by this much: the run stores itself as failed first. */
const WAIT_MARGIN_MS = 5_000;

/**
 * Waits for a run started in this process to finish and answers it as the Run API's JSON:
 * the stored view (the same public view the stream sends), its outcome, tokens and
 * credits. Bounded: a run ends by RUN_TIMEOUT_MS at the latest (it then stores itself as
 * failed); past that and a margin, whatever is stored is answered (status "running").
 */
export async function waitForRun(options: {
  deps: Pick<Deps, "db" | "runs" | "config">;
  appId: string;
  runId: string;
}): Promise<RunApiResult> {
  const { deps, appId, runId } = options;
  await new Promise<void>((resolve) => {
    let timer: NodeJS.Timeout | undefined;
    const finish = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    // Subscribe, then look: the generation drops its live view and publishes 'done' in the
    // same tick, so a run without a view here has finished and nothing is missed.
    const unsubscribe = deps.runs.subscribe(runId, (event) => {
      if (event.type === "done") finish();
    });
    if (!deps.runs.views.has(runId)) return finish();
    timer = setTimeout(finish, deps.config.runTimeoutMs + WAIT_MARGIN_MS);
  });
  const row = await deps.db
    .selectFrom("tool_runs")
    .select(["status", "view", "usage", "creditsCharged"])
    .where("id", "=", runId)
    .where("appId", "=", appId)
    .executeTakeFirstOrThrow();
  const usage = row.usage as {
    promptTokens?: number;
    completionTokens?: number;
    totalTokens?: number;
  } | null;
  return {
    status: row.status,
    run: runViewSchema.parse(row.view),
    usage: usage
      ? {
          promptTokens: usage.promptTokens ?? 0,
          completionTokens: usage.completionTokens ?? 0,
          totalTokens: usage.totalTokens ?? 0,
        }
      : null,
    creditsCharged: row.creditsCharged,
  };
}
