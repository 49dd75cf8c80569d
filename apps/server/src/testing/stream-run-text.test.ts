import { type AiConfig, createModel, describeAiError, streamRunText } from "@liftoff/ai";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createFakeOpenAiServer, type FakeOpenAiServer } from "./fake-openai-server.ts";

/**
 * streamRunText speaks to the provider's model directly (doStream), so what streamText did
 * for runs is its own job here: the prompt, the deltas in order, usage and finish reason,
 * retries of retryable answers only, and aborts. Driven through the real provider code
 * against the fake OpenAI-compatible server.
 */
let fake: FakeOpenAiServer;
let config: AiConfig;

beforeAll(async () => {
  fake = await createFakeOpenAiServer({ chunkSize: 4 });
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
beforeEach(() => fake.reset());

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

describe("streamRunText", () => {
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
