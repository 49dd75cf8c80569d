import { CompiledQuery, sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "./migrate.ts";
import { type DatabaseHandle, openDatabase } from "./open-database.ts";
import { prepared } from "./prepared-statements.ts";
import { StatementPipeline } from "./statement-pipeline.ts";
import { createTestDatabase } from "./testing/index.ts";

// The pipeline exists only on a PostgreSQL server; PGlite runs one statement at a time in-process.
const serverUrl = process.env.TEST_DATABASE_URL;

type Socket = { _writev?: (...args: unknown[]) => unknown; _write: (...args: unknown[]) => unknown };

/** Counts the writes that reach the sockets of the pipeline's connections from now on. */
function countSocketWrites(pipeline: StatementPipeline): () => number {
  let writes = 0;
  expect(pipeline.clients.length).toBeGreaterThan(0);
  // Reached through pg's Connection, as the pipeline itself does.
  for (const client of pipeline.clients) {
    const socket = (client as unknown as { connection: { stream: Socket } }).connection.stream;
    const { _write, _writev } = socket;
    socket._write = (...args) => {
      writes += 1;
      return _write.apply(socket, args);
    };
    if (_writev) {
      socket._writev = (...args) => {
        writes += 1;
        return _writev.apply(socket, args);
      };
    }
  }
  return () => writes;
}

describe.runIf(serverUrl)("StatementPipeline on a PostgreSQL server", () => {
  let handle: DatabaseHandle;
  let url: string;
  const errors: Error[] = [];
  const open: StatementPipeline[] = [];
  const pipelineOf = (connections: number, statementTimeout = 15_000) => {
    const pipeline = new StatementPipeline({
      connectionString: url,
      connections,
      statementTimeout,
      onError: (error) => errors.push(error),
    });
    open.push(pipeline);
    return pipeline;
  };

  beforeAll(async () => {
    handle = await createTestDatabase();
    url = handle.url!;
  });
  afterAll(async () => {
    await Promise.all(open.map((pipeline) => pipeline.end()));
    await handle.close();
  });

  it("sends the statements of one event-loop turn in one socket write, each answered on its own", async () => {
    const pipeline = pipelineOf(1);
    await pipeline.query("select 1");
    const writes = countSocketWrites(pipeline);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => pipeline.query<{ n: number }>("select $1::int * 2 as n", [i])),
    );
    expect(answers.map((answer) => answer.rows[0]?.n)).toEqual(Array.from({ length: 20 }, (_, i) => i * 2));
    expect(writes()).toBe(1);
  });

  it("fails only the statement that fails; the ones around it in the batch still answer", async () => {
    const pipeline = pipelineOf(1);
    const [before, failing, after] = await Promise.allSettled([
      pipeline.query<{ n: number }>("select 1 as n"),
      pipeline.query("select 1 / $1::int as n", [0]),
      pipeline.query<{ n: number }>("select 3 as n"),
    ]);
    expect(before).toMatchObject({ status: "fulfilled", value: { rows: [{ n: 1 }] } });
    expect(failing).toMatchObject({ status: "rejected", reason: { code: "22012" } });
    expect(after).toMatchObject({ status: "fulfilled", value: { rows: [{ n: 3 }] } });
  });

  it("stops a statement at the statement timeout without failing the ones queued behind it", async () => {
    const pipeline = pipelineOf(1, 200);
    const [slow, next] = await Promise.allSettled([
      pipeline.query("select pg_sleep(2)"),
      pipeline.query<{ n: number }>("select 4 as n"),
    ]);
    expect(slow).toMatchObject({ status: "rejected", reason: { code: "57014" } });
    expect(next).toMatchObject({ status: "fulfilled", value: { rows: [{ n: 4 }] } });
  });

  it("sends a new statement to the connection with the fewest in flight, opening up to its limit", async () => {
    const pipeline = pipelineOf(2);
    const burst = Array.from({ length: 10 }, () => pipeline.query("select pg_sleep(0.05)"));
    expect(pipeline.inFlight).toEqual([5, 5]);
    await Promise.all(burst);
    expect(pipeline.inFlight).toEqual([0, 0]);
    const pids = await Promise.all([
      pipeline.query<{ pid: number }>("select pg_backend_pid() as pid, pg_sleep(0.05)"),
      pipeline.query<{ pid: number }>("select pg_backend_pid() as pid, pg_sleep(0.05)"),
    ]);
    expect(new Set(pids.map((answer) => answer.rows[0]?.pid)).size).toBe(2);
  });

  it("fails the statements of a lost connection, reports it, and answers the next one on a new connection", async () => {
    const pipeline = pipelineOf(1);
    const { rows } = await pipeline.query<{ pid: number }>("select pg_backend_pid() as pid");
    const lostPid = rows[0]!.pid;
    const inFlight = [pipeline.query("select pg_sleep(5)"), pipeline.query("select 5")];
    await new Promise((resolve) => setTimeout(resolve, 100));
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query("select pg_terminate_backend($1)", [lostPid]);
    await admin.end();
    const settled = await Promise.allSettled(inFlight);
    expect(settled.map((s) => s.status)).toEqual(["rejected", "rejected"]);
    const fresh = await pipeline.query<{ pid: number }>("select pg_backend_pid() as pid");
    expect(fresh.rows[0]!.pid).not.toBe(lostPid);
    expect(errors.length).toBeGreaterThan(0);
  });

  it("refuses statements once ended", async () => {
    const pipeline = pipelineOf(1);
    await pipeline.query("select 1");
    await pipeline.end();
    await expect(pipeline.query("select 1")).rejects.toThrow("The database pipeline was closed");
  });

  it("runs Kysely's transactions on a connection of their own, outside the pipeline", async () => {
    const { db } = handle;
    const outsidePid = async () =>
      (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]!.pid;
    const pipelined = await outsidePid();
    await db.transaction().execute(async (trx) => {
      const first = (
        await sql<{
          pid: number;
          tx: string;
        }>`select pg_backend_pid() as pid, txid_current()::text as tx`.execute(trx)
      ).rows[0]!;
      await trx
        .insertInto("mails")
        .values({ id: "tx1", to: "a@b.c", subject: "s", text: "t", html: "h" })
        .execute();
      const second = (
        await sql<{
          pid: number;
          tx: string;
        }>`select pg_backend_pid() as pid, txid_current()::text as tx`.execute(trx)
      ).rows[0]!;
      expect(second).toEqual(first);
      expect(first.pid).not.toBe(pipelined);
      // Not committed yet: a pipelined read does not see it.
      const outside = await db.selectFrom("mails").select("id").where("id", "=", "tx1").execute();
      expect(outside).toEqual([]);
    });
    expect(await db.selectFrom("mails").select("id").where("id", "=", "tx1").execute()).toEqual([
      { id: "tx1" },
    ]);
    await expect(
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto("mails")
          .values({ id: "tx2", to: "a@b.c", subject: "s", text: "t", html: "h" })
          .execute();
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await db.selectFrom("mails").select("id").where("id", "=", "tx2").execute()).toEqual([]);
  });

  it("runs marked texts as named statements on its connections too", async () => {
    const text = prepared(`select "id" from "mails" where "id" = $1 and ${"'pipelined'"} <> $2`);
    for (let i = 0; i < 3; i++) {
      const { rows } = await handle.db.executeQuery(CompiledQuery.raw(text, ["tx1", "x"]));
      expect(rows).toEqual([{ id: "tx1" }]);
    }
    // Sequential statements go to the first (idle) connection, which prepared the text once.
    const { rows } = await handle.db.executeQuery<{ n: number }>(
      CompiledQuery.raw("select count(*)::int as n from pg_prepared_statements where statement = $1", [text]),
    );
    expect(rows).toEqual([{ n: 1 }]);
  });

  it("keeps a db.connection() block that starts with a session lock on one backend, as Kysely's migrator does", async () => {
    const pid = (r: { rows: { pid: number }[] }) => r.rows[0]!.pid;
    await handle.db.connection().execute(async (conn) => {
      const locked = pid(
        await sql<{ pid: number }>`select pg_advisory_lock(42), pg_backend_pid() as pid`.execute(conn),
      );
      const plain = pid(await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(conn));
      const inTransaction = await conn
        .transaction()
        .execute(async (trx) => pid(await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)));
      const unlocked = await sql<{ ok: boolean }>`select pg_advisory_unlock(42) as ok`.execute(conn);
      expect([plain, inTransaction]).toEqual([locked, locked]);
      expect(unlocked.rows).toEqual([{ ok: true }]);
    });
  });

  it("lets two instances migrate the same database at once, and a third after them", async () => {
    const other = await openDatabase({ url });
    try {
      await Promise.all([migrateToLatest(handle.db as never), migrateToLatest(other.db as never)]);
      await migrateToLatest(other.db as never);
    } finally {
      await other.close();
    }
  }, 20_000);
});
