import { APP_API_KEY_MESSAGES, type AppApiKey, AppError } from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { appApiKeyView } from "./app-api-key-view.ts";

/**
 * Revokes one of an app's keys (the caller checked access): it is refused from the next
 * request on and stays listed with its revocation time. Revoking it again changes nothing.
 */
export async function revokeAppApiKey(options: {
  deps: Pick<Deps, "db">;
  appId: string;
  keyId: string;
}): Promise<AppApiKey> {
  const { deps, appId, keyId } = options;
  await deps.db
    .updateTable("app_api_keys")
    .set({ revokedAt: new Date() })
    .where("id", "=", keyId)
    .where("appId", "=", appId)
    .where("revokedAt", "is", null)
    .execute();
  const row = await deps.db
    .selectFrom("app_api_keys")
    .selectAll()
    .where("id", "=", keyId)
    .where("appId", "=", appId)
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", APP_API_KEY_MESSAGES.notFound);
  return appApiKeyView(row);
}
