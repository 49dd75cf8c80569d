import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Database, migrateToLatest, openDatabase } from "@liftoff/db";
import { type Kysely, sql } from "kysely";
import pg from "pg";
import { PG_ADMIN, vacuumAnalyze } from "../support.ts";

export type BenchDatabaseKind = "pglite" | "postgres";

export type BenchDatabase = {
  kind: BenchDatabaseKind;
  label: string;
  db: Kysely<Database>;
  /** VACUUM ANALYZE outside any transaction (PostgreSQL: on a connection of its own). */
  vacuumAnalyze(): Promise<void>;
  close(): Promise<void>;
};

/**
 * A fresh, migrated database opened the way the server opens it (openDatabase): PGlite on
 * its worker thread in a temporary data dir, or a scratch database on the local PostgreSQL
 * (BENCH_DATABASE_URL's server), dropped on close. Null with the reason when PostgreSQL is
 * not reachable.
 */
export async function openBenchDatabase(
  kind: BenchDatabaseKind,
): Promise<BenchDatabase | { skipped: string }> {
  if (kind === "pglite") {
    const dataDir = mkdtempSync(join(tmpdir(), "liftoff-bench-knowledge-"));
    const handle = await openDatabase({ dataDir });
    await migrateToLatest(handle.db as never);
    return {
      kind,
      label: "PGlite",
      db: handle.db,
      vacuumAnalyze: async () => {
        await sql`vacuum analyze`.execute(handle.db);
      },
      close: async () => {
        await handle.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const admin = new pg.Client({ connectionString: PG_ADMIN, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    return { skipped: `PostgreSQL at ${PG_ADMIN} not reachable (${String(error)})` };
  }
  const name = `liftoff_bench_knowledge_${Date.now()}`;
  await admin.query(`create database "${name}"`);
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
  const drop = async () => {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  };
  try {
    const handle = await openDatabase({ url: url.toString() });
    await migrateToLatest(handle.db as never);
    return {
      kind,
      label: "PostgreSQL",
      db: handle.db,
      vacuumAnalyze: () => vacuumAnalyze(url.toString()),
      close: async () => {
        await handle.close();
        await drop();
      },
    };
  } catch (error) {
    await drop();
    throw error;
  }
}

/** The owner, account and app the context items belong to (foreign keys). */
export async function seedApp(
  db: Kysely<Database>,
  appId: string,
  /** owner: false adds another app of the owner seeded before. */
  options: { owner?: boolean } = {},
): Promise<void> {
  if (options.owner !== false) {
    await sql`insert into "users" ("id", "name", "email", "emailVerified")
      values ('bench-user', 'Bench', 'bench@example.com', true)`.execute(db);
    await sql`insert into "accounts" ("id", "userId") values ('bench-account', 'bench-user')`.execute(db);
  }
  await sql`insert into "apps" ("id", "accountId", "kind", "name", "slug")
    values (${appId}, 'bench-account', 'generated', 'Knowledge bench', ${appId})`.execute(db);
}

/**
 * A context item as the ingest job finds it: running under `generation`, or already synced
 * with that generation as its index (what retrieval joins on).
 */
export async function insertContextItem(
  db: Kysely<Database>,
  options: { id: string; appId: string; name: string; type: string; synced: boolean },
): Promise<void> {
  await sql`insert into "context_items" ("id", "appId", "name", "type", "source", "status", "provider",
      "generation", "indexedGeneration", "attempts")
    values (${options.id}, ${options.appId}, ${options.name}, ${options.type}, 'file',
      ${options.synced ? "synced" : "running"}, 'local', 1, ${options.synced ? 1 : null}, 1)`.execute(db);
}
