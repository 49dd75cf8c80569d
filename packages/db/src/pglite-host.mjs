// The embedded database's own thread. PGlite is PostgreSQL compiled to WebAssembly: a
// statement runs synchronously on whatever thread holds it. On the HTTP thread every
// statement would stall every request (health checks and static files too) for as long as
// it runs, and a runaway one could not be stopped. Here it holds only this worker, and the
// HTTP thread can end the worker (see PGliteWorker) when a statement outlives its timeout.
//
// Plain JavaScript on purpose: a worker is a new module graph, started by whatever runs the
// server (the built bundle, tsx, vitest), and .mjs loads the same way under all of them.
import { readFileSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";

/** @type {{ dataDir?: string, loadDataDirFile?: string, initSql?: string }} */
const options = workerData ?? {};

/** Postgres error fields the server reads (code 23505, 57014…) survive the thread hop. */
const ERROR_FIELDS = [
  "code",
  "detail",
  "hint",
  "constraint",
  "table",
  "column",
  "schema",
  "severity",
  "position",
];

function serialiseError(error) {
  const out = { message: error instanceof Error ? error.message : String(error) };
  if (error && typeof error === "object") {
    for (const field of ERROR_FIELDS) {
      const value = error[field];
      if (typeof value === "string" || typeof value === "number") out[field] = value;
    }
  }
  return out;
}

async function open() {
  // pgvector ships with the embedded database: data sources' vectors are searched by it
  // (the server enables it at boot when it is there; see prepare-vector-search.ts).
  const create = { extensions: { vector } };
  if (options.dataDir) create.dataDir = options.dataDir;
  if (options.loadDataDirFile) create.loadDataDir = new Blob([readFileSync(options.loadDataDirFile)]);
  const pglite = await PGlite.create(create);
  if (options.initSql) await pglite.exec(options.initSql);
  return pglite;
}

const port = parentPort;
if (!port) throw new Error("pglite-host.mjs runs only as a worker thread");

let pglite;
try {
  pglite = await open();
  port.postMessage({ kind: "ready" });
} catch (error) {
  port.postMessage({ kind: "failed", error: serialiseError(error) });
}

// One message at a time, in order: the client sends the next statement only after the
// answer to the previous one (its connection lock), so nothing here needs queueing.
port.on("message", async (message) => {
  const { id, kind } = message;
  try {
    if (!pglite) throw new Error("The embedded database did not open");
    if (kind === "query") {
      const result = await pglite.query(message.sql, message.params);
      port.postMessage({ id, ok: true, rows: result.rows, affectedRows: result.affectedRows ?? null });
    } else if (kind === "close") {
      if (!pglite.closed) await pglite.close();
      port.postMessage({ id, ok: true });
    } else {
      throw new Error(`Unknown request ${String(kind)}`);
    }
  } catch (error) {
    port.postMessage({ id, ok: false, error: serialiseError(error) });
  }
});
