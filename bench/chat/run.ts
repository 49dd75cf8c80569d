import { mkdirSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { join } from "node:path";
import { createModel, streamBuilderTurn } from "@liftoff/ai";
import pg from "pg";
import {
  createFakeOpenAiServer,
  type FakeOpenAiServer,
} from "../../apps/server/src/testing/fake-openai-server.ts";
import { TASK_APP_REPLY } from "../../apps/server/src/testing/scripted-app-replies.ts";
import { markdownTable, PG_ADMIN, ROOT, stopChild } from "../support.ts";
import {
  api,
  cpuSecondsOf,
  directRaw,
  installProviderClock,
  loadAverage,
  memoryOf,
  type ProviderStream,
  providerStreams,
  readSse,
  type Server,
  startServer,
} from "./stream-kit.ts";

const RUNS = Number(process.env.BENCH_CHAT_RUNS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CHAT_CONCURRENCY ?? 50);
const CHUNK = Number(process.env.BENCH_CHAT_CHUNK ?? 20);
const DELAY_MS = Number(process.env.BENCH_CHAT_DELAY_MS ?? 10);
const REPLY = TASK_APP_REPLY;
const PROMPT = "build a todo app with tasks";
const CHUNKS = Math.ceil(REPLY.length / CHUNK);

// ---------------------------------------------------------------------------------------
// Client side.

/** One streamed reply as the client saw it: text length after each event, and when. */
type Sample = {
  t0: number;
  arrivals: { t: number; len: number }[];
  /** `[DONE]` (direct) or the `done` event (through). */
  end: number;
  /** Through only: the `start` event, the final status, whether it ended with `done`. */
  start?: number;
  status?: string;
  error?: string;
  provider?: ProviderStream | undefined;
};

async function directSdk(
  fake: FakeOpenAiServer,
  model: ReturnType<typeof createModel>,
  system: string,
): Promise<Sample> {
  fake.enqueue({ text: REPLY });
  const before = providerStreams.length;
  const sample: Sample = { t0: performance.now(), arrivals: [], end: Number.NaN };
  let len = 0;
  await streamBuilderTurn({
    model,
    system,
    messages: [{ role: "user", content: PROMPT }],
    temperature: 0.7,
    maxRetries: 0,
    tools: { readFile: () => null, listEntities: () => ({}) },
    onEvent: (event) => {
      if (event.type !== "text" || event.text.length === 0) return;
      len += event.text.length;
      sample.arrivals.push({ t: performance.now(), len });
    },
  });
  sample.end = performance.now();
  sample.provider = providerStreams[before];
  return sample;
}

const newApp = async (server: Server, name: string) =>
  (await api<{ id: string }>(server, "POST", "/api/apps", { appType: "space", name })).id;

/** POST /chat and read the stream to its end. Never throws: failures land in `error`. */
async function through(fake: FakeOpenAiServer, server: Server, appId: string): Promise<Sample> {
  fake.enqueue({ text: REPLY });
  const before = providerStreams.length;
  const sample: Sample = { t0: performance.now(), arrivals: [], end: Number.NaN };
  try {
    const response = await fetch(`${server.url}/api/apps/${appId}/chat`, {
      method: "POST",
      headers: { authorization: `Bearer ${server.token}`, "content-type": "application/json" },
      body: JSON.stringify({ content: PROMPT }),
    });
    if (response.status !== 200) {
      sample.error = `HTTP ${response.status}: ${(await response.text()).slice(0, 200)}`;
      return sample;
    }
    let len = 0;
    await readSse(response, (event, data, t) => {
      if (event === "start") sample.start = t;
      if (event !== "update" && event !== "done") return;
      const message = JSON.parse(data).message as { content: string; status: string };
      if (message.content.length > len) {
        len = message.content.length;
        sample.arrivals.push({ t, len });
      }
      if (event === "done") {
        sample.end = t;
        sample.status = message.status;
      }
    });
    if (Number.isNaN(sample.end)) sample.error = "stream ended without done";
    else if (sample.status !== "ready") sample.error = `status ${sample.status}`;
  } catch (error) {
    sample.error = String(error);
  }
  sample.provider = providerStreams[before];
  return sample;
}

// ---------------------------------------------------------------------------------------
// Numbers.

function quantile(values: number[], q: number): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}
const ms = (n: number) => (Number.isFinite(n) ? (Math.abs(n) < 0.05 ? 0 : n).toFixed(1) : "–");
const p50 = (values: number[]) => quantile(values, 0.5);
const p90 = (values: number[]) => quantile(values, 0.9);

