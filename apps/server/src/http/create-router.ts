import { OpenAPIHono } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-env.ts";
import { toErrorResponse, validationBody } from "./error-handler.ts";
import { requireSession } from "./require-session.ts";

/** The OpenAPI security requirement of a route that needs a signed-in platform user. */
export const SESSION_SECURITY: Record<string, string[]>[] = [{ session: [] }];

/** Refuses a request without a session (401) before the route's validators run. */
const sessionFirst: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireSession(c);
  await next();
};

type RouteLike = {
  security?: Record<string, string[]>[];
  middleware?: MiddlewareHandler | MiddlewareHandler[];
};

/**
 * Every feature's routes are an OpenAPIHono router, so each route is validated by its zod
 * schema and appears in /api/openapi.json. Validation failures answer 400 in the common
 * error shape instead of the library's default.
 *
 * Authentication comes before validation (issue 12, item 13): the library runs a route's
 * validators before its handler, so a handler's `requireSession` answered an anonymous
 * request with a bad body 400 — telling a stranger the route's input rules. A route that
 * needs a session says so in its OpenAPI `security` (SESSION_SECURITY), or the whole router
 * does (`auth: "session"`; a route opts out with `security: []`); such routes get a
 * session check as their first middleware, ahead of every validator, and the document
 * shows which routes need one.
 */
export function createRouter(options: { auth?: "session" } = {}): OpenAPIHono<AppEnv> {
  const router = new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) return c.json(validationBody(result.error), 400);
      return undefined;
    },
  });
  router.onError(toErrorResponse);
  const register = router.openapi.bind(router);
  router.openapi = ((route: RouteLike, handler: never, hook: never) =>
    register(withSessionFirst(route, options.auth) as never, handler, hook)) as typeof router.openapi;
  return router;
}

function withSessionFirst<R extends RouteLike>(route: R, auth: "session" | undefined): R {
  // Only the session scheme: a Run API route lists `appApiKey` and checks the key itself.
  const needsSession = route.security
    ? route.security.some((requirement) => "session" in requirement)
    : auth === "session";
  if (!needsSession) return route;
  const own = route.middleware ? [route.middleware].flat() : [];
  return { ...route, security: route.security ?? SESSION_SECURITY, middleware: [sessionFirst, ...own] };
}
