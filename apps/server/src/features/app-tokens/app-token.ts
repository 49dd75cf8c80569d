import { errors, jwtVerify, SignJWT } from "jose";
import { z } from "zod";
import type { Config } from "../../config.ts";
import { appTokenKey } from "./app-token-key.ts";

/**
 * App tokens: what code running inside a space app's sandboxed frame holds instead of a
 * platform session. Scoped to one app and one subject, so a token leaked by (or stolen
 * from) generated code can do nothing outside that app. Kinds: `user` is an end user of
 * the app (subject = app_users.id); `admin` is a platform user acting as the app's admin
 * (the builder's preview; subject = users.id), short-lived.
 *
 * Format: `lat_` + a compact JWS (HS256) made and checked by `jose`, a maintained,
 * widely audited JOSE implementation, instead of our own signed format: the parsing,
 * base64url and JSON edge cases, constant-time comparison and claim checks are the
 * library's, and verification pins the algorithm so `alg: none` or another algorithm is
 * never even tried. The key is derived for this purpose alone (app-token-key.ts). Claims:
 * `sub` the subject, `aud` the app, `iss` the platform's public URL, `iat`, `exp`, `kind`,
 * `gen` (an end user's token generation) and, for a builder viewing as an end user, `act`. The `lat_` prefix is not part of the JWS:
 * it tells app tokens from platform bearer tokens before anything is parsed (the session
 * middleware never hands one to the auth library) and lets secret scanners spot them.
 *
 * The signature proves where a token came from, so checking one costs no database round
 * trip on the entity API's hot path; whether it still counts is appTokenSubjectActive's
 * question (a `user` token carries its user's token generation, which logout and a
 * password reset move on; an `admin` token dies with its user's account).
 */
export const APP_TOKEN_PREFIX = "lat_";
export const APP_USER_TOKEN_TTL_SECONDS = 30 * 24 * 3600;
export const APP_ADMIN_TOKEN_TTL_SECONDS = 2 * 3600;
/** The builder's "View as" an end user: short, since it acts as somebody else. */
export const APP_VIEW_AS_TOKEN_TTL_SECONDS = 30 * 60;
/** Explicit typing (RFC 8725 §3.11): no other JWT, whatever its key, passes for an app token. */
const TOKEN_TYPE = "lat+jwt";
/** How far the clocks of two instances may disagree about expiry. */
const CLOCK_TOLERANCE_SECONDS = 5;
/** Far above a real token (about 350 characters): nothing bigger is parsed at all. */
const MAX_TOKEN_LENGTH = 2000;

/** What signs and checks app tokens: the secret their key derives from and the issuer. */
export type AppTokenIssuer = Pick<Config, "authSecret" | "publicUrl">;

export type AppTokenClaims = {
  appId: string;
  subjectId: string;
  kind: "user" | "admin";
  /** Expiry, seconds since the epoch. */
  expiresAt: number;
  /** The subject's token generation when issued (end users; 0 for admin tokens). */
  generation: number;
  /**
   * The builder (users.id) who asked to view the app as this end user ("View as" in the
   * preview; RFC 8693's `act` claim). Such a token counts only while that builder still
   * manages the app (appTokenSubjectActive).
   */
  actorId?: string;
};

/** A checked token: its claims, or why it does not count here. */
export type AppTokenVerdict =
  | { ok: true; claims: AppTokenClaims }
  | { ok: false; reason: "invalid" | "other-app" };

// The library has checked signature, issuer, audience, type and times; these are ours.
const privateClaims = z.object({
  sub: z.string().min(1).max(200),
  // One app per token: jose accepts an audience list that contains the app; we never issue one.
  aud: z.string(),
  kind: z.enum(["user", "admin"]),
  gen: z.number().int().min(0),
  exp: z.number(),
  act: z.object({ sub: z.string().min(1).max(200) }).optional(),
});

export async function signAppToken(
  issuer: AppTokenIssuer,
  claims: {
    appId: string;
    subjectId: string;
    kind: "user" | "admin";
    ttlSeconds?: number;
    generation?: number;
    actorId?: string;
  },
  now: number = Date.now(),
): Promise<string> {
  const ttl =
    claims.ttlSeconds ?? (claims.kind === "admin" ? APP_ADMIN_TOKEN_TTL_SECONDS : APP_USER_TOKEN_TTL_SECONDS);
  const issuedAt = Math.floor(now / 1000);
  const jws = await new SignJWT({
    kind: claims.kind,
    gen: claims.generation ?? 0,
    ...(claims.actorId ? { act: { sub: claims.actorId } } : {}),
  })
    .setProtectedHeader({ alg: "HS256", typ: TOKEN_TYPE })
    .setSubject(claims.subjectId)
    .setAudience(claims.appId)
    .setIssuer(issuer.publicUrl)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ttl)
    .sign(await appTokenKey(issuer.authSecret));
  return `${APP_TOKEN_PREFIX}${jws}`;
}

export function isAppToken(token: string): boolean {
  return token.startsWith(APP_TOKEN_PREFIX);
}

/**
 * Checks a token for one app. Anything but a valid, unexpired token of this platform for
 * this app is refused (never throws): a forgery, another algorithm, a token of the old
 * hand-signed format, garbage. A genuine token of another app says so (`other-app`), so
 * the entity API can tell a frame that lost track of its app from a bad token.
 */
export async function verifyAppToken(
  issuer: AppTokenIssuer,
  token: string,
  appId: string,
  now: number = Date.now(),
): Promise<AppTokenVerdict> {
  const invalid = { ok: false, reason: "invalid" } as const;
  if (!isAppToken(token) || token.length > MAX_TOKEN_LENGTH) return invalid;
  try {
    const { payload } = await jwtVerify(
      token.slice(APP_TOKEN_PREFIX.length),
      await appTokenKey(issuer.authSecret),
      {
        algorithms: ["HS256"],
        typ: TOKEN_TYPE,
        issuer: issuer.publicUrl,
        audience: appId,
        requiredClaims: ["sub", "iat", "exp"],
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        currentDate: new Date(now),
      },
    );
    const parsed = privateClaims.safeParse(payload);
    if (!parsed.success) return invalid;
    return {
      ok: true,
      claims: {
        appId: parsed.data.aud,
        subjectId: parsed.data.sub,
        kind: parsed.data.kind,
        expiresAt: parsed.data.exp,
        generation: parsed.data.gen,
        ...(parsed.data.act ? { actorId: parsed.data.act.sub } : {}),
      },
    };
  } catch (error) {
    // Only a correctly signed token reaches the claim checks, so "wrong audience" can be
    // trusted to mean "ours, for another app".
    if (error instanceof errors.JWTClaimValidationFailed && error.claim === "aud")
      return { ok: false, reason: "other-app" };
    return invalid;
  }
}

/** The app token of a request's `Authorization: Bearer lat_…` header, or null. */
export function bearerAppToken(headers: Headers): string | null {
  const header = headers.get("authorization");
  if (!header?.startsWith("Bearer ")) return null;
  const token = header.slice(7).trim();
  return isAppToken(token) ? token : null;
}
