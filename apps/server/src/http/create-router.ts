import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "./app-env.ts";
import { toErrorResponse, validationBody } from "./error-handler.ts";

/**
 * Every feature's routes are an OpenAPIHono router, so each route is validated by its zod
 * schema and appears in /api/openapi.json. Validation failures answer 400 in the common
 * error shape instead of the library's default.
 */
export function createRouter(): OpenAPIHono<AppEnv> {
  const router = new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) return c.json(validationBody(result.error), 400);
      return undefined;
    },
  });
  router.onError(toErrorResponse);
  return router;
}
