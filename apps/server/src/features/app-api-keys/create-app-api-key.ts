import { randomUUID } from "node:crypto";
import { APP_API_KEY_MESSAGES, APP_API_KEYS_PER_APP, AppError, type CreatedAppApiKey } from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { displayHintOf, hashAppApiKey, newAppApiKeySecret } from "./app-api-key-secret.ts";
import { appApiKeyView } from "./app-api-key-view.ts";

/**
 * Makes an API key for an app the caller manages (checked by the route) and returns its
 * secret, the only time it is ever shown: only its hash is stored. At most
 * APP_API_KEYS_PER_APP active keys per app; the app's row is locked while counting so two
 * concurrent requests cannot both take the last place.
 */
export async function createAppApiKey(options: {
  deps: Pick<Deps, "db">;
  appId: string;
  name: string;
  createdBy: string;
}): Promise<CreatedAppApiKey> {
  const { deps, appId } = options;
  const secret = newAppApiKeySecret();
  const row = await deps.db.transaction().execute(async (trx) => {
    await trx.selectFrom("apps").select("id").where("id", "=", appId).forUpdate().executeTakeFirstOrThrow();
    const { active } = await trx
      .selectFrom("app_api_keys")
      .select((eb) => eb.fn.countAll<string>().as("active"))
      .where("appId", "=", appId)
      .where("revokedAt", "is", null)
      .executeTakeFirstOrThrow();
    if (Number(active) >= APP_API_KEYS_PER_APP)
      throw new AppError("CONFLICT", APP_API_KEY_MESSAGES.limit, { reason: "api_keys_limit" });
    return trx
      .insertInto("app_api_keys")
      .values({
        id: randomUUID(),
        appId,
        name: options.name,
        hash: hashAppApiKey(secret),
        displayHint: displayHintOf(secret),
        createdBy: options.createdBy,
        createdAt: new Date(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return { key: appApiKeyView(row), secret };
}
