import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { join } from "node:path";
import { createModel, streamRunText } from "@liftoff/ai";
import {
  type CustomField,
  createBlockStreamParser,
  emptyCustomField,
  emptyTool,
  type SavedApp,
  type Tool,
} from "@liftoff/domain";
import pg from "pg";
import {
  createFakeOpenAiServer,
  type FakeOpenAiServer,
} from "../../apps/server/src/testing/fake-openai-server.ts";
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
} from "../chat/stream-kit.ts";
import { markdownTable, PG_ADMIN, ROOT, stopChild } from "../support.ts";

const RUNS = Number(process.env.BENCH_RUNS_RUNS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_RUNS_CONCURRENCY ?? 200);
const BURST = Number(process.env.BENCH_RUNS_BURST ?? 30);
const REFUSED = Number(process.env.BENCH_RUNS_REFUSED ?? 50);
const CHUNK = Number(process.env.BENCH_RUNS_CHUNK ?? 20);
const DELAY_MS = Number(process.env.BENCH_RUNS_DELAY_MS ?? 10);
const LIMIT = 10;
const BLOCK_IDS = ["plan", "facts"];

const PLAN = Array.from(
  { length: 7 },
  (_, i) =>
    `## Day ${i + 1}\n\n- Morning: walk the old town's hills and take the tram up to the castle walls.\n` +
    `- Afternoon: a museum of tiles, then custard tarts by the river.\n- Evening: dinner with fado.\n`,
).join("\n");
const FACTS = JSON.stringify({
  Population: "545,000",
  Sea: "Atlantic",
  Currency: "Euro",
  Language: "Portuguese",
});
const REPLY = `<block id="plan">\n${PLAN}\n</block>\n<block id="facts">\n${FACTS}\n</block>`;
const CHUNKS = Math.ceil(REPLY.length / CHUNK);
const RUN_BODY = { input: "", values: { city: "Lisbon", days: "7" } };

/** After each provider chunk, how much block text the server's parser can have emitted. */
const EXPECTED_BLOCK_TEXT: number[] = (() => {
  const parser = createBlockStreamParser({ blockIds: BLOCK_IDS });
  const out: number[] = [];
  let len = 0;
  for (let i = 0; i < REPLY.length; i += CHUNK) {
    for (const event of parser.push(REPLY.slice(i, i + CHUNK)))
      if (event.type === "block-delta") len += event.text.length;
    out.push(len);
  }
  return out;
})();

// ---------------------------------------------------------------------------------------
// Client side.

/** One streamed answer as the client saw it: text length after each event, and when. */
type Sample = {
  t0: number;
  arrivals: { t: number; len: number }[];
  /** `[DONE]` (direct) or the `done` event (through). */
  end: number;
  /** Through only: the response headers, the `snapshot` event, the final phase, the verdicts. */
  headers?: number;
  snapshot?: number;
  phase?: string;
  validated?: number;
  error?: string;
  provider?: ProviderStream | undefined;
};

async function directSdk(
  fake: FakeOpenAiServer,
  model: ReturnType<typeof createModel>,
  request: { system: string; user: string; temperature: number },
): Promise<Sample> {
  fake.enqueue({ text: REPLY });
  const before = providerStreams.length;
  const sample: Sample = { t0: performance.now(), arrivals: [], end: Number.NaN };
  let len = 0;
  await streamRunText({
    model,
    system: request.system,
    messages: [{ role: "user", content: request.user }],
    temperature: request.temperature,
    maxRetries: 0,
    onText: (text) => {
      if (text.length === 0) return;
      len += text.length;
      sample.arrivals.push({ t: performance.now(), len });
    },
  });
  sample.end = performance.now();
  sample.provider = providerStreams[before];
  return sample;
}

type PublishedTool = { appId: string; toolId: string };

const field = (name: string, type: CustomField["type"], extra: Partial<CustomField> = {}): CustomField => ({
  ...emptyCustomField({ name, label: name[0]!.toUpperCase() + name.slice(1), type }),
  ...extra,
});

