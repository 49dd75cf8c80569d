import { randomBytes } from "node:crypto";
import pg from "pg";
import { migrateToLatest } from "../migrate.ts";
import { type DatabaseHandle, openDatabase } from "../open-database.ts";
import { openPGliteFromTemplate } from "./pglite-template.ts";

/**
 * An isolated, migrated database for one test file: a fresh in-memory PGlite, or — when
 * TEST_DATABASE_URL points at a PostgreSQL server — a freshly created database on it that
 * is dropped again on close. The same integration suite runs against both.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openPGliteFromTemplate();
    await migrateToLatest(handle.db as never);
    return handle;
  }
  const name = `liftoff_test_${Date.now()}_${randomBytes(4).toString("hex")}`;
  await withAdmin(serverUrl, (client) => client.query(`create database "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  await migrateToLatest(handle.db as never);
  return {
    ...handle,
    async close() {
      await handle.close();
      await withAdmin(serverUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
    },
  };
}

async function withAdmin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
