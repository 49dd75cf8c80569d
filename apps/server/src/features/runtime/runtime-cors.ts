import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../../http/app-env.ts";

/** The paths code in a sandboxed app frame (an opaque origin) calls. */
export const RUNTIME_CORS_PATHS = ["/live_api/*", "/runtime/*", "/integrations/*", "/apps/*/integrations/*"];

/**
 * CORS for the runtime surface: any origin, never credentials. A sandboxed frame's origin
 * is "null", so only `*` works — and without credentials the browser sends no cookie, so
 * the app authenticates with its app token alone. Preflights are answered here, before any
 * session or body handling. Resources are also marked cross-origin readable (CORP), since
 * the frame's stylesheet and images are no-cors loads from an opaque origin.
 */
export function runtimeCors(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method === "OPTIONS") {
      return new Response(null, {
        status: 204,
        headers: {
          "access-control-allow-origin": "*",
          "access-control-allow-methods": "GET, POST, PUT, DELETE, OPTIONS",
          "access-control-allow-headers": "authorization, content-type, last-event-id",
          "access-control-max-age": "86400",
          "cross-origin-resource-policy": "cross-origin",
        },
      });
    }
    await next();
    // Some responses (e.g. redirects) carry immutable headers: copy them once if so.
    try {
      c.res.headers.set("access-control-allow-origin", "*");
    } catch {
      c.res = new Response(c.res.body, c.res);
      c.res.headers.set("access-control-allow-origin", "*");
    }
    c.res.headers.set("cross-origin-resource-policy", "cross-origin");
    c.res.headers.delete("access-control-allow-credentials");
    // The frame document says who may embed it with CSP frame-ancestors (custom hosts too).
    if (c.res.headers.get("content-security-policy")?.includes("frame-ancestors"))
      c.res.headers.delete("x-frame-options");
  };
}
