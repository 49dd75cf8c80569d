import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for an OpenAI-compatible model provider, used only by tests (the
 * integration suite, e2e and the chat benchmark). It is a real HTTP server on 127.0.0.1
 * speaking the chat-completions protocol, so the provider code of packages/ai and the AI
 * SDK run exactly as against OpenRouter, vLLM or Ollama:
 *
 * - POST /v1/chat/completions, streamed (SSE `data: {choices:[{delta}]}` chunks at a set
 *   rate, a final chunk with finish_reason, a usage chunk, `data: [DONE]`) or not;
 * - GET /v1/models in the `{data:[{id}]}` shape.
 *
 * Tests script it: each call to the completions endpoint takes the next queued reply (text,
 * reasoning, tool calls, finish reason, usage, or an HTTP error such as 429/500), and every
 * request is recorded so tests can assert what was sent. With nothing queued it answers 500
 * with "no scripted reply", so a test that forgot to script fails loudly. Tests in another
 * process script it over HTTP: POST /__control/enqueue {replies}, POST /__control/reset,
 * GET /__control/state.
 */

export type FakeUsage = { prompt_tokens: number; completion_tokens: number; cached_tokens?: number };

export type FakeReply =
  | {
      text?: string;
      /** Sent as `reasoning_content` deltas before the text (DeepSeek/vLLM/OpenRouter style). */
      reasoning?: string;
      toolCalls?: { name: string; arguments: unknown; id?: string }[];
      /** Default 'stop', or 'tool_calls' when toolCalls are given. */
      finishReason?: "stop" | "length" | "content_filter" | "tool_calls";
      usage?: FakeUsage;
      /** Characters per streamed delta (default: the server's). */
      chunkSize?: number;
      /** Pause between streamed chunks in ms (default: the server's); a whole answer waits this long once. */
      chunkDelayMs?: number;
    }
  | { status: number; message?: string; headers?: Record<string, string> };

export type RecordedRequest = {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON body (null for GET). */
  body: any;
};

export type FakeOpenAiServer = {
  /** The base URL to configure: `http://127.0.0.1:{port}/v1`. */
  baseURL: string;
  requests: RecordedRequest[];
  /** Requests to the completions endpoint only, in order. */
  completionRequests(): RecordedRequest[];
  enqueue(...replies: FakeReply[]): void;
  /** Replies still queued (a test can check that all were used). */
  pending(): number;
  /** Drops queued replies and recorded requests: a test that left one unused cannot feed the next. */
  reset(): void;
  /** The ids GET /v1/models lists; set `modelsStatus` to make that endpoint fail. */
  models: string[];
  modelsStatus: number;
  /** Set to make POST /v1/embeddings fail with this status (200: it answers). */
  embeddingsStatus: number;
  close(): Promise<void>;
};

