import { AppError, DATA_SOURCE_MESSAGES } from "@liftoff/domain";
import type { Deps, SessionInfo } from "../../http/app-env.ts";
import { findManagedApp, type ManagedApp } from "../space-apps/find-managed-app.ts";
import type { ContextItemRow } from "./to-context-item.ts";

/**
 * An item the caller may manage (through its app: the owner or a platform admin). Anyone
 * else gets the same 404 as for a missing item, so ids cannot be probed.
 */
export async function findContextItem(
  deps: Pick<Deps, "db" | "config">,
  session: SessionInfo,
  itemId: string,
): Promise<{ item: ContextItemRow; managed: ManagedApp }> {
  const item = await deps.db
    .selectFrom("context_items")
    .selectAll()
    .where("id", "=", itemId)
    .executeTakeFirst();
  if (!item) throw new AppError("NOT_FOUND", DATA_SOURCE_MESSAGES.itemNotFound);
  const managed = await findManagedApp(deps, session, item.appId).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "NOT_FOUND")
      throw new AppError("NOT_FOUND", DATA_SOURCE_MESSAGES.itemNotFound);
    throw error;
  });
  return { item, managed };
}
