import { AppError, DATA_SOURCE_MESSAGES, type SavedAppResponse } from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { commitSavedApp } from "../generated-apps/commit-saved-app.ts";
import { savedAppKind } from "../generated-apps/read-saved-app.ts";
import type { ManagedApp } from "../space-apps/find-managed-app.ts";

/**
 * POST /api/tools/{appId}/replaceDataItem (spec section 7): every tool of the app that uses
 * `oldItemId` uses `newItemId` instead (a replaced file). Both must be the app's items;
 * the change is saved as a new version of the document, like any other.
 */
export async function replaceDataItem(options: {
  deps: Pick<Deps, "db">;
  managed: ManagedApp;
  oldItemId: string;
  newItemId: string;
}): Promise<SavedAppResponse> {
  const { deps, managed } = options;
  savedAppKind(managed.app);
  const items = await deps.db
    .selectFrom("context_items")
    .select(["id", "type"])
    .where("appId", "=", managed.app.id)
    .where("id", "in", [options.oldItemId, options.newItemId])
    .execute();
  const replacement = items.find((item) => item.id === options.newItemId);
  if (!replacement) throw new AppError("NOT_FOUND", DATA_SOURCE_MESSAGES.itemNotFound);
  return commitSavedApp({
    db: deps.db,
    managed,
    source: "data_items",
    next: (previous) => ({
      ...previous,
      tools: previous.tools.map((tool) => ({
        ...tool,
        dataItems: tool.dataItems.map((dataItem) =>
          dataItem.contextItemId === options.oldItemId
            ? { ...dataItem, contextItemId: options.newItemId, type: replacement.type }
            : dataItem,
        ),
      })),
    }),
  });
}
