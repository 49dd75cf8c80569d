import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
// @ts-expect-error autocannon ships no types
import autocannon from "autocannon";
import pg from "pg";

export const ROOT = new URL("..", import.meta.url).pathname;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

export async function waitFor(url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

export type Running = { url: string; process: ChildProcess; stop(): Promise<void> };

/**
 * Our production server bundle, on PGlite (fresh data dir) or a PostgreSQL database.
 * `env` adds or overrides settings (e.g. ADMIN_EMAILS); stop() also deletes the data dir.
 */
export async function startLiftoff(
  databaseUrl?: string,
  options: { env?: Record<string, string> } = {},
): Promise<Running> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "liftoff-bench-"));
  const child = spawn(process.execPath, [join(ROOT, "apps/server/dist/main.js")], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? "",
      LOG_LEVEL: "error",
      ...options.env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = async () => {
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${url}/api/health`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, process: child, stop };
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
}

export type LoadResult = { reqPerSec: number; p50: number; p99: number; errors: number };

/** autocannon at a fixed concurrency for a fixed time; non-2xx answers count as errors. */
export async function load(options: {
  url: string;
  method?: "GET" | "POST";
  body?: string;
  headers?: Record<string, string>;
  connections?: number;
  seconds?: number;
  requests?: { method: string; path: string; body?: string; headers?: Record<string, string> }[];
  /** The same load for this long first, not measured (JIT, connection pools, plan caches). */
  warmupSeconds?: number;
  /** Paths (with query) to spread the requests over, one picked at random per request. */
  paths?: readonly string[];
}): Promise<LoadResult> {
  if (options.warmupSeconds) await load({ ...options, seconds: options.warmupSeconds, warmupSeconds: 0 });
  const result = await autocannon({
    url: options.url,
    method: options.method ?? "GET",
    body: options.body,
    headers: options.headers,
    connections: options.connections ?? 50,
    duration: options.seconds ?? 10,
    requests:
      options.requests ??
      (options.paths
        ? [
            {
              setupRequest: (request: Record<string, unknown>) => ({
                ...request,
                path: options.paths![Math.floor(Math.random() * options.paths!.length)],
              }),
            },
          ]
        : undefined),
  });
  return {
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** A closed-loop load on a plain async function (the SQL floor): same shape of numbers. */
export async function loadFunction(
  fn: () => Promise<unknown>,
  options: { concurrency?: number; seconds?: number; warmupSeconds?: number } = {},
): Promise<LoadResult> {
  if (options.warmupSeconds)
    await loadFunction(fn, { ...options, seconds: options.warmupSeconds, warmupSeconds: 0 });
  const concurrency = options.concurrency ?? 50;
  const until = Date.now() + (options.seconds ?? 10) * 1000;
  const latencies: number[] = [];
  let errors = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < until) {
        const start = performance.now();
        try {
          await fn();
        } catch {
          errors += 1;
        }
        latencies.push(performance.now() - start);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round((latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0) * 10) / 10;
  return {
    reqPerSec: Math.round(latencies.length / (options.seconds ?? 10)),
    p50: at(0.5),
    p99: at(0.99),
    errors,
  };
}

/** Runs tasks with at most `limit` in flight (seeding peers that have no batch API). */
export async function pool<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const item = items[next++]!;
        await fn(item);
      }
    }),
  );
}

export function markdownTable(headers: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
  return [line(headers), line(headers.map(() => "---")), ...rows.map(line)].join("\n");
}

/**
 * Waits until a server answers its health check quickly again: after a load, requests it
 * queued are still being served, and the next measurement must not pay for them.
 */
export async function settle(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const started = performance.now();
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok && performance.now() - started < 50) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * A JSON call against a running platform: throws on any non-2xx with the status and the
 * start of the body, so a bench or eval step that fails says where.
 */
export async function sendJson<T>(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const res = await fetch(baseUrl + path, {
    method,
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 500)}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** The local PostgreSQL server's admin URL (BENCH_DATABASE_URL, else the trust-auth default). */
export const PG_ADMIN = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/**
 * Runs `fn` with the URL of a fresh PostgreSQL database (`{prefix}_{time}`), dropped
 * afterwards whatever happens: every bench run starts from an empty database.
 */
export async function withScratchDatabase<T>(prefix: string, fn: (url: string) => Promise<T>): Promise<T> {
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString());
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

/** VACUUM ANALYZE after seeding, so the planner sees the real row counts before measuring. */
export async function vacuumAnalyze(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("vacuum analyze");
  } finally {
    await client.end();
  }
}

/** The per-database columns of a table comparing PGlite with PostgreSQL: req/s, errors, p50, p99. */
export const DATABASE_COLUMNS = ["PGlite", "PostgreSQL"].flatMap((db) => [
  `${db} req/s`,
  `${db} errors`,
  `${db} p50 ms`,
  `${db} p99 ms`,
]);
