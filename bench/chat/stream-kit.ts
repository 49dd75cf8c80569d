/**
 * What bench/chat and bench/runs share: the platform in a process of its own
 * (bench/chat/server.ts), the fake provider's clock, an SSE reader that timestamps each
 * event, the builder's API calls, and /proc readings of the server process.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { ServerResponse } from "node:http";
import { loadavg } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import type { FakeOpenAiServer } from "../../apps/server/src/testing/fake-openai-server.ts";
import { freePort, ROOT, stopChild } from "../support.ts";

// ---------------------------------------------------------------------------------------
// The provider's clock: when the fake (in this process) wrote each content chunk.

export type ProviderStream = { writes: { t: number; len: number }[] };
export const providerStreams: ProviderStream[] = [];

export function installProviderClock(): void {
  const original = ServerResponse.prototype.write;
  const streams = new WeakMap<ServerResponse, ProviderStream>();
  ServerResponse.prototype.write = function (this: ServerResponse, chunk: any, ...rest: any[]) {
    if (typeof chunk === "string" && chunk.startsWith("data: {")) {
      const t = performance.now();
      const content = JSON.parse(chunk.slice(6)).choices?.[0]?.delta?.content;
      if (typeof content === "string" && content.length > 0) {
        let stream = streams.get(this);
        if (!stream) {
          stream = { writes: [] };
          streams.set(this, stream);
          providerStreams.push(stream);
        }
        stream.writes.push({ t, len: (stream.writes.at(-1)?.len ?? 0) + content.length });
      }
    }
    return (original as any).call(this, chunk, ...rest);
  } as typeof original;
}

// ---------------------------------------------------------------------------------------
// Client side.

/**
 * Reads an SSE body; `t` is when the read that completed the event returned. `onEvent`
 * returning "stop" ends the reading there (the rest of the body is cancelled).
 */
export async function readSse(
  response: Response,
  onEvent: (event: string, data: string, t: number) => unknown,
): Promise<void> {
  if (!response.body) return;
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { done, value } = await reader.read();
    const t = performance.now();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf("\n\n");
    while (end !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = "message";
      const data: string[] = [];
      for (const line of block.split("\n")) {
        if (line.startsWith("event:")) event = line.slice(6).trim();
        else if (line.startsWith("data:")) data.push(line.slice(5).trimStart());
      }
      if (data.length > 0 && onEvent(event, data.join("\n"), t) === "stop") {
        await reader.cancel().catch(() => {});
        return;
      }
      end = buffer.indexOf("\n\n");
    }
  }
}

/** One streamed answer as the client saw it: text length after each event, and when. */
export type StreamSample = {
  t0: number;
  arrivals: { t: number; len: number }[];
  /** `[DONE]` (direct) or the `done` event (through). */
  end: number;
  provider?: ProviderStream | undefined;
};

/** The fake's answer `reply`, fetched raw (no SDK): the floor of every through path. */
export async function directRaw(fake: FakeOpenAiServer, reply: string, body: unknown): Promise<StreamSample> {
  fake.enqueue({ text: reply });
  const before = providerStreams.length;
  const sample: StreamSample = { t0: performance.now(), arrivals: [], end: Number.NaN };
  const response = await fetch(`${fake.baseURL}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  let len = 0;
  await readSse(response, (_event, data, t) => {
    if (data === "[DONE]") {
      sample.end = t;
      return;
    }
    const delta = JSON.parse(data).choices?.[0]?.delta?.content;
    if (typeof delta === "string" && delta.length > 0) {
      len += delta.length;
      sample.arrivals.push({ t, len });
    }
  });
  sample.provider = providerStreams[before];
  return sample;
}

/** The platform's process: its URL, the bench builder's session token, its pid. */
export type Server = { url: string; token: string; pid: number; child: ChildProcess };

/** A builder API call with the bench builder's session; throws on an error status. */
export async function api<T>(server: Server, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(server.url + path, {
    method,
    headers: {
      authorization: `Bearer ${server.token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : null) as T;
}

export const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ");

// ---------------------------------------------------------------------------------------
// The server process.

/**
 * Starts the platform in its own Node process (bench/chat/server.ts: the platform from
 * source, the builder signed up on the galaxy plan) against the fake provider, on PGlite in
 * a fresh data dir or on `databaseUrl`. `env`: more settings (bench/runs: TRUST_PROXY_HOPS);
 * `nodeArgs`: flags for its Node (e.g. --cpu-prof to see where the time goes).
 */
export async function startServer(
  fake: FakeOpenAiServer,
  options: { databaseUrl?: string; env?: Record<string, string>; nodeArgs?: readonly string[] } = {},
): Promise<Server> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), "--import", "tsx", join(ROOT, "bench/chat/server.ts")],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        DATABASE_URL: options.databaseUrl ?? "",
        AI_PROVIDER: "openai-compatible",
        AI_BASE_URL: fake.baseURL,
        AI_API_KEY: "",
        AI_MODEL: "fake-model",
        AI_MAX_RETRIES: "0",
        ...options.env,
      },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const lines = createInterface({ input: child.stdout! });
  const ready = new Promise<{ url: string; token: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the server did not start in 180 s")), 180_000);
    lines.on("line", (line) => {
      if (!line.startsWith('{"url"')) return void process.stderr.write(`[server] ${line}\n`);
      clearTimeout(timer);
      resolve(JSON.parse(line));
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}`));
    });
  });
  try {
    const { url, token } = await ready;
    return { url, token, pid: child.pid!, child };
  } catch (error) {
    await stopChild(child);
    throw error;
  }
}

/** VmRSS and VmHWM (peak) of a process, in MB. */
export function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN);
  return { rss: kb("VmRSS") / 1024, hwm: kb("VmHWM") / 1024 };
}

/** User + system CPU seconds of a process (clock ticks of 1/100 s) and of its children. */
export function cpuSecondsOf(pid: number): number {
  const stat = (id: string) => {
    try {
      const fields = readFileSync(`/proc/${id}/stat`, "utf8").split(") ")[1]!.split(" ");
      return { ppid: Number(fields[1]), seconds: (Number(fields[11]) + Number(fields[12])) / 100 };
    } catch {
      return null; // gone meanwhile
    }
  };
  let total = stat(String(pid))?.seconds ?? Number.NaN;
  for (const id of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    const child = stat(id);
    if (child?.ppid === pid) total += child.seconds;
  }
  return total;
}
