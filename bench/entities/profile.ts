/**
 * bench/entities/profile.ts — where the runtime entity API spends its CPU (not part of
 * `npm test` or `npm run bench:entities`). Run: `npx tsx bench/entities/profile.ts`.
 *
 * Bundles the server like production (apps/server/build.mjs) into bench/entities/dist/, on
 * a fresh database of the local PostgreSQL server (dropped at the end), seeds PROF_ROWS rows
 * into an entity with read/write "all", then loads get-by-id and a filtered, sorted list
 * with autocannon for three callers: anonymous, the owner's platform session (Bearer) and
 * an end user's app token (Bearer lat_…).
 *
 * PROF_CPU=1 (default 0): one server per scenario under `node --cpu-prof`; prints the top
 * self-time functions, self time per package and the share of a few hot paths.
 * PROF_CPU=0: one server, throughput only (req/s, p50, p99), PROF_REPEAT rounds (median).
 * Other knobs: PROF_ROWS (20000), PROF_SECONDS (5), PROF_CONNECTIONS (50),
 * PROF_SCENARIOS (e.g. "get:anon,list:owner"), PROF_DATABASE_URL (admin connection),
 * PROF_KEEP=1 (keep the .cpuprofile files), PROF_KEEP_DB=1 (keep the database).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BuildOptions, build } from "esbuild";
import pg from "pg";
// @ts-expect-error plain ESM build script without types
import { serverBuildOptions } from "../../apps/server/build.mjs";
import { freePort, type LoadResult, load, ROOT, settle, stopChild, waitFor } from "../support.ts";
import { BENCH_SCHEMA } from "./bench-schema.ts";

const ROWS = Number(process.env.PROF_ROWS ?? 20_000);
const SECONDS = Number(process.env.PROF_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.PROF_CONNECTIONS ?? 50);
const CPU = process.env.PROF_CPU === "1";
const REPEAT = Number(process.env.PROF_REPEAT ?? 1);
const PG_ADMIN = process.env.PROF_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const AUTH_SECRET = "profile-secret-that-is-long-enough-for-the-auth-library";
const FILTER = { category: "c3", priority: { $gte: 3 } };
const OUT = join(ROOT, "bench/entities/dist");

const SCHEMA = BENCH_SCHEMA;

type Caller = "anon" | "owner" | "enduser";
type Op = "get" | "list";
type Seeded = { appId: string; rowId: string; ownerToken: string; endUserToken: string };

async function bundleServer(): Promise<string> {
  mkdirSync(OUT, { recursive: true });
  const outfile = join(OUT, "main.js");
  await build(serverBuildOptions({ entry: join(ROOT, "apps/server/src/main.ts"), outfile }) as BuildOptions);
  return outfile;
}

type Server = { url: string; child: ChildProcess; profileDir?: string };

async function startServer(main: string, databaseUrl: string, profile: boolean): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const profileDir = profile ? mkdtempSync(join(tmpdir(), "liftoff-cpuprof-")) : undefined;
  const args = profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`, main] : [main];
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: mkdtempSync(join(tmpdir(), "liftoff-prof-")),
      DATABASE_URL: databaseUrl,
      AUTH_SECRET,
      LOG_LEVEL: "error",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await waitFor(`${url}/api/health`);
  return { url, child, profileDir };
}

async function json(res: Response): Promise<any> {
  const body = await res.json();
  if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(body)}`);
  return body;
}

async function seed(server: Server, databaseUrl: string): Promise<Seeded> {
  const send = (method: string, path: string, body: unknown, token?: string) =>
    fetch(server.url + path, {
      method,
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    }).then(json);
  const { token: ownerToken } = await send("POST", "/api/session/signup", {
    email: "prof@bench.local",
    password: "bench-pass-42",
  });
  const app = await send("POST", "/api/apps", { appType: "space", name: "Profile" }, ownerToken);
  await send("PUT", `/api/apps/${app.id}/entities/Item`, SCHEMA, ownerToken);
  // End-user sign-up needs a published app with sign-up on: written directly, as
  // apps/server/src/testing/app-user-test-setup.ts does.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const versionId = crypto.randomUUID();
    await client.query(
      `insert into app_versions (id, "appId", number, "parentId", files, entities, "createdBy")
       values ($1, $2, 1, null, '{}', '{}', null)`,
      [versionId, app.id],
    );
    await client.query(
      `update apps set "draftVersionId" = $1, "publishedVersionId" = $1, "publishedAt" = now(),
       data = data || '{"isSignupEnabled": true}'::jsonb where id = $2`,
      [versionId, app.id],
    );
  } finally {
    await client.end();
  }
  const { token: endUserToken } = await send("POST", `/live_api/apps/${app.id}/auth/signup`, {
    email: "end@bench.local",
    password: "end-user-pass-42",
    name: "End User",
  });
  const lines = ["title,done,priority,category"];
  for (let i = 0; i < ROWS; i++) lines.push(`Item ${i},${i % 2 === 0},${(i % 5) + 1},c${i % 10}`);
  const form = new FormData();
  form.set("file", new File([`${lines.join("\n")}\n`], "items.csv", { type: "text/csv" }));
  await fetch(`${server.url}/live_api/apps/${app.id}/entities/Item/import`, {
    method: "POST",
    body: form,
  }).then(json);
  const { items } = await fetch(
    `${server.url}/live_api/apps/${app.id}/entities/Item?limit=1&skipTotal=true`,
  ).then(json);
  // Fresh statistics now, so autovacuum/analyze after the bulk insert does not land in the
  // middle of the first measurement.
  const vacuum = new pg.Client({ connectionString: databaseUrl });
  await vacuum.connect();
  await vacuum.query("vacuum analyze");
  await vacuum.end();
  return { appId: app.id, rowId: items[0].id, ownerToken, endUserToken };
}

function requestOf(server: Server, seeded: Seeded, op: Op, caller: Caller) {
  const base = `${server.url}/live_api/apps/${seeded.appId}/entities/Item`;
  const url =
    op === "get"
      ? `${base}/${seeded.rowId}`
      : `${base}?q=${encodeURIComponent(JSON.stringify(FILTER))}&sort=-priority&limit=20&skipTotal=true`;
  const token =
    caller === "owner" ? seeded.ownerToken : caller === "enduser" ? seeded.endUserToken : undefined;
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  return { url, headers };
}

/** CPU seconds (user + system) of one process, from /proc (Linux). */
function cpuSecondsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds of every postgres process (the server's backends do the SQL work). */
function postgresCpuSeconds(): number {
  let sum = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, "utf8").trim() === "postgres")
        sum += cpuSecondsOf(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return sum;
}

