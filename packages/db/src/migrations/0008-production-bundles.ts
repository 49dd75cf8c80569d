import type { Kysely } from "kysely";
import { runStatements } from "./run-statements.ts";

/**
 * Production bundles of published versions (issue 13): one relay pack per app module and
 * vendor build, built in the background after publishing (bundle-app.mjs) and stored in
 * build_artifacts like every other output. This table remembers which pack belongs to
 * which build, so a restart or another instance serves it without bundling again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table "production_bundles" (
      "jsHash" text not null,
      "vendorId" text not null,
      "packHash" text not null,
      "durationMs" integer not null,
      "createdAt" timestamptz not null default now(),
      primary key ("jsHash", "vendorId")
    );
    `,
  );
}
