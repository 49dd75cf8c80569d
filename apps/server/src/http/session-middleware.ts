import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { AppEnv, Deps, SessionInfo } from "./app-env.ts";

/**
 * How long a resolved session is reused by read requests (see sessionMiddleware). Short on
 * purpose: it bounds how long another instance keeps honouring a session revoked elsewhere.
 */
export const SESSION_CACHE_TTL_MS = 5000;
/** Memory bound: past it, expired entries are dropped, and if none were, all of them. */
export const SESSION_CACHE_MAX_ENTRIES = 10_000;

type Entry = { value: Promise<SessionInfo | null>; expiresAt: number };
type Cache = { entries: Map<string, Entry>; sweptAt: number };

// Per auth instance (one per platform; tests run several in one process).
const caches = new WeakMap<object, Cache>();

/**
 * The session, account (under both of its prefixes, /api/account and
 * /api/live_api/account), admin and auth-library paths. Requests there may end or change
 * sessions and users (log out, password change or reset, e-mail change and verification,
 * profile, disabling a user, OAuth): after any of them that is not a read, this process
 * forgets every cached session. Their reads always ask the auth library (the account screens
 * show what was just changed; admin decisions take the freshest answer); none is a hot path.
 */
const SESSION_PATHS = /^\/(api\/(live_api\/account|session|account|admin|auth)\/|auth\/)/;

/**
 * Resolves the caller from `Authorization: Bearer <token>` (API clients) or the HttpOnly
 * session cookie (the web app's; set on sign-in and by OAuth callbacks, see
 * session-cookie.ts), through the one getSession: one way to authenticate people. Writes
 * the cookie would authenticate have passed `crossSiteGuard` first. Resolution never fails
 * a request: routes that need a user call requireSession.
 *
 * Reads (GET/HEAD, outside the session/account/admin screens) reuse a session resolved in
 * the last SESSION_CACHE_TTL_MS, keyed by a SHA-256 of the credential headers: the auth
 * library's getSession costs two queries and ~2 ms of CPU (cookie signing, its context),
 * five times the rest of an entity `get` (bench/entities/profile.ts). Trade-off: a session
 * revoked on another instance keeps reading for at most the TTL. Writes always ask the
 * library, so they are refused at once, and any request that may end or change a session
 * (SESSION_PATHS) clears this process's cache when it completes, so here a revoked session
 * never reads again. An expired session is never served from the cache.
 */
export function sessionMiddleware(deps: Pick<Deps, "auth">): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const path = c.req.path;
    const headers = requestHeaders(path, c.req.raw.headers);
    const read = c.req.method === "GET" || c.req.method === "HEAD";
    c.set(
      "session",
      read && !SESSION_PATHS.test(path)
        ? await cachedSession(deps, headers)
        : await resolveSession(deps, headers),
    );
    try {
      await next();
    } finally {
      if (!read && SESSION_PATHS.test(path)) forgetSessions(deps);
    }
  };
}

/** Forgets every session this process cached (after anything that may end or change one). */
export function forgetSessions(deps: Pick<Deps, "auth">): void {
  caches.get(deps.auth)?.entries.clear();
}

/** The cache's keys (tests: they are hashes, never credentials, and bounded). */
export function sessionCacheKeys(deps: Pick<Deps, "auth">): string[] {
  return [...(caches.get(deps.auth)?.entries.keys() ?? [])];
}

/**
 * The headers a session may come from. The runtime API (/live_api) is what sandboxed app
 * code calls: a platform cookie must never authenticate it, so there only the
 * Authorization header counts. App tokens (`lat_…`) and app API keys (`lft_…`) are not
 * platform sessions at all; the routes that accept them read them themselves.
 */
function requestHeaders(path: string, headers: Headers): Headers {
  const authorization = headers.get("authorization");
  if (authorization?.startsWith("Bearer lat_") || authorization?.startsWith("Bearer lft_"))
    return new Headers();
  if (!path.startsWith("/live_api/")) return headers;
  return authorization ? new Headers({ authorization }) : new Headers();
}

export async function resolveSession(
  deps: Pick<Deps, "auth">,
  headers: Headers,
): Promise<SessionInfo | null> {
  if (!headers.get("authorization") && !headers.get("cookie")) return null;
  return loadSession(deps, headers).catch(() => null);
}

/**
 * resolveSession through the cache: concurrent callers share one load; a failed load is
 * "no session" for everyone who shared it and is not kept.
 */
function cachedSession(
  deps: Pick<Deps, "auth">,
  headers: Headers,
  now = Date.now(),
): Promise<SessionInfo | null> {
  const authorization = headers.get("authorization");
  const cookie = headers.get("cookie");
  if (!authorization && !cookie) return Promise.resolve(null);
  let cache = caches.get(deps.auth);
  if (!cache) {
    cache = { entries: new Map(), sweptAt: now };
    caches.set(deps.auth, cache);
  }
  const { entries } = cache;
  // Hashed so the map never holds credentials; both headers, as getSession reads both.
  const key = createHash("sha256")
    .update(`${authorization ?? ""}\n${cookie ?? ""}`)
    .digest("base64url");
  const hit = entries.get(key);
  if (hit && hit.expiresAt > now) {
    return hit.value.then(
      (session) =>
        session && session.session.expiresAt.getTime() <= Date.now()
          ? resolveSession(deps, headers)
          : session,
      () => null,
    );
  }
  // Expired entries go at most once per TTL (their values hold session tokens), and all of
  // them when the map is full.
  if (now - cache.sweptAt >= SESSION_CACHE_TTL_MS || entries.size >= SESSION_CACHE_MAX_ENTRIES) {
    for (const [k, entry] of entries) if (entry.expiresAt <= now) entries.delete(k);
    cache.sweptAt = now;
    if (entries.size >= SESSION_CACHE_MAX_ENTRIES) entries.clear();
  }
  const value = loadSession(deps, headers);
  entries.set(key, { value, expiresAt: now + SESSION_CACHE_TTL_MS });
  return value.catch(() => {
    if (entries.get(key)?.value === value) entries.delete(key);
    return null;
  });
}

async function loadSession(deps: Pick<Deps, "auth">, headers: Headers): Promise<SessionInfo | null> {
  const result = await deps.auth.api.getSession({ headers });
  if (!result) return null;
  return {
    user: {
      id: result.user.id,
      email: result.user.email,
      name: result.user.name,
      emailVerified: result.user.emailVerified,
      isAdmin: result.user.isAdmin === true,
      image: result.user.image ?? null,
    },
    session: {
      id: result.session.id,
      token: result.session.token,
      expiresAt: new Date(result.session.expiresAt),
    },
  };
}