export type FakeOpenAiServerOptions = {
  models?: string[];
  chunkSize?: number;
  chunkDelayMs?: number;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

function pieces(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

function usageOf(reply: Extract<FakeReply, { text?: string }>, promptChars: number) {
  const usage = reply.usage ?? {
    prompt_tokens: Math.ceil(promptChars / 4),
    completion_tokens: Math.ceil(((reply.text ?? "").length + (reply.reasoning ?? "").length) / 4),
  };
  return {
    prompt_tokens: usage.prompt_tokens,
    completion_tokens: usage.completion_tokens,
    total_tokens: usage.prompt_tokens + usage.completion_tokens,
    ...(usage.cached_tokens !== undefined
      ? { prompt_tokens_details: { cached_tokens: usage.cached_tokens } }
      : {}),
  };
}

export async function createFakeOpenAiServer(
  options: FakeOpenAiServerOptions = {},
): Promise<FakeOpenAiServer> {
  const queue: FakeReply[] = [];
  const requests: RecordedRequest[] = [];
  const defaults = { chunkSize: options.chunkSize ?? 8, chunkDelayMs: options.chunkDelayMs ?? 0 };

  const state: FakeOpenAiServer = {
    baseURL: "",
    requests,
    completionRequests: () => requests.filter((r) => r.path.endsWith("/chat/completions")),
    enqueue: (...replies) => queue.push(...replies),
    pending: () => queue.length,
    reset: () => {
      queue.length = 0;
      requests.length = 0;
    },
    models: options.models ?? ["fake-model", "fake-model-large"],
    modelsStatus: 200,
    embeddingsStatus: 200,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };

  async function completions(req: IncomingMessage, res: ServerResponse, raw: string, body: any) {
    const reply = queue.shift();
    if (!reply) return json(res, 500, { error: { message: "no scripted reply", type: "server_error" } });
    if ("status" in reply) {
      return json(
        res,
        reply.status,
        {
          error: {
            message: reply.message ?? `scripted error ${reply.status}`,
            type: "scripted",
            code: reply.status,
          },
        },
        reply.headers,
      );
    }
    const id = `chatcmpl-${randomUUID()}`;
    const created = Math.floor(Date.now() / 1000);
    const model = typeof body?.model === "string" ? body.model : "fake-model";
    const finishReason = reply.finishReason ?? (reply.toolCalls?.length ? "tool_calls" : "stop");
    const usage = usageOf(reply, raw.length);
    const toolCalls = (reply.toolCalls ?? []).map((call, index) => ({
      index,
      id: call.id ?? `call_${index}_${randomUUID().slice(0, 8)}`,
      type: "function" as const,
      function: { name: call.name, arguments: JSON.stringify(call.arguments) },
    }));

    if (body?.stream !== true) {
      // A slow provider for tests that need two requests in flight at once.
      const wait = reply.chunkDelayMs ?? 0;
      if (wait > 0) await sleep(wait);
      return json(res, 200, {
        id,
        object: "chat.completion",
        created,
        model,
        choices: [
          {
            index: 0,
            message: {
              role: "assistant",
              content: reply.text ?? null,
              ...(reply.reasoning ? { reasoning_content: reply.reasoning } : {}),
              ...(toolCalls.length ? { tool_calls: toolCalls.map(({ index: _i, ...call }) => call) } : {}),
            },
            finish_reason: finishReason,
          },
        ],
        usage,
      });
    }

    res.writeHead(200, {
      "content-type": "text/event-stream",
      "cache-control": "no-cache",
      connection: "keep-alive",
    });
    let closed = false;
    req.on("close", () => {
      closed = true;
    });
    const size = reply.chunkSize ?? defaults.chunkSize;
    const delay = reply.chunkDelayMs ?? defaults.chunkDelayMs;
    const send = async (choices: unknown[], extra: Record<string, unknown> = {}) => {
      if (closed) return;
      res.write(
        `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model, choices, ...extra })}\n\n`,
      );
      if (delay > 0) await sleep(delay);
    };
    await send([{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }]);
    for (const piece of pieces(reply.reasoning ?? "", size))
      await send([{ index: 0, delta: { reasoning_content: piece }, finish_reason: null }]);
    for (const piece of pieces(reply.text ?? "", size))
      await send([{ index: 0, delta: { content: piece }, finish_reason: null }]);
    for (const call of toolCalls)
      await send([{ index: 0, delta: { tool_calls: [call] }, finish_reason: null }]);
    await send([{ index: 0, delta: {}, finish_reason: finishReason }]);
    // OpenAI sends usage in a last chunk without choices when stream_options.include_usage is set.
    if (body?.stream_options?.include_usage) await send([], { usage });
    if (!closed) res.end("data: [DONE]\n\n");
  }

  function control(method: string, path: string, body: any, res: ServerResponse) {
    if (method === "POST" && path === "/__control/enqueue") {
      const replies = Array.isArray(body?.replies) ? (body.replies as FakeReply[]) : [];
      queue.push(...replies);
      return json(res, 200, { pending: queue.length });
    }
    if (method === "POST" && path === "/__control/reset") {
      queue.length = 0;
      requests.length = 0;
      return json(res, 200, { pending: 0 });
    }
    if (method === "GET" && path === "/__control/state")
      return json(res, 200, { pending: queue.length, completionRequests: state.completionRequests().length });
    return json(res, 404, { error: { message: `no control route ${method} ${path}` } });
  }

  const server = createServer(async (req, res) => {
    try {
      const raw = req.method === "POST" ? await readBody(req) : "";
      let body: any = null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        return json(res, 400, { error: { message: "invalid JSON body" } });
      }
      const path = new URL(req.url ?? "/", "http://localhost").pathname;
      // Scripting over HTTP, for tests in another process than the fake (the e2e suite's
      // browser tests script the fake its global setup started).
      if (path.startsWith("/__control/")) return control(req.method ?? "GET", path, body, res);
      requests.push({ method: req.method ?? "GET", path, headers: { ...req.headers }, body });
      if (req.method === "POST" && path === "/v1/chat/completions")
        return await completions(req, res, raw, body);
      if (req.method === "POST" && path === "/v1/embeddings") {
        if (state.embeddingsStatus !== 200)
          return json(res, state.embeddingsStatus, { error: { message: "embeddings unavailable" } });
        const inputs: string[] = Array.isArray(body?.input) ? body.input : [String(body?.input ?? "")];
        return json(res, 200, {
          object: "list",
          data: inputs.map((input, index) => ({
            object: "embedding",
            index,
            embedding: fakeEmbedding(input),
          })),
          model: body?.model ?? "fake-embedding",
          usage: {
            prompt_tokens: inputs.join(" ").split(/\s+/).length,
            total_tokens: inputs.join(" ").split(/\s+/).length,
          },
        });
      }
      if (req.method === "GET" && path === "/v1/models") {
        if (state.modelsStatus !== 200)
          return json(res, state.modelsStatus, { error: { message: "models unavailable" } });
        return json(res, 200, {
          object: "list",
          data: state.models.map((id) => ({ id, object: "model", created: 0, owned_by: "fake" })),
        });
      }
      return json(res, 404, { error: { message: `no route ${req.method} ${path}` } });
    } catch (error) {
      if (!res.headersSent) json(res, 500, { error: { message: String(error) } });
      else res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return state;
}

/** Dimensions of the fake's embeddings. */
export const FAKE_EMBEDDING_DIMENSIONS = 64;

/**
 * A deterministic embedding: each word (lower-cased, with a crude plural/-ing stem) adds
 * to one of 64 dimensions by its hash, so texts that share words point the same way — a
 * real signal for tests of hybrid retrieval, with no model.
 */
export function fakeEmbedding(text: string): number[] {
  const vector = new Array<number>(FAKE_EMBEDDING_DIMENSIONS).fill(0);
  for (const raw of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const word = raw.replace(/(ing|es|s)$/, "");
    let hash = 2166136261;
    for (let i = 0; i < word.length; i++) hash = Math.imul(hash ^ word.charCodeAt(i), 16777619);
    const slot = (hash >>> 0) % FAKE_EMBEDDING_DIMENSIONS;
    vector[slot] = (vector[slot] ?? 0) + 1;
  }
  return vector;
}