const ttft = (s: Sample) => (s.arrivals[0]?.t ?? Number.NaN) - s.t0;
/** The provider wrote its first content chunk this long after the client started. */
const providerFirst = (s: Sample) => (s.provider?.writes[0]?.t ?? Number.NaN) - s.t0;
const lastText = (s: Sample) => s.arrivals.at(-1)?.t ?? Number.NaN;
const streamSpan = (s: Sample) => lastText(s) - (s.arrivals[0]?.t ?? Number.NaN);
const providerSpan = (s: Sample) =>
  (s.provider?.writes.at(-1)?.t ?? Number.NaN) - (s.provider?.writes[0]?.t ?? Number.NaN);

/** Per provider chunk: its write to the first client event that includes it. */
function relays(s: Sample): number[] {
  const out: number[] = [];
  let i = 0;
  for (const write of s.provider?.writes ?? []) {
    while (i < s.arrivals.length && s.arrivals[i]!.len < write.len) i++;
    const arrival = s.arrivals[i];
    if (arrival) out.push(arrival.t - write.t);
  }
  return out;
}

function gaps(s: Sample): number[] {
  return s.arrivals.slice(1).map((a, i) => a.t - s.arrivals[i]!.t);
}

type Latency = {
  label: string;
  raw: Sample[];
  sdk: Sample[];
  through: Sample[];
  loadBefore: string;
  loadAfter: string;
};

async function measureLatency(fake: FakeOpenAiServer, server: Server, label: string): Promise<Latency> {
  const loadBefore = loadAverage();
  // Warm-up (not counted): JIT, caches, and the request body the server sends the model.
  const warm = await through(fake, server, await newApp(server, "Warm-up"));
  if (warm.error) throw new Error(`warm-up chat failed: ${warm.error}`);
  const body = fake.completionRequests().at(-1)!.body;
  const system = body.messages[0].content as string;
  const model = createModel({
    provider: "openai-compatible",
    baseURL: fake.baseURL,
    model: "fake-model",
    temperature: 0.7,
    maxRetries: 0,
  });
  await directRaw(fake, REPLY, body);
  await directSdk(fake, model, system);

  const result: Latency = { label, raw: [], sdk: [], through: [], loadBefore, loadAfter: "" };
  for (let i = 0; i < RUNS; i++) {
    process.stderr.write(`[${label}] latency run ${i + 1}/${RUNS}\n`);
    result.raw.push(await directRaw(fake, REPLY, body));
    result.sdk.push(await directSdk(fake, model, system));
    const appId = await newApp(server, `Latency ${i + 1}`);
    const sample = await through(fake, server, appId);
    if (sample.error) throw new Error(`chat run ${i + 1} failed: ${sample.error}`);
    result.through.push(sample);
  }
  result.loadAfter = loadAverage();
  return result;
}

type Concurrent = {
  label: string;
  samples: Sample[];
  buildsOk: number;
  wallMs: number;
  rssBefore: number;
  rssPeak: number;
  hwm: number;
  serverCpu: number;
  clientCpu: number;
  /** PostgreSQL only: the most backends of the bench database seen at once, by state. */
  pgPeak: PgActivity | null;
  loadBefore: string;
  loadAfter: string;
};

type PgActivity = { connections: number; active: number; idleInTransaction: number; waitingOnLock: number };
type PgProbe = () => Promise<PgActivity>;

