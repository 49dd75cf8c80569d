import { z } from "zod";
import type { AiConfig, AiProvider } from "./ai-config.ts";
import { FALLBACK_MODELS } from "./fallback-models.ts";

export const MODEL_LIST_TTL_MS = 10 * 60 * 1000;
const REQUEST_TIMEOUT_MS = 5_000;

const DEFAULT_BASE_URLS: Record<Exclude<AiProvider, "openai-compatible">, string> = {
  openai: "https://api.openai.com/v1",
  anthropic: "https://api.anthropic.com/v1",
};

/** OpenAI's (and OpenRouter's, Ollama's, vLLM's, Anthropic's) `{data: [{id}]}` answer. */
const modelsResponseSchema = z.object({
  data: z.array(z.object({ id: z.string().min(1), name: z.string().optional() }).loose()),
});

export type ModelList = {
  models: { id: string; name: string }[];
  /** 'provider' when read from the models endpoint, 'fallback' for the static list. */
  source: "provider" | "fallback";
  fetchedAt: number;
};

type Options = { fetch?: typeof globalThis.fetch; now?: () => number };

const cache = new Map<string, ModelList>();

/** Forget cached lists (an admin changed the provider, or a test wants a clean start). */
export function clearModelListCache(): void {
  cache.clear();
}

/**
 * The models the configured provider offers, for the admin's model dropdown: GET
 * {baseURL}/models, cached for ten minutes per endpoint and key; the static list of the
 * provider when the endpoint fails (a failure is cached too, so a dead endpoint is not
 * hammered on every page open).
 */
export async function listModels(config: AiConfig, options: Options = {}): Promise<ModelList> {
  const now = options.now ?? Date.now;
  const baseURL = config.baseURL ?? DEFAULT_BASE_URLS[config.provider as keyof typeof DEFAULT_BASE_URLS];
  const key = `${config.provider} ${baseURL} ${config.apiKey ?? ""}`;
  const cached = cache.get(key);
  if (cached && now() - cached.fetchedAt < MODEL_LIST_TTL_MS) return withConfigured(cached, config.model);

  let list: ModelList;
  try {
    if (!baseURL) throw new Error("no base URL");
    const ids = await fetchModels(config, baseURL, options.fetch ?? globalThis.fetch);
    list = { models: ids, source: "provider", fetchedAt: now() };
  } catch {
    list = {
      models: FALLBACK_MODELS[config.provider].map((id) => ({ id, name: id })),
      source: "fallback",
      fetchedAt: now(),
    };
  }
  cache.set(key, list);
  return withConfigured(list, config.model);
}

async function fetchModels(config: AiConfig, baseURL: string, fetch: typeof globalThis.fetch) {
  const headers: Record<string, string> = { accept: "application/json" };
  if (config.provider === "anthropic") {
    if (config.apiKey) headers["x-api-key"] = config.apiKey;
    headers["anthropic-version"] = "2023-06-01";
  } else if (config.apiKey) {
    headers.authorization = `Bearer ${config.apiKey}`;
  }
  const response = await fetch(`${baseURL}/models`, {
    headers,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`models endpoint answered ${response.status}`);
  const body = modelsResponseSchema.parse(await response.json());
  const seen = new Set<string>();
  const models: { id: string; name: string }[] = [];
  for (const model of body.data) {
    if (seen.has(model.id)) continue;
    seen.add(model.id);
    models.push({ id: model.id, name: model.name ?? model.id });
  }
  models.sort((a, b) => a.id.localeCompare(b.id));
  return models;
}

function withConfigured(list: ModelList, model: string): ModelList {
  if (list.models.some((m) => m.id === model)) return list;
  return { ...list, models: [{ id: model, name: model }, ...list.models] };
}