type Measured = LoadResult & { serverCpuMs: number; postgresCpuMs: number; loaderCpuMs: number };

/** One load, plus the CPU milliseconds per request spent by our server, postgres and the load generator. */
async function measure(server: Server, seeded: Seeded, op: Op, caller: Caller): Promise<Measured> {
  const { url, headers } = requestOf(server, seeded, op, caller);
  const check = await fetch(url, { headers });
  if (!check.ok) throw new Error(`${op}/${caller}: ${check.status} ${await check.text()}`);
  await check.arrayBuffer();
  // Warm up (JIT, pool, caches), then measure.
  await load({ url, headers, seconds: 1, connections: CONNECTIONS });
  await settle(`${server.url}/api/health`);
  const before = {
    server: cpuSecondsOf(server.child.pid!),
    pg: postgresCpuSeconds(),
    me: process.cpuUsage(),
  };
  const result = await load({ url, headers, seconds: SECONDS, connections: CONNECTIONS });
  const me = process.cpuUsage(before.me);
  const requests = Math.max(1, result.reqPerSec * SECONDS);
  const perRequest = (seconds: number) => Math.round((seconds * 1000 * 1000) / requests) / 1000;
  const measured = {
    ...result,
    serverCpuMs: perRequest(cpuSecondsOf(server.child.pid!) - before.server),
    postgresCpuMs: perRequest(postgresCpuSeconds() - before.pg),
    loaderCpuMs: perRequest((me.user + me.system) / 1e6),
  };
  // Requests still queued in the server are answered before anything else happens.
  await settle(`${server.url}/api/health`);
  return measured;
}

// ---- cpuprofile analysis ----------------------------------------------------------------

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
  children?: number[];
};
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

function packageOf(url: string): string {
  if (!url) return "(native)";
  if (url.startsWith("node:")) return "node:internal";
  const at = url.lastIndexOf("/node_modules/");
  if (at >= 0) {
    const parts = url.slice(at + "/node_modules/".length).split("/");
    return parts[0]!.startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  if (url.includes("/bench/entities/dist/")) return "liftoff (our bundle)";
  return url;
}

/** Sync-stack markers: a sample counts toward a marker when any frame in its stack matches. */
const MARKERS: [string, (f: ProfileNode["callFrame"]) => boolean][] = [
  ["better-auth (any frame)", (f) => f.url.includes("/better-auth/") || f.url.includes("/@better-auth/")],
  ["zod (any frame)", (f) => f.url.includes("/zod/")],
  ["kysely (any frame)", (f) => f.url.includes("/kysely/")],
  ["pg / pg-protocol (any frame)", (f) => /\/node_modules\/(pg|pg-protocol|pg-pool)\//.test(f.url)],
  ["hono + node-server (any frame)", (f) => /\/node_modules\/(hono|@hono\/[^/]+)\//.test(f.url)],
  ["JSON.stringify/parse", (f) => f.functionName === "stringify" || f.functionName === "parse"],
  ["crypto (any frame)", (f) => f.url.includes("crypto") || f.url.includes("/@noble/")],
  ["garbage collector", (f) => f.functionName === "(garbage collector)"],
];

function analyze(file: string, label: string): void {
  const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfUs = new Map<number, number>();
  let total = 0;
  let idle = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    const node = byId.get(id)!;
    if (node.callFrame.functionName === "(idle)") {
      idle += dt;
      return;
    }
    total += dt;
    selfUs.set(id, (selfUs.get(id) ?? 0) + dt);
  });
  const markerUs = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const hit = new Set<string>();
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      const frame = byId.get(n)!.callFrame;
      for (const [name, test] of MARKERS) if (test(frame)) hit.add(name);
    }
    for (const name of hit) markerUs.set(name, (markerUs.get(name) ?? 0) + us);
  }
  const selfByFn = new Map<string, number>();
  const selfByPkg = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const f = byId.get(id)!.callFrame;
    const key = `${f.functionName || "(anonymous)"}  ${packageOf(f.url)}${f.url ? `:${f.lineNumber + 1}` : ""}`;
    selfByFn.set(key, (selfByFn.get(key) ?? 0) + us);
    selfByPkg.set(packageOf(f.url), (selfByPkg.get(packageOf(f.url)) ?? 0) + us);
  }
  const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)}%`;
  const top = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => `  ${pct(us)}  ${k}`)
      .join("\n");
  process.stdout.write(
    [
      `\n### ${label}: busy ${(total / 1e6).toFixed(1)} s, idle ${(idle / 1e6).toFixed(1)} s`,
      "self time by package:",
      top(selfByPkg, 12),
      "stack contains (inclusive, sync stacks only):",
      top(markerUs, MARKERS.length),
      "top self-time functions:",
      top(selfByFn, 25),
      "",
    ].join("\n"),
  );
}