/** A published generated app with one active tool, as runs.test.ts builds it, with its own limits. */
async function publishedTool(server: Server, name: string, dailyUserLimit: number): Promise<PublishedTool> {
  const { id: appId } = await api<{ id: string }>(server, "POST", "/api/apps", {
    appType: "generated",
    name,
  });
  const { app: start } = await api<{ app: SavedApp }>(server, "GET", `/api/apps/${appId}/saved-app`);
  const tool: Tool = {
    ...emptyTool({ toolId: "t-plan", path: "plan", title: "Plan a trip" }),
    status: "active",
    gptPrompt: "Plan a trip to [city] for [days] days.",
    fields: [
      field("city", "text", { required: true }),
      field("days", "select", {
        options: [
          { label: "3", iconUrl: "" },
          { label: "7", iconUrl: "" },
        ],
      }),
    ],
    blocks: [
      { id: "plan", kind: "markdown", title: "Plan", instruction: "Day by day." },
      {
        id: "facts",
        kind: "key_facts",
        title: "Facts",
        instruction: "Key facts.",
        validation: { minItems: 2 },
      },
    ],
  };
  const app: SavedApp = {
    ...start,
    // One model call per run: no follow-up suggestions.
    features: start.features.filter((feature) => feature !== "interactive_followups"),
    settings: { ...start.settings, dailyUserLimit, weeklyUserLimit: Math.max(dailyUserLimit, 100) },
    tools: [tool],
  };
  await api(server, "POST", "/api/apps", { appId, appType: "generated", appBuilderVersion: 4, genApp: app });
  await api(server, "POST", `/api/apps/${appId}/publish`);
  return { appId, toolId: tool.toolId };
}

/** One run, read as SSE to `done`. Never throws: failures land in `error`. */
async function through(
  fake: FakeOpenAiServer,
  server: Server,
  tool: PublishedTool,
  ip: string,
): Promise<Sample> {
  fake.enqueue({ text: REPLY });
  const before = providerStreams.length;
  const sample: Sample = { t0: performance.now(), arrivals: [], end: Number.NaN, validated: 0 };
  try {
    const response = await fetch(`${server.url}/live_api/apps/${tool.appId}/tools/${tool.toolId}/runs`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip },
      body: JSON.stringify(RUN_BODY),
    });
    sample.headers = performance.now();
    if (response.status !== 200) {
      sample.error = `HTTP ${response.status}: ${(await response.text()).slice(0, 200)}`;
      return sample;
    }
    let len = 0;
    await readSse(response, (event, data, t) => {
      if (event === "snapshot") sample.snapshot ??= t;
      else if (event === "block-delta") {
        len += (JSON.parse(data) as { text: string }).text.length;
        sample.arrivals.push({ t, len });
      } else if (event === "block-validated") sample.validated! += 1;
      else if (event === "error") sample.error = `error event: ${data.slice(0, 150)}`;
      else if (event === "done") {
        sample.end = t;
        sample.phase = (JSON.parse(data) as { phase: string }).phase;
      }
    });
    if (Number.isNaN(sample.end)) sample.error ??= "stream ended without done";
    else if (sample.phase !== "success") sample.error ??= `phase ${sample.phase}`;
    else if (len !== PLAN.length + FACTS.length) sample.error = `block text ${len} characters`;
  } catch (error) {
    sample.error = String(error);
  }
  sample.provider = providerStreams[before];
  return sample;
}

/** A request's status and its time to the whole answer. */
async function timed(url: string, init?: RequestInit): Promise<{ status: number; ms: number }> {
  const t0 = performance.now();
  const res = await fetch(url, init);
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - t0 };
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
const p95 = (values: number[]) => quantile(values, 0.95);
const p99 = (values: number[]) => quantile(values, 0.99);
const spread = (values: number[]) => `${ms(p50(values))} / ${ms(p95(values))} / ${ms(p99(values))}`;

const ttfb = (s: Sample) => (s.arrivals[0]?.t ?? Number.NaN) - s.t0;
/** The provider wrote its first content chunk this long after the client started. */
const providerFirst = (s: Sample) => (s.provider?.writes[0]?.t ?? Number.NaN) - s.t0;
const providerLast = (s: Sample) => s.provider?.writes.at(-1)?.t ?? Number.NaN;
const lastText = (s: Sample) => s.arrivals.at(-1)?.t ?? Number.NaN;

