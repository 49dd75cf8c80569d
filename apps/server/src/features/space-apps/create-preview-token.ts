import { APP_ADMIN_TOKEN_TTL_SECONDS, type AppTokenIssuer, signAppToken } from "../app-tokens/app-token.ts";
import { signFrameGrant } from "../runtime/frame-grant.ts";

/**
 * The builder's preview token: an app token of kind 'admin' for the signed-in builder,
 * scoped to this one app and short-lived. The sandboxed preview frame holds this instead
 * of the platform session, so the app's code can never act as the builder elsewhere.
 * With it comes the app's frame grant, which the preview frame's URL needs to open drafts.
 */
export async function createPreviewToken(options: {
  config: AppTokenIssuer;
  appId: string;
  userId: string;
  now?: number;
}): Promise<{ token: string; expiresAt: string; frameGrant: string }> {
  const now = options.now ?? Date.now();
  const token = await signAppToken(
    options.config,
    { appId: options.appId, subjectId: options.userId, kind: "admin" },
    now,
  );
  return {
    token,
    expiresAt: new Date(now + APP_ADMIN_TOKEN_TTL_SECONDS * 1000).toISOString(),
    frameGrant: signFrameGrant(options.config.authSecret, options.appId, now),
  };
}
