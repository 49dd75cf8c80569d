import type { Database } from "@liftoff/db";
import { runViewSchema, type ToolRunList, usageRecordSchema } from "@liftoff/domain";
import type { Kysely } from "kysely";

/** The app's latest runs, newest first (run history; the IP hash is never shown). */
export async function listToolRuns(
  db: Kysely<Database>,
  input: { appId: string; limit: number },
): Promise<ToolRunList> {
  const rows = await db
    .selectFrom("tool_runs")
    .selectAll()
    .where("appId", "=", input.appId)
    .orderBy("createdAt", "desc")
    .limit(input.limit)
    .execute();
  return {
    runs: rows.map((row) => {
      const view = runViewSchema.safeParse(row.view);
      const usage = usageRecordSchema.safeParse(row.usage);
      return {
        id: row.id,
        toolId: row.toolId,
        parentRunId: row.parentRunId,
        status: row.status,
        request: row.request,
        view: view.success ? view.data : null,
        errorCode: row.errorCode,
        errorDetails: row.errorDetails,
        usage: usage.success ? usage.data : null,
        model: row.model,
        signedIn: row.appUserId !== null,
        creditsCharged: row.creditsCharged,
        createdAt: new Date(row.createdAt).toISOString(),
        finishedAt: row.finishedAt ? new Date(row.finishedAt).toISOString() : null,
      };
    }),
  };
}
