import { createRoute, z } from "@hono/zod-openapi";
import { migrationState } from "@liftoff/db";
import type { Deps } from "../../http/app-env.ts";
import { createRouter } from "../../http/create-router.ts";
import { jsonResponse } from "../../http/openapi-helpers.ts";

const healthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  version: z.string(),
  database: z.enum(["pglite", "postgres"]),
  migrations: z.object({ applied: z.array(z.string()), pending: z.array(z.string()) }),
  mail: z.enum(["dev", "smtp"]),
});

export function healthRoutes(deps: Deps) {
  const router = createRouter();
  router.openapi(
    createRoute({
      method: "get",
      path: "/api/health",
      tags: ["Platform"],
      summary: "Version, database kind and migration state",
      responses: { 200: jsonResponse(healthSchema, "Healthy"), 503: jsonResponse(healthSchema, "Degraded") },
    }),
    async (c) => {
      const migrations = await migrationState(deps.db as never);
      const body = {
        status: migrations.pending.length === 0 ? ("ok" as const) : ("degraded" as const),
        version: deps.config.version,
        database: deps.dbKind,
        migrations,
        mail: deps.mailer.kind,
      };
      return c.json(body, body.status === "ok" ? 200 : 503);
    },
  );
  return router;
}