/** Per provider chunk that adds text: its write to the first client event that includes it. */
function relays(s: Sample, expected: (i: number, write: { len: number }) => number): number[] {
  const out: number[] = [];
  let j = 0;
  let previous = 0;
  for (const [i, write] of (s.provider?.writes ?? []).entries()) {
    const want = expected(i, write);
    if (want <= previous) continue; // tags only: nothing for the client to see yet
    previous = want;
    while (j < s.arrivals.length && s.arrivals[j]!.len < want) j++;
    const arrival = s.arrivals[j];
    if (arrival) out.push(arrival.t - write.t);
  }
  return out;
}
const rawRelays = (s: Sample) => relays(s, (_i, write) => write.len);
const blockRelays = (s: Sample) => relays(s, (i) => EXPECTED_BLOCK_TEXT[i] ?? Number.POSITIVE_INFINITY);

/** PostgreSQL only: the most backends of the bench database seen at once, by state. */
type PgPeak = {
  connections: number;
  active: number;
  idleInTransaction: number;
  waitingOnLock: number;
  /** Samples (every 100 ms) in which a backend waited on a lock, by the start of its statement. */
  lockWaits: Map<string, number>;
};
type PgProbe = () => Promise<{ state: string | null; wait: string | null; query: string }[]>;

/** Samples pg_stat_activity every 100 ms until stop() is awaited. */
function samplePg(probe: PgProbe | null): { stop(): Promise<PgPeak | null> } {
  if (!probe) return { stop: async () => null };
  const peak: PgPeak = {
    connections: 0,
    active: 0,
    idleInTransaction: 0,
    waitingOnLock: 0,
    lockWaits: new Map(),
  };
  let probing = Promise.resolve();
  const timer = setInterval(() => {
    probing = probing.then(async () => {
      const rows = await probe();
      const waiting = rows.filter((r) => r.wait === "Lock");
      peak.connections = Math.max(peak.connections, rows.length);
      peak.active = Math.max(peak.active, rows.filter((r) => r.state === "active").length);
      peak.idleInTransaction = Math.max(
        peak.idleInTransaction,
        rows.filter((r) => r.state?.startsWith("idle in transaction")).length,
      );
      peak.waitingOnLock = Math.max(peak.waitingOnLock, waiting.length);
      for (const r of waiting) {
        const key = r.query.replace(/\s+/g, " ").trim().slice(0, 60);
        peak.lockWaits.set(key, (peak.lockWaits.get(key) ?? 0) + 1);
      }
    });
  }, 100);
  return {
    async stop() {
      clearInterval(timer);
      await probing;
      return peak;
    },
  };
}

