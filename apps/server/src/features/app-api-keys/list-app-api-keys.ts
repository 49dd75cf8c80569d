import type { AppApiKeyList } from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { appApiKeyView } from "./app-api-key-view.ts";

/** An app's keys, newest first, active and revoked, never their secrets (the caller checked access). */
export async function listAppApiKeys(deps: Pick<Deps, "db">, appId: string): Promise<AppApiKeyList> {
  const rows = await deps.db
    .selectFrom("app_api_keys")
    .selectAll()
    .where("appId", "=", appId)
    .orderBy("createdAt", "desc")
    .orderBy("id")
    .execute();
  return { keys: rows.map(appApiKeyView) };
}
