import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PGliteDialect } from "./pglite-dialect.ts";
import { PGliteWorker } from "./pglite-worker.ts";

/** A statement that keeps the database busy for seconds on any machine (no pg_sleep needed). */
const RUNAWAY = "select count(*) from generate_series(1, 200000000) as a(n) where md5(n::text) like 'zz%'";

describe("PGliteWorker", () => {
  let dir: string;
  let worker: PGliteWorker;
  let db: Kysely<{ notes: { id: number; body: string } }>;
  const restarts: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "liftoff-pglite-worker-"));
    worker = await PGliteWorker.create({
      dataDir: dir,
      timeoutFor: (text) => (text.includes("generate_series") ? 1_000 : null),
      onRestart: (reason) => restarts.push(reason),
    });
    db = new Kysely({ dialect: new PGliteDialect(worker) });
    await sql`create table notes (id int primary key, body text not null)`.execute(db);
  });

  afterAll(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it("keeps the calling thread free while a statement runs, and stops one past its limit", async () => {
    await db.insertInto("notes").values({ id: 1, body: "kept" }).execute();
    // The event loop must keep turning while the database works: count timer ticks.
    let ticks = 0;
    const ticker = setInterval(() => {
      ticks += 1;
    }, 10);
    const started = Date.now();
    const runaway = sql`${sql.raw(RUNAWAY)}`.execute(db);
    await expect(runaway).rejects.toMatchObject({ code: "57014" });
    clearInterval(ticker);
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(1_000);
    expect(took).toBeLessThan(5_000);
    // At 10 ms a tick, a blocked loop would have ticked once or twice.
    expect(ticks).toBeGreaterThan(took / 10 / 3);
    expect(restarts).toEqual(["a statement ran longer than 1000 ms"]);
    expect(worker.generation).toBe(2);
    // The restarted database has what was committed before, and works.
    const rows = await db.selectFrom("notes").selectAll().execute();
    expect(rows).toEqual([{ id: 1, body: "kept" }]);
    await db.insertInto("notes").values({ id: 2, body: "after" }).execute();
    expect((await db.selectFrom("notes").select("id").orderBy("id").execute()).map((r) => r.id)).toEqual([
      1, 2,
    ]);
  });

  it("counts a statement's limit from when it runs, not from its wait behind others", async () => {
    const before = restarts.length;
    // No limit for this one (no generate_series in its text), and busy for over a second.
    const slow =
      "with recursive r(n) as (select 1 union all select n + 1 from r where n < 3000000) select count(*)::int as n from r where md5(n::text) like 'zz%'";
    const started = Date.now();
    const first = worker.query<{ n: number }>(slow);
    // Cheap, but limited to 1 s by its text, and queued behind the slow one.
    const second = worker.query<{ generate_series: number }>("select 1 as generate_series");
    const [a, b] = await Promise.all([first, second]);
    expect(Date.now() - started, "the slow statement must outlast the queued one's limit").toBeGreaterThan(
      1_000,
    );
    expect(a.rows).toHaveLength(1);
    expect(b.rows).toEqual([{ generate_series: 1 }]);
    expect(restarts.length).toBe(before);
  });

  it("fails a transaction whole when its database restarts under it", async () => {
    const transaction = db.transaction().execute(async (trx) => {
      await trx.insertInto("notes").values({ id: 3, body: "half" }).execute();
      // The runaway ends the thread; the insert above goes with it.
      await sql`${sql.raw(RUNAWAY)}`.execute(trx).catch(() => undefined);
      // Swallowing the error must not let the rest run outside the transaction.
      await trx.insertInto("notes").values({ id: 4, body: "orphan" }).execute();
    });
    await expect(transaction).rejects.toThrow(/restarted during this transaction/);
    const ids = (await db.selectFrom("notes").select("id").orderBy("id").execute()).map((r) => r.id);
    expect(ids).toEqual([1, 2]);
  });

  it("keeps PostgreSQL's error fields across the thread", async () => {
    const duplicate = db.insertInto("notes").values({ id: 1, body: "again" }).execute();
    await expect(duplicate).rejects.toMatchObject({ code: "23505", constraint: "notes_pkey" });
  });

  it("refuses with 503 a request that waited past the deadline, and serves the rest in order", async () => {
    // A second dialect on the same worker, with a short deadline (not destroyed: that would close the worker).
    const queued = new Kysely<unknown>({ dialect: new PGliteDialect(worker, { queueDeadlineMs: 300 }) });
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    // A transaction keeps the only connection while it waits.
    const transaction = queued.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      entered();
      await held;
    });
    await inside;
    const order: number[] = [];
    try {
      const late = sql`select 2`.execute(queued);
      await expect(late).rejects.toMatchObject({ code: "SERVICE_UNAVAILABLE", status: 503 });
    } finally {
      // Queued within the deadline: served once the transaction ends, in arrival order.
      const first = sql<{ n: number }>`select 3 as n`
        .execute(queued)
        .then((r) => order.push(r.rows[0]?.n ?? 0));
      const second = sql<{ n: number }>`select 4 as n`
        .execute(queued)
        .then((r) => order.push(r.rows[0]?.n ?? 0));
      release();
      await Promise.all([transaction, first, second]);
    }
    expect(order).toEqual([3, 4]);
  });
});
