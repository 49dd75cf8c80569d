/**
 * bench/entities/import.ts — only the import half of bench/entities, for quick A/B runs
 * (`npx tsx bench/entities/import.ts`; builds nothing: run `npm run build` first). On a
 * fresh database of the local PostgreSQL server: IMPORT_ROWS (100,000) rows through
 * POST /import, IMPORT_ROUNDS (2) times into the same entity (the second round meets full
 * indexes), each next to Postgres COPY of the same rows into a table shaped and indexed
 * like entity_rows.
 */
import pg from "pg";
import { markdownTable, sendJson, startLiftoff } from "../support.ts";
import { copyRows, csvOfRows } from "./bench-rows.ts";
import { BENCH_SCHEMA } from "./bench-schema.ts";

const ROWS = Number(process.env.IMPORT_ROWS ?? 100_000);
const ROUNDS = Number(process.env.IMPORT_ROUNDS ?? 2);
const PG_ADMIN = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const dbName = `liftoff_import_${Date.now()}`;
const admin = new pg.Client({ connectionString: PG_ADMIN });
await admin.connect();
await admin.query(`create database "${dbName}"`);
const url = new URL(PG_ADMIN);
url.pathname = `/${dbName}`;
const server = await startLiftoff(url.toString());
const rows: (string | number)[][] = [];
try {
  const { token } = await sendJson<{ token: string }>(server.url, "POST", "/api/session/signup", {
    email: "bench@bench.local",
    password: "bench-pass-42",
  });
  const app = await sendJson<{ id: string }>(
    server.url,
    "POST",
    "/api/apps",
    { appType: "space", name: "Bench" },
    token,
  );
  await sendJson(server.url, "PUT", `/api/apps/${app.id}/entities/Item`, BENCH_SCHEMA, token);
  const csv = csvOfRows(ROWS);
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  await db.query("create table bench_copy (like entity_rows including defaults including indexes)");
  for (let round = 1; round <= ROUNDS; round++) {
    const form = new FormData();
    form.set("file", new File([csv], "items.csv", { type: "text/csv" }));
    const started = performance.now();
    const res = await fetch(`${server.url}/live_api/apps/${app.id}/entities/Item/import`, {
      method: "POST",
      body: form,
    });
    const body = (await res.json()) as { imported: number };
    if (!res.ok) throw new Error(JSON.stringify(body));
    const ours = Math.round(body.imported / ((performance.now() - started) / 1000));
    const floor = copyRows(url.toString(), "bench_copy", app.id, ROWS);
    rows.push([round, ours, floor, `${(ours / floor).toFixed(2)}x`]);
    process.stderr.write(`[import] round ${round}: ${ours} rows/s, COPY ${floor} rows/s\n`);
  }
  await db.end();
} finally {
  await server.stop();
  await admin.query(`drop database "${dbName}" with (force)`);
  await admin.end();
}
console.log(`${ROWS.toLocaleString("en")} rows per round\n`);
console.log(markdownTable(["round", "POST /import rows/s", "COPY rows/s", "ratio"], rows));
