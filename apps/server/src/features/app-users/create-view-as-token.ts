import { AppError } from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { APP_VIEW_AS_TOKEN_TTL_SECONDS, signAppToken } from "../app-tokens/app-token.ts";
import { signFrameGrant } from "../runtime/frame-grant.ts";

export const VIEW_AS_DISABLED_MESSAGE = "This user is disabled";

/**
 * "View as" an end user in the builder's preview: an ordinary app token of kind user for
 * that end user (the same jose token their own sign-in gives, so the preview sees exactly
 * what they see), short-lived and carrying the builder as its actor, which ends it as soon
 * as the builder no longer manages the app. The caller has checked that the builder may
 * manage the app; here the end user must be one of this app's, and enabled.
 */
export async function createViewAsToken(options: {
  deps: Pick<Deps, "db" | "config">;
  appId: string;
  appUserId: string;
  builderId: string;
  now?: number;
}): Promise<{ token: string; expiresAt: string; frameGrant: string }> {
  const { deps, appId } = options;
  const now = options.now ?? Date.now();
  const user = await deps.db
    .selectFrom("app_users")
    .select(["id", "tokenGeneration", "disabled"])
    .where("id", "=", options.appUserId)
    .where("appId", "=", appId)
    .executeTakeFirst();
  if (!user) throw new AppError("NOT_FOUND", "User not found");
  if (user.disabled) throw new AppError("BAD_REQUEST", VIEW_AS_DISABLED_MESSAGE);
  const token = await signAppToken(
    deps.config,
    {
      appId,
      subjectId: user.id,
      kind: "user",
      generation: user.tokenGeneration,
      ttlSeconds: APP_VIEW_AS_TOKEN_TTL_SECONDS,
      actorId: options.builderId,
    },
    now,
  );
  return {
    token,
    expiresAt: new Date(now + APP_VIEW_AS_TOKEN_TTL_SECONDS * 1000).toISOString(),
    frameGrant: signFrameGrant(deps.config.authSecret, appId, now),
  };
}
