import type { Context } from "hono";
import { deleteCookie, setSignedCookie } from "hono/cookie";
import type { Deps } from "./app-env.ts";

/**
 * The web app's session: the auth library's own session cookie (HttpOnly, SameSite=Lax,
 * Path=/, Secure with the `__Secure-` prefix when PUBLIC_URL is https; the library decides
 * these from its config), so the cookie our routes set on sign-in is the very one its OAuth
 * callback sets and its getSession reads. JavaScript never sees it: generated code cannot,
 * and neither can anything else on the platform origin. API clients keep using bearer
 * tokens; `sessionMiddleware` resolves either, through the one `getSession`.
 *
 * The value is the session token signed with the auth secret (`token.HMAC`), the format
 * both the library and hono's signed cookies use.
 */
export async function writeSessionCookie(
  c: Context,
  deps: Pick<Deps, "auth">,
  session: { token: string; expiresAt: Date | string },
): Promise<void> {
  const context = await deps.auth.$context;
  const { name, attributes } = context.authCookies.sessionToken;
  const expires = new Date(session.expiresAt);
  await setSignedCookie(c, name, session.token, context.secret, {
    path: attributes.path ?? "/",
    httpOnly: true,
    sameSite: "Lax",
    secure: attributes.secure === true,
    // Lives as long as the session; refreshed with it (POST /api/session/refresh).
    maxAge: Math.max(0, Math.floor((expires.getTime() - Date.now()) / 1000)),
  });
}

/** Expires the session cookie (logout; a refused session). */
export async function clearSessionCookie(c: Context, deps: Pick<Deps, "auth">): Promise<void> {
  const context = await deps.auth.$context;
  const { name, attributes } = context.authCookies.sessionToken;
  deleteCookie(c, name, {
    path: attributes.path ?? "/",
    secure: attributes.secure === true,
    httpOnly: true,
    sameSite: "Lax",
  });
}

/** The name of the session cookie (the library's, `better-auth.session_token` or its `__Secure-` form). */
export async function sessionCookieName(deps: Pick<Deps, "auth">): Promise<string> {
  return (await deps.auth.$context).authCookies.sessionToken.name;
}

/**
 * The header the web app sends to say "I keep my session in the cookie": session routes
 * then answer with an empty `token`, so the session token never reaches JavaScript. API
 * clients leave it out and get their bearer token as before.
 */
export const COOKIE_SESSION_HEADER = "x-liftoff-session";
export const COOKIE_SESSION_VALUE = "cookie";

export function wantsCookieSession(c: Context): boolean {
  return c.req.header(COOKIE_SESSION_HEADER) === COOKIE_SESSION_VALUE;
}
