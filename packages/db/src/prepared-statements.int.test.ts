import { CompiledQuery, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "./open-database.ts";
import { COMPILED_PER_CONNECTION_MAX, prepared, preparedCompiled } from "./prepared-statements.ts";
import { createTestDatabase } from "./testing/index.ts";

const BY_ID = prepared(`select "id", "subject" from "mails" where "id" = $1 and "subject" <> $2`);

describe("prepared statements", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
    await handle.db
      .insertInto("mails")
      .values([
        { id: "p1", to: "a@b.c", subject: "one", text: "t", html: "h" },
        { id: "p2", to: "a@b.c", subject: "two", text: "t", html: "h" },
      ])
      .execute();
  });
  afterAll(async () => {
    await handle.close();
  });

  it("answers a marked text like any statement, with new parameters each time", async () => {
    for (let round = 0; round < 8; round++) {
      const id = round % 2 === 0 ? "p1" : "p2";
      const { rows } = await handle.db.executeQuery(CompiledQuery.raw(BY_ID, [id, "none"]));
      expect(rows).toEqual([{ id, subject: id === "p1" ? "one" : "two" }]);
    }
    const none = await handle.db.executeQuery(CompiledQuery.raw(BY_ID, ["p1", "one"]));
    expect(none.rows).toEqual([]);
  });

  it("runs a marked text as a named statement on a server, once per connection", async () => {
    const named = await handle.db.transaction().execute(async (trx) => {
      await trx.executeQuery(CompiledQuery.raw(BY_ID, ["p1", "x"]));
      await trx.executeQuery(CompiledQuery.raw(BY_ID, ["p2", "x"]));
      const found = await sql<{
        n: number;
      }>`select count(*)::int as n from pg_prepared_statements where statement = ${BY_ID}`.execute(trx);
      return found.rows[0]!.n;
    });
    // PGlite runs everything unnamed; a server connection keeps the one statement.
    expect(named).toBe(handle.kind === "postgres" ? 1 : 0);
  });

  it("keeps at most COMPILED_PER_CONNECTION_MAX compiled texts per connection and still answers evicted ones", async () => {
    // Distinct texts (a different constant each), like lists over different schemas.
    const texts = Array.from({ length: COMPILED_PER_CONNECTION_MAX + 20 }, (_, i) =>
      preparedCompiled(`select "id", ${i}::int as "n" from "mails" where "id" = $1`),
    );
    const result = await handle.db.transaction().execute(async (trx) => {
      const answers: unknown[] = [];
      // Twice through: the second pass re-prepares every text the first pass evicted.
      for (let pass = 0; pass < 2; pass++) {
        for (const [i, text] of texts.entries()) {
          const { rows } = await trx.executeQuery(CompiledQuery.raw(text, ["p1"]));
          answers.push(rows[0]);
          expect(rows).toEqual([{ id: "p1", n: i }]);
        }
      }
      const kept = await sql<{
        n: number;
      }>`select count(*)::int as n from pg_prepared_statements where name like 'liftoff_c%'`.execute(trx);
      return { answers: answers.length, kept: kept.rows[0]!.n };
    });
    expect(result.answers).toBe(texts.length * 2);
    if (handle.kind === "postgres") {
      expect(result.kept).toBeGreaterThan(0);
      expect(result.kept).toBeLessThanOrEqual(COMPILED_PER_CONNECTION_MAX);
    } else {
      expect(result.kept).toBe(0);
    }
  });
});
