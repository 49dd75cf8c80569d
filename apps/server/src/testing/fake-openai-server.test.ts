import {
  type AiConfig,
  clearModelListCache,
  createActionStreamParser,
  createModel,
  describeAiError,
  listModels,
  streamRunText,
} from "@liftoff/ai";
import { generateText, streamText } from "ai";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createFakeOpenAiServer, type FakeOpenAiServer } from "./fake-openai-server.ts";

/**
 * The fake provider driven through the real provider code (createModel + the AI SDK), so
 * what passes here is what the platform does against a real OpenAI-compatible server.
 */
let fake: FakeOpenAiServer;
let config: AiConfig;

beforeAll(async () => {
  fake = await createFakeOpenAiServer({ chunkSize: 5 });
  config = {
    provider: "openai-compatible",
    baseURL: fake.baseURL,
    apiKey: "test-key",
    model: "fake-model",
    temperature: 0.7,
    maxRetries: 0,
  };
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.modelsStatus = 200;
  clearModelListCache();
});

describe("fake OpenAI server through the provider code", () => {
  it("streams text, reasoning, usage and the finish reason", async () => {
    fake.enqueue({
      text: "Hello from the fake model.",
      reasoning: "The user greets; greet back.",
      usage: { prompt_tokens: 12, completion_tokens: 7 },
    });
    const result = streamText({
      model: createModel(config),
      system: "Be brief.",
      prompt: "Hi",
      temperature: config.temperature,
    });
    const deltas: string[] = [];
    for await (const delta of result.textStream) deltas.push(delta);
    expect(deltas.join("")).toBe("Hello from the fake model.");
    expect(deltas.length).toBeGreaterThan(1);
    expect(await result.reasoningText).toBe("The user greets; greet back.");
    expect(await result.finishReason).toBe("stop");
    const usage = await result.usage;
    expect([usage.inputTokens, usage.outputTokens]).toEqual([12, 7]);

    const [request] = fake.completionRequests();
    expect(request?.headers.authorization).toBe("Bearer test-key");
    expect(request?.body).toMatchObject({
      model: "fake-model",
      stream: true,
      temperature: 0.7,
      messages: [
        { role: "system", content: "Be brief." },
        { role: "user", content: "Hi" },
      ],
    });
  });

  it("reports finish reason length for a cut-off reply, which the action parser marks truncated", async () => {
    fake.enqueue({
      text: '<liftoff-group title="App">\n<liftoff-action type="add_file" file="pages/Home.jsx" title="Home">\nexport default function Home() {\n  return <div>',
      finishReason: "length",
    });
    const result = streamText({ model: createModel(config), prompt: "Build it" });
    const parser = createActionStreamParser();
    const snapshots: boolean[] = [];
    for await (const delta of result.textStream) snapshots.push(parser.push(delta).actions.length > 0);
    const parsed = parser.finish(await result.finishReason);
    expect(await result.finishReason).toBe("length");
    expect(snapshots.at(-1)).toBe(true);
    expect(parsed.actions).toEqual([
      expect.objectContaining({ file: "pages/Home.jsx", complete: false, truncated: true }),
    ]);
    expect(parsed.truncated).toBe(true);
  });

  it("streams at the scripted rate", async () => {
    fake.enqueue({ text: "abcdefghij", chunkSize: 2, chunkDelayMs: 25 });
    const started = performance.now();
    const result = streamText({ model: createModel(config), prompt: "x" });
    const arrivals: number[] = [];
    for await (const _ of result.textStream) arrivals.push(performance.now() - started);
    // Role chunk + 5 text chunks + finish chunk + usage chunk, 25 ms apart.
    expect(arrivals).toHaveLength(5);
    expect((arrivals.at(-1) ?? 0) - (arrivals[0] ?? 0)).toBeGreaterThanOrEqual(90);
  });

  it("answers non-streamed calls", async () => {
    fake.enqueue({ text: "42", usage: { prompt_tokens: 3, completion_tokens: 1 } });
    const result = await generateText({ model: createModel(config), prompt: "The answer?" });
    expect(result.text).toBe("42");
    expect(result.finishReason).toBe("stop");
    expect(result.usage.inputTokens).toBe(3);
    expect(fake.completionRequests()[0]?.body.stream).not.toBe(true);
  });

  it("streams tool calls", async () => {
    fake.enqueue({ toolCalls: [{ name: "readFile", arguments: { fileId: "pages/Home.jsx" } }] });
    const result = await generateText({
      model: createModel(config),
      prompt: "Read the home page",
      tools: {
        readFile: {
          description: "Read a file",
          inputSchema: z.object({ fileId: z.string() }),
        },
      },
    });
    expect(result.finishReason).toBe("tool-calls");
    expect(result.toolCalls.map((c) => [c.toolName, c.input])).toEqual([
      ["readFile", { fileId: "pages/Home.jsx" }],
    ]);
  });

  it("passes a 429 on, honouring Retry-After when retrying", async () => {
    fake.enqueue({ status: 429, message: "slow down", headers: { "retry-after-ms": "5" } }, { status: 429 });
    const error = await generateText({
      model: createModel({ ...config, maxRetries: 1 }),
      prompt: "x",
      maxRetries: 1,
    })
      .then(() => null)
      .catch((e: unknown) => e);
    expect(describeAiError(error)).toMatchObject({ kind: "rate_limited", status: 429 });
    expect(fake.completionRequests()).toHaveLength(2);
  });

  it("passes a 500 on as a provider error", async () => {
    fake.enqueue({ status: 500, message: "boom" });
    const error = await generateText({ model: createModel(config), prompt: "x", maxRetries: 0 }).catch(
      (e) => e,
    );
    expect(describeAiError(error)).toMatchObject({ kind: "provider_error", status: 500 });
  });

  it("answers 500 'no scripted reply' when a test forgot to script", async () => {
    const error = await generateText({ model: createModel(config), prompt: "x", maxRetries: 0 }).catch(
      (e) => e,
    );
    expect(describeAiError(error).detail).toContain("no scripted reply");
  });

  it("serves the same protocol to the OpenAI provider pointed at it", async () => {
    fake.enqueue({ text: "via openai" });
    const model = createModel({ ...config, provider: "openai", model: "gpt-4o-mini" });
    const result = streamText({ model, prompt: "x" });
    expect(await result.text).toBe("via openai");
    expect(fake.completionRequests()[0]?.body.model).toBe("gpt-4o-mini");
  });

  it("lists models from /v1/models, cached for ten minutes, with the static list as fallback", async () => {
    let now = 1_000_000;
    const clock = { now: () => now };
    const first = await listModels(config, clock);
    expect(first).toMatchObject({ source: "provider" });
    expect(first.models.map((m) => m.id)).toEqual(["fake-model", "fake-model-large"]);
    expect(fake.requests.filter((r) => r.path === "/v1/models")[0]?.headers.authorization).toBe(
      "Bearer test-key",
    );

    fake.models = ["fake-model", "other"];
    now += 9 * 60 * 1000;
    expect((await listModels(config, clock)).models.map((m) => m.id)).toEqual([
      "fake-model",
      "fake-model-large",
    ]);
    now += 2 * 60 * 1000;
    expect((await listModels(config, clock)).models.map((m) => m.id)).toEqual(["fake-model", "other"]);
    expect(fake.requests.filter((r) => r.path === "/v1/models")).toHaveLength(2);

    clearModelListCache();
    fake.modelsStatus = 500;
    const openai = await listModels({ ...config, provider: "openai", model: "gpt-4o-mini" }, clock);
    expect(openai.source).toBe("fallback");
    expect(openai.models[0]?.id).toBe("gpt-4o-mini");
    const compatible = await listModels({ ...config, model: "my-local-model" }, clock);
    // An OpenAI-compatible server has no static list: the configured model is still offered.
    expect(compatible).toMatchObject({
      source: "fallback",
      models: [{ id: "my-local-model", name: "my-local-model" }],
    });
  });
});

