import type { Kysely } from "kysely";
import { type MigrationResultSet, Migrator } from "kysely/migration";
import { MIGRATIONS } from "./migrations/index.ts";

function migrator(db: Kysely<unknown>): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
    migrationTableName: "schema_migrations",
    migrationLockTableName: "schema_migrations_lock",
  });
}

/** Applies pending migrations; throws with the failing migration's name and cause. */
export async function migrateToLatest(db: Kysely<unknown>): Promise<string[]> {
  const result: MigrationResultSet = await migrator(db).migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === "Error")?.migrationName ?? "unknown";
    throw new Error(`Migration ${failed} failed: ${String(result.error)}`, { cause: result.error });
  }
  return (result.results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

export type MigrationState = { applied: string[]; pending: string[] };

export async function migrationState(db: Kysely<unknown>): Promise<MigrationState> {
  const all = await migrator(db).getMigrations();
  return {
    applied: all.filter((m) => m.executedAt).map((m) => m.name),
    pending: all.filter((m) => !m.executedAt).map((m) => m.name),
  };
}
