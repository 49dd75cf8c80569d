/**
 * bench/entities — the entity API side by side with a peer and a floor, in one run:
 *   (a) Liftoff on embedded PGlite, (b) Liftoff on the local PostgreSQL server,
 *   (c) PocketBase 0.22.20 with an equivalent collection, index and public rules,
 *   (d) the floor: the same SQL through `pg`, no HTTP.
 * Loads: list 20 rows with a filter and a sort, get one by id, create one — autocannon at
 * concurrency 50 for BENCH_SECONDS (10). Import: BENCH_ROWS (100,000) rows through
 * POST /import vs Postgres COPY of the same rows into an identically indexed table.
 * Prints one markdown table and saves it to bench/results/.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compileFilter, compileSort, type Database } from "@liftoff/db";
import { markScalarFields, parseFilter, parseSort, scalarPathsOf } from "@liftoff/domain";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import {
  freePort,
  type LoadResult,
  load,
  loadFunction,
  markdownTable,
  pool,
  ROOT,
  settle,
  startLiftoff,
  stopChild,
  waitFor,
} from "../support.ts";
import { copyRows, csvOfRows, rowAt } from "./bench-rows.ts";
import { BENCH_SCHEMA } from "./bench-schema.ts";

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
// Every target (ours, PocketBase, the floor) gets the same unmeasured warm-up per load.
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const PG_ADMIN = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
// Gets spread over this many rows, picked at random per request, on every target.
const GET_IDS = 500;
const FILTER = { category: "c3", priority: { $gte: 3 } };
const SORT = "-priority";

const SCHEMA = BENCH_SCHEMA;

type Measured = { list: LoadResult; get: LoadResult; create: LoadResult; importRowsPerSec: number };

async function json(res: Response): Promise<any> {
  const body = await res.json();
  if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(body)}`);
  return body;
}

async function measureLiftoff(label: string, databaseUrl?: string): Promise<Measured & { appId: string }> {
  process.stderr.write(`[${label}] starting\n`);
  const server = await startLiftoff(databaseUrl);
  try {
    const post = (path: string, body: unknown, token?: string) =>
      fetch(server.url + path, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      }).then(json);
    const { token } = await post("/api/session/signup", {
      email: "bench@bench.local",
      password: "bench-pass-42",
    });
    const app = await post("/api/apps", { appType: "space", name: "Bench" }, token);
    await fetch(`${server.url}/api/apps/${app.id}/entities/Item`, {
      method: "PUT",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify(SCHEMA),
    }).then(json);
    const base = `${server.url}/live_api/apps/${app.id}/entities/Item`;

    process.stderr.write(`[${label}] importing ${ROWS} rows\n`);
    const form = new FormData();
    form.set("file", new File([csvOfRows(ROWS)], "items.csv", { type: "text/csv" }));
    const started = performance.now();
    // The owner's import (the builder's grid): an end user's is capped at 1,000 rows.
    const imported = await fetch(`${server.url}/api/apps/${app.id}/entities/Item/records/import`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    }).then(json);
    const importRowsPerSec = Math.round(imported.imported / ((performance.now() - started) / 1000));

    if (databaseUrl) {
      // What autovacuum does within a minute of a bulk insert, done now so it does not run
      // in the middle of the measured loads (bench/entities/profile.ts does the same).
      const maintenance = new pg.Client({ connectionString: databaseUrl });
      await maintenance.connect();
      await maintenance.query("vacuum analyze");
      await maintenance.end();
    }
    const { items } = await fetch(`${base}?limit=${GET_IDS}&skipTotal=true`).then(json);
    const getPaths = items.map((item: { id: string }) => `${new URL(base).pathname}/${item.id}`);
    const q = encodeURIComponent(JSON.stringify(FILTER));
    process.stderr.write(`[${label}] load\n`);
    const health = `${server.url}/api/health`;
    const list = await load({
      url: `${base}?q=${q}&sort=${SORT}&limit=20&skipTotal=true`,
      seconds: SECONDS,
      warmupSeconds: WARMUP,
    });
    await settle(health);
    const get = await load({ url: base, paths: getPaths, seconds: SECONDS, warmupSeconds: WARMUP });
    await settle(health);
    const create = await load({
      url: base,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(rowAt(7)),
      seconds: SECONDS,
      warmupSeconds: WARMUP,
    });
    return { list, get, create, importRowsPerSec, appId: app.id };
  } finally {
    await server.stop();
  }
}

async function measurePocketBase(): Promise<Measured> {
  process.stderr.write("[pocketbase] starting\n");
  const bin = join(ROOT, "node_modules/.bin/pocketbase");
  const dir = mkdtempSync(join(tmpdir(), "pb-bench-"));
  const admin = { identity: "admin@bench.local", password: "bench-pass-42" };
  // The admin command needs the schema: apply PocketBase's own migrations first.
  // Everything inside the temp dir: PocketBase writes JS migrations next to its cwd when a
  // collection is created through the API unless automigrate is off.
  const pbArgs = [`--dir=${dir}`, `--migrationsDir=${join(dir, "migrations")}`, "--automigrate=false"];
  spawnSync(bin, ["migrate", "up", ...pbArgs], { stdio: "ignore", cwd: dir });
  const created = spawnSync(bin, ["admin", "create", admin.identity, admin.password, ...pbArgs], {
    cwd: dir,
  });
  if (!String(created.stdout).includes("Successfully"))
    throw new Error(`PocketBase admin: ${created.stdout}${created.stderr}`);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(bin, ["serve", `--http=127.0.0.1:${port}`, ...pbArgs], { stdio: "ignore", cwd: dir });
  try {
    await waitFor(`${url}/api/health`);
    const { token } = await fetch(`${url}/api/admins/auth-with-password`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(admin),
    }).then(json);
    await fetch(`${url}/api/collections`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: token },
      body: JSON.stringify({
        name: "items",
        type: "base",
        schema: [
          { name: "title", type: "text" },
          { name: "done", type: "bool" },
          { name: "priority", type: "number" },
          { name: "category", type: "text" },
        ],
        listRule: "",
        viewRule: "",
        createRule: "",
        indexes: ["CREATE INDEX idx_items_category_priority ON items (category, priority)"],
      }),
    }).then(json);
    const base = `${url}/api/collections/items/records`;
    process.stderr.write(`[pocketbase] seeding ${ROWS} rows (no bulk API: one request each, 50 at a time)\n`);
    const started = performance.now();
    await pool(
      Array.from({ length: ROWS }, (_, i) => i),
      50,
      async (i) => {
        const res = await fetch(base, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(rowAt(i)),
        });
        await res.arrayBuffer();
      },
    );
    const importRowsPerSec = Math.round(ROWS / ((performance.now() - started) / 1000));
    const { items } = await fetch(`${base}?perPage=${GET_IDS}&skipTotal=1`).then(json);
    const getPaths = items.map((item: { id: string }) => `${new URL(base).pathname}/${item.id}`);
    const filter = encodeURIComponent("(category='c3' && priority>=3)");
    process.stderr.write("[pocketbase] load\n");
    const list = await load({
      url: `${base}?filter=${filter}&sort=-priority&perPage=20&skipTotal=1`,
      seconds: SECONDS,
      warmupSeconds: WARMUP,
    });
    const get = await load({ url: base, paths: getPaths, seconds: SECONDS, warmupSeconds: WARMUP });
    const create = await load({
      url: base,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(rowAt(7)),
      seconds: SECONDS,
      warmupSeconds: WARMUP,
    });
    return { list, get, create, importRowsPerSec };
  } finally {
    await stopChild(child);
  }
}

/** The floor: the statements our list/get/create run, straight through pg, no HTTP. */
async function measureFloor(databaseUrl: string, appId: string): Promise<Measured> {
  process.stderr.write("[floor] load\n");
  const pgPool = new pg.Pool({ connectionString: databaseUrl, max: 50 });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: pgPool }) });
  try {
    const listQuery = db
      .selectFrom("entity_rows")
      .selectAll()
      .where("appId", "=", appId)
      .where("entity", "=", "Item")
      .where(compileFilter(markScalarFields(parseFilter(FILTER), scalarPathsOf(SCHEMA as never))))
      .orderBy(compileSort(parseSort(SORT, Object.keys(SCHEMA.properties))))
      .limit(20)
      .compile();
    const ids = (
      await db.selectFrom("entity_rows").select("id").where("appId", "=", appId).limit(GET_IDS).execute()
    ).map((row) => row.id);
    const list = await loadFunction(() => pgPool.query(listQuery.sql, [...listQuery.parameters]), {
      seconds: SECONDS,
      warmupSeconds: WARMUP,
    });
    const get = await loadFunction(
      () =>
        pgPool.query('select * from entity_rows where "appId" = $1 and entity = $2 and id = $3', [
          appId,
          "Item",
          ids[Math.floor(Math.random() * ids.length)],
        ]),
      { seconds: SECONDS, warmupSeconds: WARMUP },
    );
    const create = await loadFunction(
      () =>
        pgPool.query(
          'insert into entity_rows (id, "appId", entity, data) values (gen_random_uuid()::text, $1, $2, $3::jsonb) returning *',
          [appId, "Item", JSON.stringify(rowAt(7))],
        ),
      { seconds: SECONDS, warmupSeconds: WARMUP },
    );
    // COPY of the same rows into a table shaped and indexed like entity_rows.
    await pgPool.query("drop table if exists bench_copy");
    await pgPool.query("create table bench_copy (like entity_rows including defaults including indexes)");
    const importRowsPerSec = copyRows(databaseUrl, "bench_copy", appId, ROWS);
    await pgPool.query("drop table bench_copy");
    return { list, get, create, importRowsPerSec };
  } finally {
    await db.destroy();
  }
}