// ---- main ---------------------------------------------------------------------------------

function scenarios(): [Op, Caller][] {
  const all: [Op, Caller][] = [];
  for (const op of ["get", "list"] as const)
    for (const caller of ["anon", "owner", "enduser"] as const) all.push([op, caller]);
  const wanted = process.env.PROF_SCENARIOS?.split(",").map((s) => s.trim());
  return wanted ? all.filter(([op, caller]) => wanted.includes(`${op}:${caller}`)) : all;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const main = await bundleServer();
  const dbName = `liftoff_prof_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  await admin.connect();
  await admin.query(`create database "${dbName}"`);
  const url = new URL(PG_ADMIN);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  try {
    process.stderr.write(`[profile] seeding ${ROWS} rows into ${dbName}\n`);
    let server = await startServer(main, databaseUrl, false);
    const seeded = await seed(server, databaseUrl).catch(async (error) => {
      await stopChild(server.child);
      throw error;
    });
    const results: string[] = [];
    if (!CPU) {
      try {
        const runs = new Map<string, Measured[]>();
        for (let round = 0; round < REPEAT; round++) {
          for (const [op, caller] of scenarios()) {
            const r = await measure(server, seeded, op, caller);
            process.stderr.write(
              `[profile] ${op} ${caller}: ${r.reqPerSec} req/s p99 ${r.p99} ms; CPU ms/request: server ${r.serverCpuMs}, postgres ${r.postgresCpuMs}, autocannon ${r.loaderCpuMs}\n`,
            );
            runs.set(`${op}|${caller}`, [...(runs.get(`${op}|${caller}`) ?? []), r]);
            await settle(`${server.url}/api/health`);
          }
        }
        for (const [key, rs] of runs) {
          const [op, caller] = key.split("|");
          results.push(
            `| ${op} | ${caller} | ${median(rs.map((r) => r.reqPerSec))} | ${median(rs.map((r) => r.p50))} | ${median(rs.map((r) => r.p99))} | ${rs.reduce((s, r) => s + r.errors, 0)} | ${median(rs.map((r) => r.serverCpuMs))} | ${median(rs.map((r) => r.postgresCpuMs))} | ${rs.map((r) => r.reqPerSec).join(" ")} |`,
          );
        }
      } finally {
        await stopChild(server.child);
      }
      process.stdout.write(
        `\n${ROWS} rows, ${CONNECTIONS} connections, ${SECONDS} s, ${REPEAT} round(s), medians\n\n| op | caller | req/s | p50 ms | p99 ms | errors | server CPU ms/req | postgres CPU ms/req | all runs req/s |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n${results.join("\n")}\n`,
      );
      return;
    }
    await stopChild(server.child);
    for (const [op, caller] of scenarios()) {
      server = await startServer(main, databaseUrl, true);
      let r: Measured;
      try {
        r = await measure(server, seeded, op, caller);
      } finally {
        await stopChild(server.child);
      }
      const files = readdirSync(server.profileDir!).filter((f) => f.endsWith(".cpuprofile"));
      analyze(
        join(server.profileDir!, files[0]!),
        `${op} as ${caller} (${r.reqPerSec} req/s under the profiler, p99 ${r.p99} ms, server CPU ${r.serverCpuMs} ms/req)`,
      );
      if (process.env.PROF_KEEP !== "1") rmSync(server.profileDir!, { recursive: true, force: true });
      else process.stdout.write(`profile kept in ${server.profileDir}\n`);
    }
  } finally {
    if (process.env.PROF_KEEP_DB === "1") process.stderr.write(`[profile] kept database ${dbName}\n`);
    else await admin.query(`drop database if exists "${dbName}" with (force)`);
    await admin.end();
  }
}

await main();
