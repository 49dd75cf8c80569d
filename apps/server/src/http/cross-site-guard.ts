import { AppError } from "@liftoff/domain";
import type { MiddlewareHandler } from "hono";
import type { AppEnv, Deps } from "./app-env.ts";
import { sessionCookieName } from "./session-cookie.ts";

export const CROSS_SITE_MESSAGE = "This request came from another site and was refused";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF defence for the cookie session. A browser attaches the session cookie to requests
 * other sites make (SameSite=Lax stops cross-site POSTs, but not those from a sibling
 * subdomain, which is "same site"), so a state-changing request that would be
 * authenticated by the cookie must come from the platform's own pages:
 *
 * - its `Origin` is the platform's (PUBLIC_URL) or the very host it was sent to;
 *   `Origin: null` (a sandboxed app frame, a redirect chain) is refused;
 * - without `Origin`, `Sec-Fetch-Site` (when sent) must say same-origin or none;
 * - with neither, the client is not a browser (curl, a server), which no other site can
 *   drive, so it passes.
 *
 * We check Origin rather than require a custom header because it needs nothing from the
 * client and also covers the auth library's own endpoints and plain form posts. Requests
 * with an `Authorization` header are not cookie-authenticated (bearer wins), and /live_api
 * never reads cookies, so both pass untouched. A refused request is 403 before any
 * handler runs.
 */
export function crossSiteGuard(deps: Pick<Deps, "auth" | "config">): MiddlewareHandler<AppEnv> {
  const platformOrigin = new URL(deps.config.publicUrl).origin;
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || c.req.path.startsWith("/live_api/")) return next();
    if (c.req.header("authorization")) return next();
    const cookie = c.req.header("cookie");
    if (!cookie || !hasCookie(cookie, await sessionCookieName(deps))) return next();
    if (
      !sameOrigin(
        c.req.header("origin"),
        c.req.header("sec-fetch-site"),
        new URL(c.req.url).host,
        platformOrigin,
      )
    )
      throw new AppError("FORBIDDEN", CROSS_SITE_MESSAGE);
    return next();
  };
}

function hasCookie(header: string, name: string): boolean {
  return header.split(";").some((part) => part.trim().startsWith(`${name}=`));
}

function sameOrigin(
  origin: string | undefined,
  fetchSite: string | undefined,
  host: string,
  platformOrigin: string,
): boolean {
  if (origin === undefined)
    return fetchSite === undefined || fetchSite === "same-origin" || fetchSite === "none";
  if (origin === platformOrigin) return true;
  try {
    const url = new URL(origin);
    return (url.protocol === "https:" || url.protocol === "http:") && url.host === host.toLowerCase();
  } catch {
    return false; // "null" and anything else that is not an origin
  }
}
