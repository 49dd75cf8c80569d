import type { DatabaseHandle } from "@liftoff/db";
import { createTestDatabase } from "@liftoff/db/testing";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROW_READ_BATCH_MAX, readRowById } from "./read-row-by-id.ts";

describe("readRowById", () => {
  let handle: DatabaseHandle;
  let statements = 0;
  // The database with a count of the statements readRowById sends through it.
  const counted = () =>
    new Proxy(handle.db, {
      get(target, property, receiver) {
        if (property !== "executeQuery") return Reflect.get(target, property, receiver);
        return (...args: Parameters<typeof target.executeQuery>) => {
          statements += 1;
          return target.executeQuery(...args);
        };
      },
    });

  beforeAll(async () => {
    handle = await createTestDatabase();
    const db = handle.db;
    await sql`insert into users (id, name, email, "emailVerified") values ('u1', 'U', 'u1@x.test', true)`.execute(
      db,
    );
    await sql`insert into accounts (id, "userId") values ('acc1', 'u1')`.execute(db);
    for (const id of ["a1", "a2"]) {
      await sql`insert into apps (id, "accountId", kind, name, slug) values (${id}, 'acc1', 'space', ${id}, ${id})`.execute(
        db,
      );
      await sql`insert into entity_schemas ("appId", name, schema) values (${id}, 'Task', '{}')`.execute(db);
    }
    const rows = Array.from({ length: ROW_READ_BATCH_MAX + 5 }, (_, i) => ({
      id: `r${i}`,
      appId: i === 1 ? "a2" : "a1",
      entity: "Task",
      data: JSON.stringify({ n: i }),
    }));
    await db
      .insertInto("entity_rows")
      .values(rows as never)
      .execute();
  });
  afterAll(async () => {
    await handle.close();
  });

  it("reads the rows asked for in one turn with one statement", async () => {
    const db = counted();
    statements = 0;
    const [r0, r2, again, missing] = await Promise.all([
      readRowById(db, "a1", "Task", "r0"),
      readRowById(db, "a1", "Task", "r2"),
      readRowById(db, "a1", "Task", "r0"),
      readRowById(db, "a1", "Task", "nope"),
    ]);
    expect(statements).toBe(1);
    expect(JSON.parse(r0!.data)).toEqual({ n: 0 });
    expect(JSON.parse(r2!.data)).toEqual({ n: 2 });
    expect(again).toEqual(r0);
    expect(missing).toBeUndefined();
    expect(r0!.createdAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
  });

  it("answers a row of another app or entity as missing", async () => {
    const [otherApp, otherEntity, own] = await Promise.all([
      readRowById(handle.db, "a1", "Task", "r1"),
      readRowById(handle.db, "a2", "Note", "r1"),
      readRowById(handle.db, "a2", "Task", "r1"),
    ]);
    expect(otherApp).toBeUndefined();
    expect(otherEntity).toBeUndefined();
    expect(JSON.parse(own!.data)).toEqual({ n: 1 });
  });

  it("splits a large turn into statements of at most ROW_READ_BATCH_MAX ids", async () => {
    const db = counted();
    statements = 0;
    const ids = Array.from({ length: ROW_READ_BATCH_MAX + 5 }, (_, i) => `r${i}`).filter((id) => id !== "r1");
    const rows = await Promise.all(ids.map((id) => readRowById(db, "a1", "Task", id)));
    expect(statements).toBe(2);
    expect(rows.map((row) => (row ? JSON.parse(row.data).n : null))).toEqual(
      ids.map((id) => Number(id.slice(1))),
    );
  });

  it("reads separately in separate turns, and a failed statement fails only its own batch", async () => {
    const db = counted();
    statements = 0;
    expect(await readRowById(db, "a1", "Task", "r0")).toBeDefined();
    expect(await readRowById(db, "a1", "Task", "r2")).toBeDefined();
    expect(statements).toBe(2);
    // A NUL byte cannot be sent to Postgres as text: the batch fails, the next one works.
    await expect(readRowById(db, "a1", "Task", "bad\u0000id")).rejects.toThrow();
    expect(await readRowById(db, "a1", "Task", "r0")).toBeDefined();
  });

  it("fails only the member whose id breaks the shared statement; the others of its turn are read", async () => {
    const db = counted();
    statements = 0;
    const [r0, bad, r2, missing] = await Promise.allSettled([
      readRowById(db, "a1", "Task", "r0"),
      readRowById(db, "a1", "Task", "bad\u0000id"),
      readRowById(db, "a1", "Task", "r2"),
      readRowById(db, "a1", "Task", "nope"),
    ]);
    expect(bad.status).toBe("rejected");
    expect(r0.status === "fulfilled" && JSON.parse(r0.value!.data)).toEqual({ n: 0 });
    expect(r2.status === "fulfilled" && JSON.parse(r2.value!.data)).toEqual({ n: 2 });
    expect(missing).toEqual({ status: "fulfilled", value: undefined });
    // The batch, then each member on its own.
    expect(statements).toBe(5);
  });
});
