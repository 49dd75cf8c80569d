import { type Database, preparedCompiled } from "@liftoff/db";
import {
  AppError,
  type PlanId,
  planIdSchema,
  RUN_MESSAGES,
  type SavedApp,
  type SavedAppKind,
  type Tool,
} from "@liftoff/domain";
import { type Kysely, sql } from "kysely";
import type { IndexedItem } from "../data-sources/sign-index.ts";
import { cached } from "../entities/entity-cache.ts";
import { readPublishedSavedApp } from "../generated-apps/read-saved-app.ts";

/** A data-source item that has been read (has an indexed generation), by id and type. */
export type RunnableIndexedItem = IndexedItem & { type: string };

export type RunnableTool = {
  app: { id: string; slug: string; name: string; kind: SavedAppKind };
  /** The app's data-source items that can be searched, when the tool was loaded. */
  indexedItems: RunnableIndexedItem[];
  saved: SavedApp;
  tool: Tool;
  owner: { accountId: string; userId: string; plan: PlanId | null };
};

/** A published generated app or single tool as runs read it (the tools picked from it). */
type RunnableApp = Omit<RunnableTool, "tool">;

/**
 * The tool an end user may run: an active tool of a published generated app or single
 * tool, read from the published copy (never the builder's draft). Everything else is one
 * 404, so a visitor cannot tell a draft tool from one that does not exist. Status is
 * checked first: unpublishing keeps the published copy.
 *
 * Every run starts here, so the app is read through the entity cache (entity-cache.ts): a
 * run asks the database once before the model is called, for its allowance, instead of
 * twice (bench/runs). Staleness is bounded as for entities: publishing, unpublishing,
 * deleting the app and a data-source item becoming searchable announce the change
 * (announceAppChange: this process at once, other instances on commit), and an entry lives
 * ENTITY_CACHE_TTL_MS regardless — which bounds how long a plan change takes to reach runs.
 */
export async function loadRunnableTool(
  db: Kysely<Database>,
  input: { appId: string; toolId: string },
): Promise<RunnableTool> {
  const runnable = await cached(input.appId, "run", "app", () => readRunnableApp(db, input.appId));
  const tool = runnable?.saved.tools.find(
    (candidate) => candidate.toolId === input.toolId && candidate.status === "active",
  );
  if (!runnable || !tool) throw new AppError("NOT_FOUND", RUN_MESSAGES.notFound);
  return { ...runnable, tool };
}

async function readRunnableApp(db: Kysely<Database>, appId: string): Promise<RunnableApp | null> {
  const query = db
    .selectFrom("apps")
    .innerJoin("accounts", "accounts.id", "apps.accountId")
    .select([
      "apps.id",
      "apps.slug",
      "apps.name",
      "apps.kind",
      "apps.status",
      // Only the published copy: the builder's draft is never an end user's.
      sql<
        Record<string, unknown>
      >`jsonb_build_object('publishedSavedApp', "apps"."data" -> 'publishedSavedApp')`.as("data"),
      "accounts.id as accountId",
      "accounts.userId as ownerId",
      "accounts.plan as ownerPlan",
      // The app's searchable data-source items, read here so a run asks the database once
      // before the model is called (retrieveRunContext would otherwise list them).
      sql<
        RunnableIndexedItem[] | null
      >`(select json_agg(json_build_object('id', "ci"."id", 'type', "ci"."type",
          'indexedGeneration', "ci"."indexedGeneration", 'numOfChunks', "ci"."numOfChunks"))
        from "context_items" as "ci"
        where "ci"."appId" = "apps"."id" and "ci"."indexedGeneration" is not null)`.as("indexedItems"),
    ])
    .where("apps.id", "=", appId)
    .compile();
  // A named statement on PostgreSQL, planned once per connection.
  preparedCompiled(query.sql);
  const [row] = (await db.executeQuery(query)).rows;
  if (!row || (row.kind !== "generated" && row.kind !== "tool") || row.status !== "published") return null;
  const saved = readPublishedSavedApp(row);
  if (!saved) return null;
  return {
    app: { id: row.id, slug: row.slug, name: row.name, kind: row.kind },
    indexedItems: row.indexedItems ?? [],
    saved,
    owner: {
      accountId: row.accountId,
      userId: row.ownerId,
      plan: row.ownerPlan === null ? null : planIdSchema.catch("lite").parse(row.ownerPlan),
    },
  };
}
