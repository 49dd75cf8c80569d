import { createRoute, z } from "@hono/zod-openapi";
import { type MigrationState, migrationState } from "@liftoff/db";
import { sql } from "kysely";
import type { Deps } from "../../http/app-env.ts";
import { createRouter } from "../../http/create-router.ts";
import { jsonResponse } from "../../http/openapi-helpers.ts";

const healthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  version: z.string(),
  database: z.enum(["pglite", "postgres"]),
  migrations: z.object({ applied: z.array(z.string()), pending: z.array(z.string()) }),
  mail: z.enum(["dev", "smtp"]),
  /**
   * How data sources are searched: full-text always (with its language); vectors when an
   * embedding model is configured, by pgvector where the database has it (the embedded
   * database ships it; a server when the extension is installed), else by an exact scan.
   */
  dataSources: z.object({
    search: z.enum(["full_text", "hybrid"]),
    vectors: z.enum(["off", "exact_scan", "pgvector", "pgvector_hnsw"]),
    language: z.string(),
    embeddingModel: z.string().nullable(),
  }),
});

/** How long the migration state is reused: it changes only when an instance migrates. */
export const MIGRATION_STATE_TTL_MS = 10_000;

export function healthRoutes(deps: Deps) {
  const router = createRouter();
  // Reading the migration state is several catalog queries (Kysely's migrator checks its
  // tables first): under load, probes of /api/health were among the dearest requests and
  // queued behind everything on the embedded database. Each probe still runs one trivial
  // statement, so a dead database shows at once.
  let cached: { at: number; state: Promise<MigrationState> } | null = null;
  const migrations = () => {
    if (!cached || Date.now() - cached.at > MIGRATION_STATE_TTL_MS) {
      const state = migrationState(deps.db as never);
      cached = { at: Date.now(), state };
      state.catch(() => {
        cached = null;
      });
    }
    return cached.state;
  };
  router.openapi(
    createRoute({
      method: "get",
      path: "/api/health",
      tags: ["Platform"],
      summary: "Version, database kind and migration state",
      responses: { 200: jsonResponse(healthSchema, "Healthy"), 503: jsonResponse(healthSchema, "Degraded") },
    }),
    async (c) => {
      const [state] = await Promise.all([migrations(), sql`select 1`.execute(deps.db)]);
      const body = {
        status: state.pending.length === 0 ? ("ok" as const) : ("degraded" as const),
        version: deps.config.version,
        database: deps.dbKind,
        migrations: state,
        mail: deps.mailer.kind,
        dataSources: {
          search: deps.config.embedding ? ("hybrid" as const) : ("full_text" as const),
          vectors: deps.config.embedding ? deps.vectorSearch : ("off" as const),
          language: deps.config.dataSourcesLanguage,
          embeddingModel: deps.config.embedding?.model ?? null,
        },
      };
      return c.json(body, body.status === "ok" ? 200 : 503);
    },
  );
  return router;
}