async function measureConcurrency(
  fake: FakeOpenAiServer,
  server: Server,
  label: string,
  pgProbe: PgProbe | null,
): Promise<Concurrent> {
  process.stderr.write(`[${label}] creating ${CONCURRENCY} apps\n`);
  const apps: string[] = [];
  for (let i = 0; i < CONCURRENCY; i++) apps.push(await newApp(server, `Concurrent ${i + 1}`));
  await new Promise((r) => setTimeout(r, 500));
  const loadBefore = loadAverage();
  const rssBefore = memoryOf(server.pid).rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, memoryOf(server.pid).rss);
  }, 50);
  let pgPeak: PgActivity | null = null;
  let probing = Promise.resolve();
  const pgSampler = pgProbe
    ? setInterval(() => {
        probing = probing.then(async () => {
          const now = await pgProbe();
          pgPeak = pgPeak
            ? {
                connections: Math.max(pgPeak.connections, now.connections),
                active: Math.max(pgPeak.active, now.active),
                idleInTransaction: Math.max(pgPeak.idleInTransaction, now.idleInTransaction),
                waitingOnLock: Math.max(pgPeak.waitingOnLock, now.waitingOnLock),
              }
            : now;
        });
      }, 100)
    : null;
  const cpuBefore = cpuSecondsOf(server.pid);
  const clientBefore = process.cpuUsage();
  process.stderr.write(`[${label}] ${CONCURRENCY} generations at once\n`);
  const started = performance.now();
  const samples = await Promise.all(apps.map((appId) => through(fake, server, appId)));
  const wallMs = performance.now() - started;
  clearInterval(sampler);
  if (pgSampler) clearInterval(pgSampler);
  await probing;
  rssPeak = Math.max(rssPeak, memoryOf(server.pid).rss);
  const serverCpu = cpuSecondsOf(server.pid) - cpuBefore;
  const client = process.cpuUsage(clientBefore);
  const loadAfter = loadAverage();
  let buildsOk = 0;
  for (const appId of apps) {
    const build = await api<{ ok: boolean }>(server, "GET", `/api/apps/${appId}/build`).catch(() => null);
    if (build?.ok) buildsOk += 1;
  }
  return {
    label,
    samples,
    buildsOk,
    wallMs,
    rssBefore,
    rssPeak,
    hwm: memoryOf(server.pid).hwm,
    serverCpu,
    clientCpu: (client.user + client.system) / 1e6,
    pgPeak,
    loadBefore,
    loadAfter,
  };
}

async function measureBackend(
  fake: FakeOpenAiServer,
  label: string,
  database?: { url: string; probe: PgProbe },
) {
  process.stderr.write(`[${label}] starting the platform\n`);
  const server = await startServer(fake, database ? { databaseUrl: database.url } : {});
  try {
    const latency = await measureLatency(fake, server, label);
    const concurrent = await measureConcurrency(fake, server, label, database?.probe ?? null);
    return { latency, concurrent };
  } finally {
    await stopChild(server.child);
  }
}

/** A fresh database on the local PostgreSQL, or null (with the reason) when unreachable. */
async function createDatabase(): Promise<
  { url: string; probe: PgProbe; drop(): Promise<void> } | { skipped: string }
