import { createHash } from "node:crypto";
import { existsSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Kysely } from "kysely";
import { migrateToLatest } from "../migrate.ts";
import { MIGRATIONS } from "../migrations/index.ts";
import type { DatabaseHandle } from "../open-database.ts";
import { PGliteDialect } from "../pglite-dialect.ts";
import { PGliteWorker } from "../pglite-worker.ts";
import type { Database } from "../schema.ts";

/**
 * A fresh PGlite costs an initdb (seconds, more on a busy machine); loading a dump of an
 * already-migrated one is several times faster. The dump is cached in the temp directory,
 * keyed by the migration list and its code, and written atomically so parallel test
 * workers never read half a file.
 */
function templatePath(): string {
  const key = createHash("sha256")
    .update(
      Object.entries(MIGRATIONS)
        .map(([name, m]) => `${name}:${m.up.toString()}`)
        .join("\n"),
    )
    .digest("hex")
    .slice(0, 16);
  return join(tmpdir(), `liftoff-pglite-template-${key}.tar`);
}

export async function openPGliteFromTemplate(): Promise<DatabaseHandle> {
  const file = templatePath();
  if (!existsSync(file)) {
    // Built in this thread once; every test database then opens from it on its own thread,
    // as production's does.
    const pglite = await PGlite.create();
    const db = new Kysely<unknown>({ dialect: new PGliteDialect(pglite) });
    await migrateToLatest(db);
    const dump = await pglite.dumpDataDir("none");
    await db.destroy();
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  const pglite = await PGliteWorker.create({ loadDataDirFile: file });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return { db, kind: "pglite", close: () => db.destroy() };
}