describe("fake OpenAI server control routes", () => {
  it("queues replies over HTTP for tests in another process, and resets", async () => {
    const { createFakeOpenAiServer } = await import("./fake-openai-server.ts");
    const fake = await createFakeOpenAiServer();
    try {
      const control = fake.baseURL.replace(/\/v1$/, "/__control");
      const queued = await fetch(`${control}/enqueue`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ replies: [{ text: "one" }, { status: 429 }] }),
      });
      expect(await queued.json()).toEqual({ pending: 2 });
      expect(fake.pending()).toBe(2);
      const state = await (await fetch(`${control}/state`)).json();
      expect(state).toEqual({ pending: 2, completionRequests: 0 });
      await fetch(`${control}/reset`, { method: "POST" });
      expect(fake.pending()).toBe(0);
      expect(fake.requests).toEqual([]);
    } finally {
      await fake.close();
    }
  });
});

const base = () => ({
  model: createModel(config),
  system: "You answer in blocks.",
  messages: [
    { role: "user" as const, content: "Plan Rome" },
    { role: "assistant" as const, content: "Day 1: Colosseum" },
    { role: "user" as const, content: "Shorter" },
  ],
  temperature: 0.3,
  maxRetries: 0,
});

describe("streamRunText (the provider model's doStream, without streamText)", () => {
  beforeEach(() => fake.reset());

  it("sends the system prompt and the turns, streams every delta in order and returns usage and the finish reason", async () => {
    fake.enqueue({
      text: "Day 1: Forum and Colosseum.",
      finishReason: "length",
      usage: { prompt_tokens: 21, completion_tokens: 7, cached_tokens: 5 },
    });
    const deltas: string[] = [];
    const result = await streamRunText({
      ...base(),
      maxOutputTokens: 123,
      onText: (text) => deltas.push(text),
    });
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join("")).toBe("Day 1: Forum and Colosseum.");
    expect(result.text).toBe("Day 1: Forum and Colosseum.");
    expect(result.finishReason).toBe("length");
    expect(result.usage).toMatchObject({ inputTokens: 21, outputTokens: 7, cacheReadTokens: 5 });
    const [request] = fake.completionRequests();
    expect(request?.body).toMatchObject({
      model: "fake-model",
      stream: true,
      temperature: 0.3,
      max_tokens: 123,
      messages: [
        { role: "system", content: "You answer in blocks." },
        { role: "user", content: "Plan Rome" },
        { role: "assistant", content: "Day 1: Colosseum" },
        { role: "user", content: "Shorter" },
      ],
    });
  });

  it("retries a 429 after the provider's Retry-After, up to maxRetries, then answers", async () => {
    fake.enqueue({ status: 429, message: "slow down", headers: { "retry-after-ms": "5" } }, { text: "ok" });
    const result = await streamRunText({ ...base(), maxRetries: 1 });
    expect(result.text).toBe("ok");
    expect(fake.completionRequests()).toHaveLength(2);
  });

  it("gives up after maxRetries with the provider's last answer", async () => {
    fake.enqueue(
      { status: 429, message: "slow down", headers: { "retry-after-ms": "5" } },
      { status: 429, message: "still", headers: { "retry-after-ms": "5" } },
    );
    const error = await streamRunText({ ...base(), maxRetries: 1 }).catch((e: unknown) => e);
    expect(describeAiError(error)).toMatchObject({ kind: "rate_limited", status: 429 });
    expect(fake.completionRequests()).toHaveLength(2);
  });

  it("never retries an answer that is not retryable (400)", async () => {
    fake.enqueue({ status: 400, message: "bad request" }, { text: "never" });
    const error = await streamRunText({ ...base(), maxRetries: 3 }).catch((e: unknown) => e);
    expect(describeAiError(error)).toMatchObject({ kind: "provider_error", status: 400 });
    expect(fake.completionRequests()).toHaveLength(1);
  });

  it("throws an abort when aborted mid-stream, after the text it had passed on", async () => {
    fake.enqueue({ text: "a long answer that takes a while", chunkSize: 2, chunkDelayMs: 20 });
    const abort = new AbortController();
    const deltas: string[] = [];
    const error = await streamRunText({
      ...base(),
      abortSignal: abort.signal,
      onText: (text) => {
        deltas.push(text);
        if (deltas.length === 2) abort.abort();
      },
    }).catch((e: unknown) => e);
    expect(describeAiError(error).kind).toBe("aborted");
    expect(deltas.length).toBeGreaterThanOrEqual(2);
    expect(deltas.join("").length).toBeLessThan("a long answer that takes a while".length);
  });

  it("stops waiting for a retry when aborted", async () => {
    fake.enqueue({ status: 503, message: "busy", headers: { "retry-after": "30" } });
    const abort = new AbortController();
    const started = Date.now();
    setTimeout(() => abort.abort(), 50);
    const error = await streamRunText({ ...base(), maxRetries: 2, abortSignal: abort.signal }).catch(
      (e: unknown) => e,
    );
    expect(describeAiError(error).kind).toBe("aborted");
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(fake.completionRequests()).toHaveLength(1);
  });
});
