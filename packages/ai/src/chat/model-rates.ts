/**
 * USD per 1M tokens for models whose public list prices we know, so usage records carry a
 * cost. Unknown models (local ones, most OpenAI-compatible servers) cost 0: a rate we do
 * not know is not invented. AI_PROMPT_RATE / AI_COMPLETION_RATE override (see the config).
 */
export type ModelRates = { prompt: number; completion: number; cacheRead: number; cacheWrite: number };

const KNOWN: Record<string, ModelRates> = {
  "gpt-4o-mini": { prompt: 0.15, completion: 0.6, cacheRead: 0.075, cacheWrite: 0 },
  "gpt-4o": { prompt: 2.5, completion: 10, cacheRead: 1.25, cacheWrite: 0 },
  "gpt-4.1": { prompt: 2, completion: 8, cacheRead: 0.5, cacheWrite: 0 },
  "gpt-4.1-mini": { prompt: 0.4, completion: 1.6, cacheRead: 0.1, cacheWrite: 0 },
  "claude-haiku-4-5": { prompt: 1, completion: 5, cacheRead: 0.1, cacheWrite: 1.25 },
  "claude-sonnet-4-5": { prompt: 3, completion: 15, cacheRead: 0.3, cacheWrite: 3.75 },
};

export const ZERO_RATES: ModelRates = { prompt: 0, completion: 0, cacheRead: 0, cacheWrite: 0 };

/** The rates of a model id, also when a router prefixes it (`openai/gpt-4o-mini`). */
export function ratesOfModel(model: string): ModelRates {
  const bare = model.toLowerCase().split("/").pop() ?? model;
  return KNOWN[bare] ?? ZERO_RATES;
}