function pgPeakText(peak: PgPeak | null): string {
  if (!peak) return "–";
  const waits = [...peak.lockWaits.entries()].sort((a, b) => b[1] - a[1]);
  return (
    `${peak.connections} / ${peak.active} / ${peak.idleInTransaction} / ${peak.waitingOnLock}` +
    (waits.length
      ? ` (lock waits: ${waits.map(([q, n]) => `${n}× \`${q.replace(/\|/g, "\\|")}…\``).join(", ")})`
      : "")
  );
}

// ---------------------------------------------------------------------------------------
// The three measurements.

type Latency = { label: string; raw: Sample[]; sdk: Sample[]; through: Sample[]; load: string };

async function measureLatency(
  fake: FakeOpenAiServer,
  server: Server,
  tool: PublishedTool,
  label: string,
): Promise<Latency> {
  const loadBefore = loadAverage();
  // Warm-up (not counted): JIT, caches, and the request body the server sends the model.
  const warm = await through(fake, server, tool, "198.51.100.250");
  if (warm.error) throw new Error(`warm-up run failed: ${warm.error}`);
  const body = fake.completionRequests().at(-1)!.body;
  const request = {
    system: body.messages[0].content as string,
    user: body.messages[1].content as string,
    temperature: body.temperature as number,
  };
  const model = createModel({
    provider: "openai-compatible",
    baseURL: fake.baseURL,
    model: "fake-model",
    temperature: request.temperature,
    maxRetries: 0,
  });
  await directRaw(fake, REPLY, body);
  await directSdk(fake, model, request);

  const result: Latency = { label, raw: [], sdk: [], through: [], load: "" };
  for (let i = 0; i < RUNS; i++) {
    process.stderr.write(`[${label}] latency run ${i + 1}/${RUNS}\n`);
    result.raw.push(await directRaw(fake, REPLY, body));
    result.sdk.push(await directSdk(fake, model, request));
    const sample = await through(fake, server, tool, `198.51.100.${i + 1}`);
    if (sample.error) throw new Error(`run ${i + 1} failed: ${sample.error}`);
    result.through.push(sample);
  }
  result.load = `${loadBefore} → ${loadAverage()}`;
  return result;
}

type Concurrent = {
  label: string;
  samples: Sample[];
  wallMs: number;
  rssBefore: number;
  rssPeak: number;
  hwm: number;
  serverCpu: number;
  clientCpu: number;
  pgPeak: PgPeak | null;
  load: string;
};

async function measureConcurrency(
  fake: FakeOpenAiServer,
  server: Server,
  tool: PublishedTool,
  label: string,
  probe: PgProbe | null,
): Promise<Concurrent> {
  await new Promise((r) => setTimeout(r, 500));
  const loadBefore = loadAverage();
  const rssBefore = memoryOf(server.pid).rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, memoryOf(server.pid).rss);
  }, 50);
  const cpuBefore = cpuSecondsOf(server.pid);
  const clientBefore = process.cpuUsage();
  const pg = samplePg(probe);
  process.stderr.write(`[${label}] ${CONCURRENCY} runs at once\n`);
  const started = performance.now();
  const samples = await Promise.all(
    Array.from({ length: CONCURRENCY }, (_, i) =>
      through(fake, server, tool, `10.${Math.floor(i / 250)}.${i % 250}.${(i % 200) + 1}`),
    ),
  );
  const wallMs = performance.now() - started;
  clearInterval(sampler);
  const pgPeak = await pg.stop();
  rssPeak = Math.max(rssPeak, memoryOf(server.pid).rss);
  const serverCpu = cpuSecondsOf(server.pid) - cpuBefore;
  const client = process.cpuUsage(clientBefore);
  return {
    label,
    samples,
    wallMs,
    rssBefore,
    rssPeak,
    hwm: memoryOf(server.pid).hwm,
    serverCpu,
    clientCpu: (client.user + client.system) / 1e6,
    pgPeak,
    load: `${loadBefore} → ${loadAverage()}`,
  };
}

type Limited = {
  label: string;
  burst: Sample[];
  refused: number[];
  health: number[];
  refusedStatuses: number[];
  pgPeak: PgPeak | null;
  load: string;
};

async function measureLimit(
  fake: FakeOpenAiServer,
  server: Server,
  tool: PublishedTool,
  label: string,
  probe: PgProbe | null,
): Promise<Limited> {
  const loadBefore = loadAverage();
  const ip = "192.0.2.77";
  process.stderr.write(`[${label}] ${BURST} runs at once from one address (limit ${LIMIT})\n`);
  const pg = samplePg(probe);
  const burst = await Promise.all(Array.from({ length: BURST }, () => through(fake, server, tool, ip)));
  const pgPeak = await pg.stop();
  // Replies queued for the refused runs were never asked for: drop them (and the records).
  fake.reset();
  // Then refused runs one at a time, interleaved with the floor.
  const url = `${server.url}/live_api/apps/${tool.appId}/tools/${tool.toolId}/runs`;
  const init = {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": ip },
    body: JSON.stringify(RUN_BODY),
  };
  for (let i = 0; i < 5; i++) {
    await timed(url, init);
    await timed(`${server.url}/api/health`);
  }
  const refused: number[] = [];
  const health: number[] = [];
  const refusedStatuses: number[] = [];
  for (let i = 0; i < REFUSED; i++) {
    const run = await timed(url, init);
    refused.push(run.ms);
    refusedStatuses.push(run.status);
    health.push((await timed(`${server.url}/api/health`)).ms);
  }
  return { label, burst, refused, health, refusedStatuses, pgPeak, load: `${loadBefore} → ${loadAverage()}` };
}

async function measureBackend(
  fake: FakeOpenAiServer,
  label: string,
  database?: { url: string; probe: PgProbe },
) {
  process.stderr.write(`[${label}] starting the platform\n`);
  const server = await startServer(fake, {
    ...(database ? { databaseUrl: database.url } : {}),
    env: { TRUST_PROXY_HOPS: "1" },
    nodeArgs: process.env.BENCH_RUNS_NODE_ARGS?.split(" ").filter(Boolean) ?? [],
  });
  try {
    const open = await publishedTool(server, "Trips (open)", 100);
    const limited = await publishedTool(server, "Trips (limited)", LIMIT);
    const latency = await measureLatency(fake, server, open, label);
    const concurrent = await measureConcurrency(fake, server, open, label, database?.probe ?? null);
    const limit = await measureLimit(fake, server, limited, label, database?.probe ?? null);
    return { latency, concurrent, limit };
  } finally {
    await stopChild(server.child);
  }
}

/** A fresh database on the local PostgreSQL, or the reason there is none. */
async function createDatabase(): Promise<
  { url: string; probe: PgProbe; drop(): Promise<void> } | { skipped: string }
> {
  const admin = new pg.Client({ connectionString: PG_ADMIN, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    return { skipped: `PostgreSQL at ${PG_ADMIN} not reachable (${String(error)})` };
  }
  const name = `liftoff_bench_runs_${Date.now()}`;
  await admin.query(`create database "${name}"`);
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async probe() {
      const { rows } = await admin.query<{ state: string | null; wait: string | null; query: string }>(
        "select state, wait_event_type as wait, query from pg_stat_activity where datname = $1",
        [name],
      );
      return rows;
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
  const ttfbRows: (string | number)[][] = [];
  const relayRows: (string | number)[][] = [];
  const lines: string[] = [];
  for (const r of results) {
    const paths: [string, Sample[], (s: Sample) => number[]][] = [
      ["direct: raw fetch of /v1/chat/completions", r.raw, rawRelays],
      ["direct: AI SDK (packages/ai streamRunText)", r.sdk, rawRelays],
      ["through: POST /live_api/…/runs", r.through, blockRelays],
    ];
    for (const [path, samples, relayOf] of paths) {
      const isThrough = samples === r.through;
      const relay = samples.flatMap(relayOf);
      const toDone = samples.map((s) => s.end - providerLast(s));
      ttfbRows.push([
        r.label,
        path,
        samples.length,
        ms(p50(samples.map(ttfb))),
        ms(p90(samples.map(ttfb))),
        ms(p50(samples.map(providerFirst))),
        isThrough ? ms(p50(samples.map((s) => (s.snapshot ?? Number.NaN) - s.t0))) : "–",
        ms(p50(samples.map((s) => s.end - s.t0))),
        `${ms(p50(toDone))} / ${ms(p90(toDone))}`,
        isThrough ? ms(p50(samples.map((s) => s.end - lastText(s)))) : "–",
      ]);
      relayRows.push([
        r.label,
        path,
        relay.length,
        ms(p50(relay)),
        ms(p90(relay)),
        ms(p99(relay)),
        ms(Math.max(...relay)),
      ]);
    }
    const beforeModel = p50(r.through.map(providerFirst)) - p50(r.raw.map(providerFirst));
    lines.push(
      `- **${r.label}**: TTFB overhead (p50 through − p50 raw) **${ms(p50(r.through.map(ttfb)) - p50(r.raw.map(ttfb)))} ms**, ` +
        `of which ${ms(beforeModel)} ms before the model is asked (the provider's first write, through − raw; ` +
        `\`snapshot\` — tool loaded, answers checked, limits counted, run stored — arrives after ` +
        `${ms(p50(r.through.map((s) => (s.snapshot ?? Number.NaN) - s.t0)))} ms). Per-chunk relay overhead p50 ` +
        `**${ms(p50(r.through.flatMap(blockRelays)) - p50(r.raw.flatMap(rawRelays)))} ms** (through − raw). ` +
        `Provider's last chunk → \`done\` **${ms(p50(r.through.map((s) => s.end - providerLast(s))))} ms** p50 ` +
        `(raw: → \`[DONE]\` ${ms(p50(r.raw.map((s) => s.end - providerLast(s))))} ms). Load average ${r.load}.`,
    );
  }
  return [
    markdownTable(
      [
        "backend",
        "path",
        "runs",
        "TTFB p50 ms",
        "TTFB p90 ms",
        "provider's first chunk at p50 ms",
        "`snapshot` p50 ms",
        "end of stream p50 ms",
        "provider's last chunk → end p50 / p90 ms",
        "last block-delta → `done` p50 ms",
      ],
      ttfbRows,
    ),
    "",
    markdownTable(
      ["backend", "path", "chunks", "relay p50 ms", "relay p90 ms", "relay p99 ms", "relay max ms"],
      relayRows,
    ),
    "",
    ...lines,
  ];
}

