import { describe, expect, it } from "vitest";
import { aiConfigFromEnv } from "./ai-config-from-env.ts";
import { createModel } from "./create-model.ts";

describe("aiConfigFromEnv", () => {
  it("is null when nothing is configured (blank values count as unset)", () => {
    expect(aiConfigFromEnv({})).toBeNull();
    expect(aiConfigFromEnv({ AI_PROVIDER: "", AI_MODEL: " ", AI_TEMPERATURE: "0.2" })).toBeNull();
  });

  it("reads an OpenAI-compatible server, trimming the base URL's slash", () => {
    expect(
      aiConfigFromEnv({
        AI_PROVIDER: "openai-compatible",
        AI_BASE_URL: "https://openrouter.ai/api/v1/",
        AI_API_KEY: "sk-or",
        AI_MODEL: "meta-llama/llama-3.3-70b-instruct",
        AI_TEMPERATURE: "0.3",
      }),
    ).toEqual({
      provider: "openai-compatible",
      baseURL: "https://openrouter.ai/api/v1",
      apiKey: "sk-or",
      model: "meta-llama/llama-3.3-70b-instruct",
      temperature: 0.3,
      maxRetries: 2,
    });
  });

  it("applies the defaults: temperature 0.7 and a small model per provider", () => {
    expect(aiConfigFromEnv({ AI_PROVIDER: "openai", AI_API_KEY: "sk" })).toEqual({
      provider: "openai",
      apiKey: "sk",
      model: "gpt-4o-mini",
      temperature: 0.7,
      maxRetries: 2,
    });
    expect(aiConfigFromEnv({ AI_PROVIDER: "anthropic", AI_API_KEY: "sk-ant" })?.model).toBe(
      "claude-haiku-4-5",
    );
  });

  it("infers the provider: a base URL means OpenAI-compatible (no key needed, e.g. Ollama), a key alone OpenAI", () => {
    expect(aiConfigFromEnv({ AI_BASE_URL: "http://localhost:11434/v1", AI_MODEL: "llama3.2" })).toMatchObject(
      {
        provider: "openai-compatible",
        model: "llama3.2",
      },
    );
    expect(aiConfigFromEnv({ AI_API_KEY: "sk" })?.provider).toBe("openai");
  });

  it("refuses a half-configured provider with one line per problem", () => {
    expect(() => aiConfigFromEnv({ AI_PROVIDER: "openai-compatible" })).toThrow(
      /AI_BASE_URL: is required[\s\S]*AI_MODEL: is required/,
    );
    expect(() => aiConfigFromEnv({ AI_PROVIDER: "anthropic" })).toThrow(/AI_API_KEY: is required/);
    expect(() => aiConfigFromEnv({ AI_PROVIDER: "gemini" })).toThrow(/AI_PROVIDER: must be one of/);
    expect(() => aiConfigFromEnv({ AI_API_KEY: "sk", AI_TEMPERATURE: "3" })).toThrow(
      /AI_TEMPERATURE: must be between 0 and 2/,
    );
    expect(() => aiConfigFromEnv({ AI_API_KEY: "sk", AI_TEMPERATURE: "warm" })).toThrow(/AI_TEMPERATURE/);
    expect(() => aiConfigFromEnv({ AI_BASE_URL: "not a url", AI_MODEL: "m" })).toThrow(
      /AI_BASE_URL: must be a URL/,
    );
  });
});

describe("createModel", () => {
  it("builds the provider's chat model with the configured id", () => {
    const base = { temperature: 0.7, maxRetries: 0, apiKey: "k" };
    const compatible = createModel({
      ...base,
      provider: "openai-compatible",
      baseURL: "http://x/v1",
      model: "m1",
    });
    const openai = createModel({ ...base, provider: "openai", model: "gpt-4o-mini" });
    const anthropic = createModel({ ...base, provider: "anthropic", model: "claude-haiku-4-5" });
    const describe = (m: unknown) => {
      const model = m as { provider: string; modelId: string };
      return [model.provider, model.modelId];
    };
    expect(describe(compatible)).toEqual(["openai-compatible.chat", "m1"]);
    expect(describe(openai)).toEqual(["openai.chat", "gpt-4o-mini"]);
    expect(describe(anthropic)).toEqual(["anthropic.messages", "claude-haiku-4-5"]);
  });

  it("needs a base URL for an OpenAI-compatible server", () => {
    expect(() =>
      createModel({ provider: "openai-compatible", model: "m", temperature: 0.7, maxRetries: 0 }),
    ).toThrow(/base URL/);
  });
});
