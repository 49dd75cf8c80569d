import type { MiddlewareHandler } from "hono";
import type { AppEnv, Deps, SessionInfo } from "./app-env.ts";

/**
 * Resolves the caller from `Authorization: Bearer <token>` (the web client's way) or the
 * library's session cookie (set by OAuth callbacks). Resolution never fails a request:
 * routes that need a user call requireSession.
 */
export function sessionMiddleware(deps: Pick<Deps, "auth">): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set("session", await resolveSession(deps, requestHeaders(c.req.path, c.req.raw.headers)));
    await next();
  };
}

/**
 * The headers a session may come from. The runtime API (/live_api) is what sandboxed app
 * code calls: a platform cookie must never authenticate it, so there only the
 * Authorization header counts. App tokens (`lat_…`) are not platform sessions at all; the
 * routes that accept them read them themselves.
 */
function requestHeaders(path: string, headers: Headers): Headers {
  const authorization = headers.get("authorization");
  if (authorization?.startsWith("Bearer lat_")) return new Headers();
  if (!path.startsWith("/live_api/")) return headers;
  return authorization ? new Headers({ authorization }) : new Headers();
}

export async function resolveSession(
  deps: Pick<Deps, "auth">,
  headers: Headers,
): Promise<SessionInfo | null> {
  if (!headers.get("authorization") && !headers.get("cookie")) return null;
  const result = await deps.auth.api.getSession({ headers }).catch(() => null);
  if (!result) return null;
  return {
    user: {
      id: result.user.id,
      email: result.user.email,
      name: result.user.name,
      emailVerified: result.user.emailVerified,
      image: result.user.image ?? null,
    },
    session: {
      id: result.session.id,
      token: result.session.token,
      expiresAt: new Date(result.session.expiresAt),
    },
  };
}
