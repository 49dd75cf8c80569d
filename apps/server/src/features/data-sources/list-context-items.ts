import type { ContextItemStatus, ContextItemsResponse } from "@liftoff/domain";
import { planLimits } from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import type { ManagedApp } from "../space-apps/find-managed-app.ts";
import { toContextItem } from "./to-context-item.ts";

/**
 * GET /api/context/items (spec section 7): the app's items, newest first, and whether the
 * owner's monthly data processing is used up (the data limit banner).
 */
export async function listContextItems(options: {
  deps: Pick<Deps, "db">;
  managed: ManagedApp;
  status?: ContextItemStatus | undefined;
}): Promise<ContextItemsResponse> {
  const { deps, managed } = options;
  let query = deps.db
    .selectFrom("context_items")
    .selectAll()
    .where("appId", "=", managed.app.id)
    .orderBy("createdAt", "desc")
    .orderBy("id");
  if (options.status) query = query.where("status", "=", options.status);
  const [rows, account] = await Promise.all([
    query.execute(),
    deps.db
      .selectFrom("accounts")
      .select("dataProcessingUsed")
      .where("id", "=", managed.app.accountId)
      .executeTakeFirst(),
  ]);
  return {
    contextItems: rows.map(toContextItem),
    hasReachedDataLimit:
      (account?.dataProcessingUsed ?? 0) >= planLimits(managed.ownerPlan).dataProcessingTotal,
  };
}