const PG_PEAK_HEADER =
  "PostgreSQL backends at most: connected / active / idle in transaction / waiting on a lock (sampled every 100 ms)";

function concurrencyTables(results: Concurrent[]): string[] {
  const rows = results.map((c) => {
    const failed = c.samples.filter((s) => s.error);
    const reasons = [...new Set(failed.map((s) => s.error!.slice(0, 80)))];
    return [
      c.label,
      c.samples.length,
      c.samples.filter((s) => !s.error).length,
      failed.length + (reasons.length ? ` (${reasons.join("; ")})` : ""),
      (c.wallMs / 1000).toFixed(1),
      `${c.rssBefore.toFixed(0)} / ${c.rssPeak.toFixed(0)} / ${c.hwm.toFixed(0)}`,
      c.serverCpu.toFixed(1),
      c.clientCpu.toFixed(1),
      c.load,
    ];
  });
  const phases = results.map((c) => [
    c.label,
    spread(c.samples.map((s) => (s.snapshot ?? Number.NaN) - s.t0)),
    spread(c.samples.map(ttfb)),
    spread(c.samples.map((s) => lastText(s) - s.t0)),
    spread(c.samples.map((s) => s.end - lastText(s))),
    spread(c.samples.map((s) => s.end - s.t0)),
    pgPeakText(c.pgPeak),
  ]);
  return [
    markdownTable(
      [
        "backend",
        "runs",
        "success",
        "errors",
        "wall s",
        "server RSS MB before / peak / VmHWM",
        "server CPU s",
        "client + provider CPU s",
        "load average",
      ],
      rows,
    ),
    "",
    "Where the time goes (ms from each POST, p50 / p95 / p99; alone, a run takes the first table's times):",
    "",
    markdownTable(
      [
        "backend",
        "`snapshot`",
        "first block-delta (TTFB)",
        "last block-delta",
        "last block-delta → `done`",
        "`done`",
        PG_PEAK_HEADER,
      ],
      phases,
    ),
  ];
}

