import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";

/**
 * App tokens: what code running inside a space app's sandboxed frame holds instead of a
 * platform session. Scoped to one app and one subject, so a token leaked by (or stolen
 * from) generated code can do nothing outside that app. Signed with the auth secret
 * (HMAC-SHA256), so checking one costs no database round trip on the entity API's hot path.
 * Kinds: `user` is an end user of the app (subject = app_users.id); `admin` is a platform
 * user acting as the app's admin (the builder's preview; subject = users.id), short-lived.
 * The signature proves where a token came from; whether it still counts is
 * appTokenSubjectActive's question (a `user` token carries its user's token generation,
 * which logout and a password reset move on; an `admin` token dies with its user's account).
 */
export const APP_TOKEN_PREFIX = "lat_";
export const APP_USER_TOKEN_TTL_SECONDS = 30 * 24 * 3600;
export const APP_ADMIN_TOKEN_TTL_SECONDS = 2 * 3600;

const payloadSchema = z.object({
  a: z.string().min(1),
  s: z.string().min(1),
  k: z.enum(["user", "admin"]),
  e: z.number().int(),
  // Token generation (absent in tokens from before it existed: generation 0).
  g: z.number().int().min(0).optional(),
});

export type AppTokenClaims = {
  appId: string;
  subjectId: string;
  kind: "user" | "admin";
  /** Expiry, seconds since the epoch. */
  expiresAt: number;
  /** The subject's token generation when issued (end users; 0 for admin tokens). */
  generation: number;
};

function signature(secret: string, body: string): string {
  return createHmac("sha256", `app-token:${secret}`).update(body).digest("base64url");
}

export function signAppToken(
  secret: string,
  claims: {
    appId: string;
    subjectId: string;
    kind: "user" | "admin";
    ttlSeconds?: number;
    generation?: number;
  },
  now: number = Date.now(),
): string {
  const ttl =
    claims.ttlSeconds ?? (claims.kind === "admin" ? APP_ADMIN_TOKEN_TTL_SECONDS : APP_USER_TOKEN_TTL_SECONDS);
  const body = Buffer.from(
    JSON.stringify({
      a: claims.appId,
      s: claims.subjectId,
      k: claims.kind,
      e: Math.floor(now / 1000) + ttl,
      g: claims.generation ?? 0,
    }),
  ).toString("base64url");
  return `${APP_TOKEN_PREFIX}${body}.${signature(secret, body)}`;
}

export function isAppToken(token: string): boolean {
  return token.startsWith(APP_TOKEN_PREFIX);
}

/** The claims of a valid, unexpired token; null for anything else (never throws). */
export function verifyAppToken(
  secret: string,
  token: string,
  now: number = Date.now(),
): AppTokenClaims | null {
  if (!isAppToken(token) || token.length > 2000) return null;
  const rest = token.slice(APP_TOKEN_PREFIX.length);
  const dot = rest.indexOf(".");
  if (dot <= 0) return null;
  const body = rest.slice(0, dot);
  const given = Buffer.from(rest.slice(dot + 1));
  const expected = Buffer.from(signature(secret, body));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let parsed: z.infer<typeof payloadSchema>;
  try {
    parsed = payloadSchema.parse(JSON.parse(Buffer.from(body, "base64url").toString("utf8")));
  } catch {
    return null;
  }
  if (parsed.e * 1000 <= now) return null;
  return {
    appId: parsed.a,
    subjectId: parsed.s,
    kind: parsed.k,
    expiresAt: parsed.e,
    generation: parsed.g ?? 0,
  };
}

/** The app token of a request's `Authorization: Bearer lat_…` header, or null. */
export function bearerAppToken(headers: Headers): string | null {
  const header = headers.get("authorization");
  if (!header?.startsWith("Bearer ")) return null;
  const token = header.slice(7).trim();
  return isAppToken(token) ? token : null;
}
