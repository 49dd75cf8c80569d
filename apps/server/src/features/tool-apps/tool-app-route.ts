import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { AppError, publicToolAppSchema } from "@liftoff/domain";
import type { AppEnv, Deps } from "../../http/app-env.ts";
import { errorResponses, jsonResponse } from "../../http/openapi-helpers.ts";
import { findAppByHost } from "../runtime/find-app-by-host.ts";
import { APP_NOT_PUBLISHED_MESSAGE } from "../runtime/load-runtime-bundle.ts";
import { resolveToolApp } from "./resolve-tool-app.ts";

export const TOOL_APP_LOOKUP_MESSAGE = "Loading a tool app needs an app id, a slug or a host";
const name = z.string().min(1).max(200);

/**
 * GET /runtime/tool-app: a published generated app or single tool as its end users see it
 * (the same view its page is served with, so the page can refresh it), by id, slug, or host
 * name (the request's own Host when none is given: a custom host's page). No credentials:
 * 404 for no such app (or a space app), 403 for an unpublished one, like /runtime/bundle.
 * CORS and caching follow the runtime routes (runtime-cors.ts; answers cached a few seconds).
 */
export function registerToolAppRoute(router: OpenAPIHono<AppEnv>, deps: Pick<Deps, "db">): void {
  const { db } = deps;
  router.openapi(
    createRoute({
      method: "get",
      path: "/runtime/tool-app",
      tags: ["Runtime"],
      summary:
        "A published generated app or single tool as end users see it (no instructions), by id, slug or host (default: the request's host)",
      request: {
        query: z.object({ appId: name.optional(), slug: name.optional(), host: name.optional() }),
      },
      responses: {
        200: jsonResponse(z.object({ app: publicToolAppSchema }), "The app"),
        ...errorResponses(400, 403, 404),
      },
    }),
    async (c) => {
      const query = c.req.valid("query");
      let lookup: { slug: string } | { appId: string } | null = query.appId
        ? { appId: query.appId }
        : query.slug
          ? { slug: query.slug }
          : null;
      if (!lookup) {
        const host = query.host ?? c.req.header("host");
        if (!host) throw new AppError("BAD_REQUEST", TOOL_APP_LOOKUP_MESSAGE);
        const appId = await findAppByHost(db, host);
        if (!appId) throw new AppError("NOT_FOUND", "App not found");
        lookup = { appId };
      }
      const answer = await resolveToolApp(db, lookup);
      if (answer.state === "none") throw new AppError("NOT_FOUND", "App not found");
      if (answer.state === "unpublished")
        throw new AppError("FORBIDDEN", APP_NOT_PUBLISHED_MESSAGE, {
          appId: answer.appId,
          reason: "not_published",
        });
      c.header("cache-control", "no-store");
      return c.json({ app: answer.app }, 200);
    },
  );
}