> {
  const admin = new pg.Client({ connectionString: PG_ADMIN, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    return { skipped: `PostgreSQL at ${PG_ADMIN} not reachable (${String(error)})` };
  }
  const name = `liftoff_bench_chat_${Date.now()}`;
  await admin.query(`create database "${name}"`);
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async probe() {
      const { rows } = await admin.query<{ state: string | null; wait: string | null }>(
        "select state, wait_event_type as wait from pg_stat_activity where datname = $1",
        [name],
      );
      return {
        connections: rows.length,
        active: rows.filter((r) => r.state === "active").length,
        idleInTransaction: rows.filter((r) => r.state?.startsWith("idle in transaction")).length,
        waitingOnLock: rows.filter((r) => r.wait === "Lock").length,
      };
    },
    async drop() {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

// ---------------------------------------------------------------------------------------
// Report.

function latencyTables(results: Latency[]): string[] {
  const ttftRows: (string | number)[][] = [];
  const relayRows: (string | number)[][] = [];
  const overheadLines: string[] = [];
  for (const r of results) {
    const paths: [string, Sample[]][] = [
      ["direct: raw fetch of /v1/chat/completions", r.raw],
      ["direct: AI SDK (packages/ai streamBuilderTurn)", r.sdk],
      ["through: POST /api/apps/{appId}/chat", r.through],
    ];
    for (const [path, samples] of paths) {
      const firsts = samples.map(ttft);
      const provider = samples.map(providerFirst);
      const relay = samples.flatMap(relays);
      const stretch = samples.map((s) => (streamSpan(s) - providerSpan(s)) / CHUNKS);
      const gap = samples.flatMap(gaps);
      const isThrough = samples === r.through;
      ttftRows.push([
        r.label,
        path,
        samples.length,
        ms(p50(firsts)),
        ms(p90(firsts)),
        ms(p50(provider)),
        isThrough ? ms(p50(samples.map((s) => (s.start ?? Number.NaN) - s.t0))) : "–",
        ms(p50(samples.map((s) => s.end - s.t0))),
        isThrough ? ms(p50(samples.map((s) => s.end - lastText(s)))) : "–",
      ]);
      relayRows.push([
        r.label,
        path,
        relay.length,
        ms(p50(relay)),
        ms(p90(relay)),
        ms(quantile(relay, 0.99)),
        ms(Math.max(...relay)),
        ms(p50(stretch)),
        `${ms(p50(gap))} / ${ms(p90(gap))}`,
      ]);
    }
    const firstRaw = p50(r.raw.map(ttft));
    const firstThrough = p50(r.through.map(ttft));
    const relayRaw = p50(r.raw.flatMap(relays));
    const relayThrough = p50(r.through.flatMap(relays));
    const beforeModel = p50(r.through.map(providerFirst)) - p50(r.raw.map(providerFirst));
    const start = p50(r.through.map((s) => (s.start ?? Number.NaN) - s.t0));
    overheadLines.push(
      `- **${r.label}**: TTFT overhead (p50 through − p50 raw) **${ms(firstThrough - firstRaw)} ms**, ` +
        `of which ${ms(beforeModel)} ms before the model is asked (p50 of the provider's first write, ` +
        `through − raw: \`start\` arrives after ${ms(start)} ms — session, limits, storing the two ` +
        "messages — then loading the app's context, the history and the system prompt and opening the " +
        "model request) and the rest relaying the first chunk. Per-chunk relay overhead p50 " +
        `**${ms(relayThrough - relayRaw)} ms** (through − raw). ` +
        `Load average ${r.loadBefore} before, ${r.loadAfter} after.`,
    );
  }
  return [
    markdownTable(
      [
        "backend",
        "path",
        "runs",
        "TTFT p50 ms",
        "TTFT p90 ms",
        "provider's first token at p50 ms",
        "`start` event p50 ms",
        "end of stream p50 ms",
        "last text → `done` p50 ms",
      ],
      ttftRows,
    ),
    "",
    markdownTable(
      [
        "backend",
        "path",
        "chunks",
        "relay p50 ms",
        "relay p90 ms",
        "relay p99 ms",
        "relay max ms",
        "stream stretch per chunk p50 ms",
        "text event gap p50 / p90 ms",
      ],
      relayRows,
    ),
    "",
    ...overheadLines,
  ];
}

function concurrencyTable(results: Concurrent[]): string[] {
  const both = (values: number[]) => `${ms(p50(values))} / ${ms(p90(values))}`;
  const rows = results.map((c) => {
    const failed = c.samples.filter((s) => s.error);
    const reasons = [...new Set(failed.map((s) => s.error!.slice(0, 80)))];
    return [
      c.label,
      c.samples.length,
      c.samples.filter((s) => s.status === "ready").length,
      failed.length + (reasons.length ? ` (${reasons.join("; ")})` : ""),
      `${c.buildsOk}/${c.samples.length}`,
      (c.wallMs / 1000).toFixed(1),
      `${c.rssBefore.toFixed(0)} / ${c.rssPeak.toFixed(0)} / ${c.hwm.toFixed(0)}`,
      c.serverCpu.toFixed(1),
      c.clientCpu.toFixed(1),
      `${c.loadBefore} → ${c.loadAfter}`,
    ];
  });
  const phases = results.map((c) => [
    c.label,
    both(c.samples.map((s) => (s.start ?? Number.NaN) - s.t0)),
    both(c.samples.map(ttft)),
    both(c.samples.map((s) => lastText(s) - s.t0)),
    both(c.samples.map((s) => s.end - lastText(s))),
    both(c.samples.map((s) => s.end - s.t0)),
    c.pgPeak
      ? `${c.pgPeak.connections} / ${c.pgPeak.active} / ${c.pgPeak.idleInTransaction} / ${c.pgPeak.waitingOnLock}`
      : "–",
  ]);
  return [
    markdownTable(
      [
        "backend",
        "generations",
        "ready",
        "errors",
        "builds ok",
        "wall s",
        "server RSS MB before / peak / VmHWM",
        "server CPU s (with children)",
        "client + provider CPU s",
        "load average",
      ],
      rows,
    ),
    "",
    "Where the time goes (ms from each POST, p50 / p90; alone, a turn takes the first table's times):",
    "",
    markdownTable(
      [
        "backend",
        "`start` event",
        "first text",
        "last text",
        "last text → `done`",
        "`done`",
        "PostgreSQL backends at most: connected / active / idle in transaction / waiting on a lock",
      ],
      phases,
    ),
  ];
}

async function main(): Promise<void> {
  installProviderClock();
  const fake = await createFakeOpenAiServer({ chunkSize: CHUNK, chunkDelayMs: DELAY_MS });
  const latency: Latency[] = [];
  const concurrent: Concurrent[] = [];
  const notes: string[] = [];
  const startedAt = performance.now();
  try {
    const pglite = await measureBackend(fake, "PGlite");
    latency.push(pglite.latency);
    concurrent.push(pglite.concurrent);
    const database = await createDatabase();
    if ("skipped" in database) notes.push(`PostgreSQL skipped: ${database.skipped}.`);
    else {
      try {
        const postgres = await measureBackend(fake, "PostgreSQL", database);
        latency.push(postgres.latency);
        concurrent.push(postgres.concurrent);
      } finally {
        await database.drop();
      }
    }
  } finally {
    await fake.close();
  }

  const report = [
    `# bench/chat — ${new Date().toISOString()}`,
    "",
    `Reply: TASK_APP_REPLY, ${REPLY.length} characters in ${CHUNKS} chunks of ${CHUNK} characters, one every ` +
      `${DELAY_MS} ms from the fake provider (${Math.round(((CHUNK / DELAY_MS) * 1000) / 4)} tokens/s at 4 characters ` +
      `a token). The platform in its own Node process (startPlatform + @hono/node-server over HTTP on ` +
      `127.0.0.1, NODE_ENV=production, source through tsx); the client and the fake provider in the bench ` +
      `process. ${cpus().length} cores shared with other work: numbers are noisy. Whole run ` +
      `${((performance.now() - startedAt) / 1000).toFixed(0)} s.`,
    "",
    `## Time to first token and relay (${RUNS} sequential runs per path, interleaved; a fresh app per chat run)`,
    "",
    "TTFT: request start to the first text (direct: first chunk with content; through: first `update` " +
      "whose message.content is not empty). Relay: each provider content chunk, from the fake's `res.write` " +
      "to the first client event that contains it. Stream stretch: (client's first-to-last text) − " +
      "(provider's first-to-last write), per chunk. End of stream: `[DONE]` (direct) or `done` (through, " +
      "after the actions are applied, compiled, validated and stored).",
    "",
    ...latencyTables(latency),
    "",
    `## ${CONCURRENCY} concurrent generations (one POST /chat per app, all started together)`,
    "",
    "Errors: HTTP status other than 200, a stream without `done`, or a final status other than ready. " +
      "Builds ok: GET /api/apps/{appId}/build answers ok afterwards. RSS of the server process: before, " +
      "peak of /proc VmRSS sampled every 50 ms during the run, and VmHWM (the process's lifetime peak). " +
      `PGlite is one connection: every statement of the ${CONCURRENCY} generations (and their transactions) queues on it.`,
    "",
    ...concurrencyTable(concurrent),
    ...(notes.length ? ["", ...notes] : []),
  ].join("\n");
  process.stdout.write(`${report}\n`);
  mkdirSync(join(ROOT, "bench/results"), { recursive: true });
  writeFileSync(join(ROOT, `bench/results/chat-${new Date().toISOString().slice(0, 10)}.md`), `${report}\n`);
}

await main();
