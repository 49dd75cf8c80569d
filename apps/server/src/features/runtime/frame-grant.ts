import { createHmac, timingSafeEqual } from "node:crypto";
import { APP_ADMIN_TOKEN_TTL_SECONDS } from "../app-tokens/app-token.ts";

/**
 * A frame grant: what lets a browser load the frame document of a version that is not the
 * app's published one (a draft, an older version). It travels in the frame's URL
 * (`/runtime/frame?…&grant=`), because the frame is an `<iframe>` whose request carries no
 * header we could set, and the platform session must never be what opens a frame: a
 * cookie would also open it when a foreign page links or frames it.
 *
 * It proves only "the app's builders asked for this app's frames recently": it is bound to
 * one app, expires with the builder's preview token, and grants nothing else (no API, no
 * data, no session). App code in the frame can read it from its own URL; all it could do
 * with it is load frames of the same app, which it already is.
 */
export const FRAME_GRANT_TTL_SECONDS = APP_ADMIN_TOKEN_TTL_SECONDS;

function signature(secret: string, appId: string, expiresAt: number): string {
  return createHmac("sha256", `frame-grant:${secret}`).update(`${appId}\n${expiresAt}`).digest("base64url");
}

export function signFrameGrant(secret: string, appId: string, now: number = Date.now()): string {
  const expiresAt = Math.floor(now / 1000) + FRAME_GRANT_TTL_SECONDS;
  return `${expiresAt}.${signature(secret, appId, expiresAt)}`;
}

/** True for an unexpired grant of this app; false for anything else (never throws). */
export function verifyFrameGrant(
  secret: string,
  appId: string,
  grant: string | undefined,
  now: number = Date.now(),
): boolean {
  if (!grant || grant.length > 200) return false;
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]+)$/.exec(grant);
  if (!match) return false;
  const expiresAt = Number(match[1]);
  if (expiresAt * 1000 <= now) return false;
  const given = Buffer.from(match[2]!);
  const expected = Buffer.from(signature(secret, appId, expiresAt));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
