import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationState } from "./migrate.ts";
import { type DatabaseHandle, openDatabase } from "./open-database.ts";
import { createTestDatabase } from "./testing/index.ts";

describe("database", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle.close();
  });

  it("applies every migration", async () => {
    const state = await migrationState(handle.db as never);
    expect(state.pending).toEqual([]);
    expect(state.applied).toEqual([
      "0001-init",
      "0002-entities",
      "0003-space-apps",
      "0004-chat",
      "0005-account-security",
      "0006-plan-requests",
      "0007-app-user-activity",
      "0008-production-bundles",
      "0009-saved-app-versions",
      "0010-tool-runs",
      "0011-assistant-messages",
      "0012-data-sources",
      "0013-app-api-keys",
      "0014-connectors",
      "0015-refuse-function",
      "0016-chunk-signs",
    ]);
  });

  it("rolls back a failed transaction and keeps concurrent work apart", async () => {
    const { db } = handle;
    await db
      .insertInto("mails")
      .values({ id: "m0", to: "a@b.c", subject: "s", text: "t", html: "h" })
      .execute();
    const failing = db.transaction().execute(async (trx) => {
      await trx
        .insertInto("mails")
        .values({ id: "m1", to: "a@b.c", subject: "s", text: "t", html: "h" })
        .execute();
      throw new Error("boom");
    });
    // A query issued while the transaction is open must not land inside it.
    const concurrent = db
      .insertInto("mails")
      .values({ id: "m2", to: "x@y.z", subject: "s", text: "t", html: "h" })
      .execute();
    await expect(failing).rejects.toThrow("boom");
    await concurrent;
    const ids = (await db.selectFrom("mails").select("id").orderBy("id").execute()).map((r) => r.id);
    expect(ids).toEqual(["m0", "m2"]);
  });

  it("round-trips jsonb and timestamps identically", async () => {
    const row = await sql<{ j: unknown; t: Date }>`select '{"a":[1,2]}'::jsonb as j, now() as t`.execute(
      handle.db,
    );
    expect(row.rows[0]?.j).toEqual({ a: [1, 2] });
    expect(row.rows[0]?.t).toBeInstanceOf(Date);
  });
});

describe("openDatabase on a PostgreSQL server", () => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  it.runIf(serverUrl)("refuses a database whose DateStyle is not ISO, saying how to fix it", async () => {
    const name = `liftoff_datestyle_${Date.now()}`;
    const admin = await openDatabase({ url: serverUrl! });
    await sql.raw(`create database "${name}"`).execute(admin.db);
    await sql.raw(`alter database "${name}" set datestyle = 'SQL, DMY'`).execute(admin.db);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    try {
      await expect(openDatabase({ url: url.toString() })).rejects.toThrow(
        /DateStyle is "SQL, DMY"; Liftoff needs ISO/,
      );
      await sql.raw(`alter database "${name}" set datestyle = 'ISO, MDY'`).execute(admin.db);
      const ok = await openDatabase({ url: url.toString() });
      await ok.close();
    } finally {
      await sql.raw(`drop database "${name}" with (force)`).execute(admin.db);
      await admin.close();
    }
  });
});