function limitTables(results: Limited[]): string[] {
  const rows = results.map((l) => {
    const ok = l.burst.filter((s) => !s.error);
    const refused = l.burst.filter((s) => s.error?.startsWith("HTTP 429"));
    const other = l.burst.length - ok.length - refused.length;
    const refusedMs = refused.map((s) => (s.headers ?? Number.NaN) - s.t0);
    return [
      l.label,
      l.burst.length,
      `**${ok.length}**${ok.length === LIMIT ? " ✓" : ` ✗ (expected ${LIMIT})`}`,
      refused.length,
      other,
      spread(refusedMs),
      spread(ok.map((s) => s.end - s.t0)),
      `${ms(p50(l.refused))} / ${ms(p95(l.refused))} (${l.refusedStatuses.filter((s) => s === 429).length}/${l.refused.length} × 429)`,
      `${ms(p50(l.health))} / ${ms(p95(l.health))}`,
      pgPeakText(l.pgPeak),
      l.load,
    ];
  });
  return [
    markdownTable(
      [
        "backend",
        "runs at once",
        "succeeded",
        "429",
        "other",
        "429 under the burst p50 / p95 / p99 ms",
        "succeeded run → `done` p50 / p95 / p99 ms",
        `refused run alone p50 / p95 ms`,
        "GET /api/health p50 / p95 ms (floor)",
        PG_PEAK_HEADER,
        "load average",
      ],
      rows,
    ),
  ];
}

