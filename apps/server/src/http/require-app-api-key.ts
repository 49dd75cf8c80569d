import { APP_API_KEY_MESSAGES, APP_API_KEY_PREFIX, AppError } from "@liftoff/domain";
import type { MiddlewareHandler } from "hono";
import { hashAppApiKey } from "../features/app-api-keys/app-api-key-secret.ts";
import type { AppEnv, Deps } from "./app-env.ts";

/** The OpenAPI security requirement of a Run API route (`appApiKey` scheme, create-server-app.ts). */
export const APP_API_KEY_SECURITY: Record<string, string[]>[] = [{ appApiKey: [] }];

/** `lft_` + 32 bytes in base64url (43 characters): anything else is not a key, so it is never looked up. */
const KEY_SHAPE = new RegExp(`^${APP_API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`);

/**
 * Checks an app API key: a credential of one app, not of a person. People authenticate
 * only through the session (session-middleware.ts, requireSession); this check is the one
 * other way in, and it grants exactly one thing: running that app's published tools
 * (the Run API). The key is found by the SHA-256 of the presented secret (one indexed
 * lookup, no character-by-character comparison of secrets) and must belong to `appId` and
 * not be revoked. Every refusal is the same 401, so a caller learns neither whether the app
 * exists nor whether the key belongs to another app or was revoked. Marks the key used.
 */
export async function requireAppApiKey(options: {
  deps: Pick<Deps, "db">;
  appId: string;
  authorization: string | undefined;
}): Promise<{ keyId: string }> {
  const { deps, appId } = options;
  const match = /^Bearer (\S+)$/.exec(options.authorization?.trim() ?? "");
  if (!match?.[1]) throw new AppError("UNAUTHORIZED", APP_API_KEY_MESSAGES.missing);
  if (!KEY_SHAPE.test(match[1])) throw new AppError("UNAUTHORIZED", APP_API_KEY_MESSAGES.invalid);
  const key = await deps.db
    .selectFrom("app_api_keys")
    .select(["id", "appId", "revokedAt"])
    .where("hash", "=", hashAppApiKey(match[1]))
    .executeTakeFirst();
  if (!key || key.appId !== appId || key.revokedAt !== null)
    throw new AppError("UNAUTHORIZED", APP_API_KEY_MESSAGES.invalid);
  await deps.db
    .updateTable("app_api_keys")
    .set({ lastUsedAt: new Date() })
    .where("id", "=", key.id)
    .execute();
  return { keyId: key.id };
}

/**
 * The same check as a route's first middleware, ahead of its validators: a request
 * without a valid key gets 401 and learns nothing of the route's input rules (as
 * createRouter does for sessions). The route reads `appId` from its path.
 */
export function appApiKeyFirst(deps: Pick<Deps, "db">): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await requireAppApiKey({
      deps,
      appId: c.req.param("appId") ?? "",
      authorization: c.req.header("authorization"),
    });
    await next();
  };
}
