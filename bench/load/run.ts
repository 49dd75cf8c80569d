/**
 * bench/load — the platform under a realistic mixed load, on both databases: 200 concurrent
 * clients (BENCH_LOAD_CLIENTS) for 60 s (BENCH_LOAD_SECONDS), split over five kinds of
 * request that all run at once — list a page, get one by id, create one, a filter with a
 * $regex narrowed by a declared field (a costly filter: budgeted, run on its own pool), and
 * /api/health. One entity of BENCH_LOAD_ROWS (10,000) rows. Reports per kind the requests
 * per second, errors (non-2xx and socket errors), p50 and p99 in one side-by-side table
 * (PGlite | PostgreSQL), printed and saved to bench/results/load-<date>.md.
 * Target (issue 12): 0 errors and p99 under 500 ms on PostgreSQL on this 2-core machine.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { csvOfRows, rowAt } from "../entities/bench-rows.ts";
import { BENCH_SCHEMA } from "../entities/bench-schema.ts";
import {
  DATABASE_COLUMNS,
  type LoadResult,
  load,
  markdownTable,
  ROOT,
  settle,
  startLiftoff,
  vacuumAnalyze,
  withScratchDatabase,
} from "../support.ts";

const ROWS = Number(process.env.BENCH_LOAD_ROWS ?? 10_000);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const CLIENTS = Number(process.env.BENCH_LOAD_CLIENTS ?? 200);

/** The mix: share of the clients each kind of request gets (sums to 1). */
const MIX = { list: 0.35, get: 0.3, create: 0.1, filter: 0.1, health: 0.15 } as const;
type Kind = keyof typeof MIX;
// BENCH_LOAD_KINDS=filter,list runs only those kinds (each keeps its share of CLIENTS): to
// look at one kind of request alone. The saved table is only written for the whole mix.
const KINDS = (process.env.BENCH_LOAD_KINDS?.split(",") ?? Object.keys(MIX)) as Kind[];
const WHOLE_MIX = KINDS.length === Object.keys(MIX).length;

const LIST_FILTER = { category: "c3", priority: { $gte: 3 } };
// A search box: a regex on a declared text field, narrowed by an indexed condition.
const REGEX_FILTER = { category: "c7", title: { $regex: "^Item 1", $options: "i" } };