async function main(): Promise<void> {
  installProviderClock();
  const fake = await createFakeOpenAiServer({ chunkSize: CHUNK, chunkDelayMs: DELAY_MS });
  const latency: Latency[] = [];
  const concurrent: Concurrent[] = [];
  const limited: Limited[] = [];
  const notes: string[] = [];
  const startedAt = performance.now();
  const loadAtStart = loadAverage();
  try {
    const pglite = await measureBackend(fake, "PGlite");
    latency.push(pglite.latency);
    concurrent.push(pglite.concurrent);
    limited.push(pglite.limit);
    const database = await createDatabase();
    if ("skipped" in database) notes.push(`PostgreSQL skipped: ${database.skipped}.`);
    else {
      try {
        const postgres = await measureBackend(fake, "PostgreSQL", database);
        latency.push(postgres.latency);
        concurrent.push(postgres.concurrent);
        limited.push(postgres.limit);
      } finally {
        await database.drop();
      }
    }
  } finally {
    await fake.close();
  }

  const report = [
    `# bench/runs — ${new Date().toISOString()}`,
    "",
    `Machine: ${cpus().length} × ${cpus()[0]?.model.trim() ?? "unknown CPU"}, ${(totalmem() / 2 ** 30).toFixed(1)} GB, ` +
      `Node ${process.version}; shared with other work, so numbers are noisy. Load average at start ${loadAtStart}. ` +
      `Whole run ${((performance.now() - startedAt) / 1000).toFixed(0)} s.`,
    "",
    `Answer: two blocks (\`plan\` markdown, \`facts\` key_facts validated with minItems 2), ${REPLY.length} characters ` +
      `in ${CHUNKS} chunks of ${CHUNK} characters, one every ${DELAY_MS} ms from the fake provider ` +
      `(${Math.round(((CHUNK / DELAY_MS) * 1000) / 4)} tokens/s at 4 characters a token). The platform in its own ` +
      "Node process (bench/chat/server.ts: startPlatform + @hono/node-server over HTTP on 127.0.0.1, " +
      "NODE_ENV=production, source through tsx, TRUST_PROXY_HOPS=1); the client and the fake provider in the bench " +
      "process. The tool app is a published generated app with one tool (Interactive Followups off: one model call per run).",
    "",
    `## 1. Sequential runs (${RUNS} per path, interleaved; each run from its own address)`,
    "",
    "TTFB: request start to the first text (direct: first chunk with content; through: first `block-delta`). " +
      "Relay: each provider content chunk that adds block text, from the fake's `res.write` to the first client " +
      "event that contains it. End of stream: `[DONE]` (direct), the end of streamRunText (AI SDK) or `done` " +
      "(through: after the end is parsed, the facts block validated and the finished run stored).",
    "",
    ...latencyTables(latency),
    "",
    `## 2. ${CONCURRENCY} concurrent runs (one app, dailyUserLimit 100, each run from its own X-Forwarded-For address)`,
    "",
    "Errors: HTTP status other than 200, an `error` event, a stream without `done`, a phase other than success or " +
      "block text that is not the whole answer. RSS of the server process: before, peak of /proc VmRSS sampled every " +
      "50 ms during the run, and VmHWM (the process's lifetime peak).",
    "",
    ...concurrencyTables(concurrent),
    "",
    `## 3. The limit path (${BURST} runs at once from ONE address, dailyUserLimit ${LIMIT})`,
    "",
    `Exactly ${LIMIT} must get through (the guarded upsert in takeRunAllowance); the rest are refused with 429 ` +
      "before anything is stored. 429 latency: request start to the whole answer. Then " +
      `${REFUSED} refused runs one at a time from the same address, each followed by a GET /api/health (the floor: ` +
      "same server, same HTTP, no database).",
    "",
    ...limitTables(limited),
    ...(notes.length ? ["", ...notes] : []),
  ].join("\n");
  process.stdout.write(`${report}\n`);
  mkdirSync(join(ROOT, "bench/results"), { recursive: true });
  writeFileSync(join(ROOT, `bench/results/runs-${new Date().toISOString().slice(0, 10)}.md`), `${report}\n`);
}

await main();