async function main() {
  const dbName = `liftoff_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  await admin.connect();
  await admin.query(`create database "${dbName}"`);
  const url = new URL(PG_ADMIN);
  url.pathname = `/${dbName}`;
  try {
    const pglite = await measureLiftoff("liftoff-pglite");
    const postgres = await measureLiftoff("liftoff-postgres", url.toString());
    const floor = await measureFloor(url.toString(), postgres.appId);
    const pocketbase = await measurePocketBase();

    const targets: [string, Measured][] = [
      ["Liftoff on PGlite", pglite],
      ["Liftoff on PostgreSQL", postgres],
      ["PocketBase 0.22.20", pocketbase],
      ["Floor: same SQL via pg, no HTTP", floor],
    ];
    const rows: (string | number)[][] = [];
    for (const op of ["list", "get", "create"] as const) {
      for (const [name, m] of targets) {
        const r = m[op];
        const vsPb = (r.reqPerSec / pocketbase[op].reqPerSec).toFixed(2);
        const vsFloor = (r.reqPerSec / floor[op].reqPerSec).toFixed(2);
        rows.push([op, name, r.reqPerSec, r.p50, r.p99, r.errors, `${vsPb}x`, `${vsFloor}x`]);
      }
    }
    const importRows = targets.map(([name, m]) => [
      name === "Floor: same SQL via pg, no HTTP"
        ? "Postgres COPY (floor)"
        : name === "PocketBase 0.22.20"
          ? "PocketBase (one POST per row, 50 concurrent)"
          : `${name}: POST /import`,
      m.importRowsPerSec,
    ]);
    const report = [
      `# bench/entities — ${new Date().toISOString()}`,
      "",
      `${ROWS.toLocaleString("en-US")} rows, concurrency 50, ${SECONDS} s per load after ${WARMUP} s of unmeasured warm-up, one machine (2 cores), localhost. The PostgreSQL database is vacuumed and analyzed after the import, before the loads (autovacuum would within a minute).`,
      `List: filter ${JSON.stringify(FILTER)}, sort ${SORT}, 20 rows, no total. Get: one of ${GET_IDS} ids at random. Create: one row.`,
      "",
      markdownTable(
        ["op", "target", "req/s", "p50 ms", "p99 ms", "errors", "vs PocketBase", "vs floor"],
        rows,
      ),
      "",
      markdownTable(["import of the same rows", "rows/s"], importRows),
      "",
      "Targets (issue 3): on PostgreSQL at least 1.5x PocketBase's req/s on list and get, p99 under 50 ms, import at least 20,000 rows/s.",
    ].join("\n");
    process.stdout.write(`${report}\n`);
    mkdirSync(join(ROOT, "bench/results"), { recursive: true });
    writeFileSync(
      join(ROOT, `bench/results/entities-${new Date().toISOString().slice(0, 10)}.md`),
      `${report}\n`,
    );
  } finally {
    await admin.query(`drop database if exists "${dbName}" with (force)`);
    await admin.end();
  }
}

await main();