async function json(res: Response): Promise<any> {
  const body = await res.json();
  if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(body)}`);
  return body;
}

async function measure(label: string, databaseUrl?: string): Promise<Record<Kind, LoadResult>> {
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
      email: "load@bench.local",
      password: "bench-pass-42",
    });
    const app = await post("/api/apps", { appType: "space", name: "Load" }, token);
    await fetch(`${server.url}/api/apps/${app.id}/entities/Item`, {
      method: "PUT",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify(BENCH_SCHEMA),
    }).then(json);
    // The owner imports the rows through the builder's grid (end users' imports are capped).
    process.stderr.write(`[${label}] importing ${ROWS} rows\n`);
    const form = new FormData();
    form.set("file", new File([csvOfRows(ROWS)], "items.csv", { type: "text/csv" }));
    await fetch(`${server.url}/api/apps/${app.id}/entities/Item/records/import`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    }).then(json);
    if (databaseUrl) await vacuumAnalyze(databaseUrl);
    const base = `${server.url}/live_api/apps/${app.id}/entities/Item`;
    const { items } = await fetch(`${base}?limit=500&skipTotal=true`).then(json);
    const path = new URL(base).pathname;
    const getPaths = items.map((item: { id: string }) => `${path}/${item.id}`);
    const q = (filter: unknown) => encodeURIComponent(JSON.stringify(filter));
    const clients = (kind: Kind) => Math.max(1, Math.round(CLIENTS * MIX[kind]));
    const loads: Record<Kind, () => Promise<LoadResult>> = {
      list: () =>
        load({
          url: `${base}?q=${q(LIST_FILTER)}&sort=-priority&limit=20`,
          connections: clients("list"),
          seconds: SECONDS,
        }),
      get: () => load({ url: base, paths: getPaths, connections: clients("get"), seconds: SECONDS }),
      create: () =>
        load({
          url: base,
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(rowAt(7)),
          connections: clients("create"),
          seconds: SECONDS,
        }),
      filter: () =>
        load({
          url: `${base}?q=${q(REGEX_FILTER)}&limit=20`,
          connections: clients("filter"),
          seconds: SECONDS,
        }),
      health: () =>
        load({ url: `${server.url}/api/health`, connections: clients("health"), seconds: SECONDS }),
    };
    // A short unmeasured warm-up of the same mix (JIT, pools, plan caches), then the run.
    await Promise.all(
      KINDS.map((kind) =>
        load({ url: `${server.url}/api/health`, seconds: 1, connections: 1 }).then(() => kind),
      ),
    );
    await settle(`${server.url}/api/health`);
    process.stderr.write(`[${label}] ${CLIENTS} clients for ${SECONDS} s\n`);
    const results = await Promise.all(KINDS.map((kind) => loads[kind]()));
    return Object.fromEntries(KINDS.map((kind, i) => [kind, results[i]!])) as Record<Kind, LoadResult>;
  } finally {
    await server.stop();
  }
}

async function main() {
  await withScratchDatabase("liftoff_load", async (databaseUrl) => {
    // The machine is shared: its load average says how much of the 2 cores the run had.
    const loadBefore = loadavg()[0]!.toFixed(1);
    // BENCH_LOAD_SKIP_PGLITE=1 measures PostgreSQL only (the PGlite columns are left empty).
    const pglite = process.env.BENCH_LOAD_SKIP_PGLITE ? null : await measure("liftoff-pglite");
    const postgres = await measure("liftoff-postgres", databaseUrl);
    const loadAfter = loadavg()[0]!.toFixed(1);
    const cells = (r: LoadResult) => [r.reqPerSec, r.errors, r.p50, r.p99];
    const rows = KINDS.map((kind) => [
      `${kind} (${Math.round(CLIENTS * MIX[kind])} clients)`,
      ...(pglite ? cells(pglite[kind]) : ["", "", "", ""]),
      ...cells(postgres[kind]),
    ]);
    const total = (r: Record<Kind, LoadResult>) => KINDS.reduce((sum, kind) => sum + r[kind].errors, 0);
    const table = markdownTable(["request", ...DATABASE_COLUMNS], rows);
    const date = new Date().toISOString().slice(0, 10);
    const text = `# Load: ${CLIENTS} concurrent clients, ${SECONDS} s, mixed requests (${date})

\`npm run bench:load\` (bench/load/run.ts). One entity of ${ROWS} rows (declared fields, the
(category, priority) index); every kind of request runs at the same time, each with its
share of the clients: list = 20 rows filtered \`${JSON.stringify(LIST_FILTER)}\` sorted by
-priority with the total; get = one of 500 ids at random; create = one row; filter = a
$regex search narrowed by a declared field \`${JSON.stringify(REGEX_FILTER)}\` (a costly
filter: budgeted, and on PostgreSQL run on its own pool); health = /api/health. Errors are
non-2xx answers and socket errors. Production server bundle, LOG_LEVEL=error, on the
shared 2-core machine (client and server on the same cores); 1-minute load average
${loadBefore} before the run and ${loadAfter} after it (other processes included).

${table}

Errors in all: PGlite ${pglite ? total(pglite) : "not run"}, PostgreSQL ${total(postgres)}. Target (issue 12): 0 errors and p99 under 500 ms on PostgreSQL.
`;
    process.stdout.write(`${text}\n`);
    if (WHOLE_MIX) {
      mkdirSync(join(ROOT, "bench/results"), { recursive: true });
      writeFileSync(join(ROOT, `bench/results/load-${date}.md`), text);
    }
  });
}

await main();
