import type { Database } from "@liftoff/db";
import {
  AppError,
  type PlanId,
  planIdSchema,
  RUN_MESSAGES,
  type SavedApp,
  type SavedAppKind,
  type Tool,
} from "@liftoff/domain";
import type { Kysely } from "kysely";
import { readPublishedSavedApp } from "../generated-apps/read-saved-app.ts";

export type RunnableTool = {
  app: { id: string; slug: string; name: string; kind: SavedAppKind };
  saved: SavedApp;
  tool: Tool;
  owner: { accountId: string; userId: string; plan: PlanId | null };
};

/**
 * The tool an end user may run: an active tool of a published generated app or single
 * tool, read from the published copy (never the builder's draft). Everything else is one
 * 404, so a visitor cannot tell a draft tool from one that does not exist. Status is
 * checked first: unpublishing keeps the published copy.
 */
export async function loadRunnableTool(
  db: Kysely<Database>,
  input: { appId: string; toolId: string },
): Promise<RunnableTool> {
  const row = await db
    .selectFrom("apps")
    .innerJoin("accounts", "accounts.id", "apps.accountId")
    .select([
      "apps.id",
      "apps.slug",
      "apps.name",
      "apps.kind",
      "apps.status",
      "apps.data",
      "accounts.id as accountId",
      "accounts.userId as ownerId",
      "accounts.plan as ownerPlan",
    ])
    .where("apps.id", "=", input.appId)
    .executeTakeFirst();
  const notFound = () => new AppError("NOT_FOUND", RUN_MESSAGES.notFound);
  if (!row || (row.kind !== "generated" && row.kind !== "tool") || row.status !== "published")
    throw notFound();
  const saved = readPublishedSavedApp(row);
  const tool = saved?.tools.find(
    (candidate) => candidate.toolId === input.toolId && candidate.status === "active",
  );
  if (!saved || !tool) throw notFound();
  return {
    app: { id: row.id, slug: row.slug, name: row.name, kind: row.kind },
    saved,
    tool,
    owner: {
      accountId: row.accountId,
      userId: row.ownerId,
      plan: row.ownerPlan === null ? null : planIdSchema.catch("lite").parse(row.ownerPlan),
    },
  };
}
