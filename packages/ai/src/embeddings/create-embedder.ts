import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { embedMany } from "ai";
import type { EmbeddingConfig } from "./embedding-config.ts";

/** Texts per embeddings request (providers cap a request's inputs; 64 stays under all of them). */
export const EMBEDDING_BATCH = 64;

export type Embedder = {
  model: string;
  /** One unit-length vector per text, in order (so a dot product is the cosine similarity). */
  embed(texts: readonly string[], options?: { signal?: AbortSignal }): Promise<number[][]>;
};

/** Embeddings through the AI SDK's OpenAI-compatible provider (OpenAI, Ollama, vLLM, LM Studio …). */
export function createEmbedder(config: EmbeddingConfig): Embedder {
  const provider = createOpenAICompatible({
    name: "embeddings",
    baseURL: config.baseURL,
    ...(config.apiKey ? { apiKey: config.apiKey } : {}),
  });
  const model = provider.embeddingModel(config.model);
  return {
    model: config.model,
    async embed(texts, options = {}) {
      const vectors: number[][] = [];
      for (let from = 0; from < texts.length; from += EMBEDDING_BATCH) {
        const { embeddings } = await embedMany({
          model,
          values: texts.slice(from, from + EMBEDDING_BATCH),
          maxRetries: config.maxRetries,
          ...(options.signal ? { abortSignal: options.signal } : {}),
        });
        for (const vector of embeddings) vectors.push(normalize(vector));
      }
      return vectors;
    },
  };
}

export function normalize(vector: readonly number[]): number[] {
  let sum = 0;
  for (const value of vector) sum += value * value;
  const length = Math.sqrt(sum);
  return length === 0 ? [...vector] : vector.map((value) => value / length);
}
