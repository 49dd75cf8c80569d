import { z } from "zod";

/** A model server that may run on the platform's own machine, and where it listens by default. */
export type LocalModelServerCandidate = { id: string; name: string; baseURL: string };

/**
 * The well-known local servers, each on its default port with its OpenAI-compatible API
 * (Open WebUI and AnythingLLM find Ollama the same way): Ollama 11434, LM Studio 1234,
 * llama.cpp's server 8080, vLLM 8000.
 */
export const LOCAL_MODEL_SERVERS: readonly LocalModelServerCandidate[] = [
  { id: "ollama", name: "Ollama", baseURL: "http://127.0.0.1:11434/v1" },
  { id: "lm-studio", name: "LM Studio", baseURL: "http://127.0.0.1:1234/v1" },
  { id: "llama-cpp", name: "llama.cpp server", baseURL: "http://127.0.0.1:8080/v1" },
  { id: "vllm", name: "vLLM", baseURL: "http://127.0.0.1:8000/v1" },
];

/** How long one probe may take: a closed port answers at once, a busy one must not hold the page. */
export const LOCAL_PROBE_TIMEOUT_MS = 800;

export type LocalModelServer = LocalModelServerCandidate & { models: string[] };

const modelsSchema = z.object({
  data: z.array(z.object({ id: z.string().min(1).max(200) }).loose()).max(500),
});

/**
 * The local model servers that answer, with their models: every candidate's GET
 * {baseURL}/models at once, each bounded by a short timeout, so a machine with none costs
 * one timeout at most. Anything that is not an OpenAI-style model list (another program on
 * the port) is skipped, as is a server with no model pulled.
 */
export async function discoverLocalModelServers(
  options: {
    candidates?: readonly LocalModelServerCandidate[];
    timeoutMs?: number;
    fetch?: typeof globalThis.fetch;
  } = {},
): Promise<LocalModelServer[]> {
  const candidates = options.candidates ?? LOCAL_MODEL_SERVERS;
  const fetchFn = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? LOCAL_PROBE_TIMEOUT_MS;
  const found = await Promise.all(
    candidates.map(async (candidate): Promise<LocalModelServer | null> => {
      try {
        const res = await fetchFn(`${candidate.baseURL.replace(/\/$/, "")}/models`, {
          signal: AbortSignal.timeout(timeoutMs),
          headers: { accept: "application/json" },
          redirect: "error",
        });
        if (!res.ok) return null;
        const parsed = modelsSchema.safeParse(await res.json());
        if (!parsed.success || parsed.data.data.length === 0) return null;
        return { ...candidate, models: [...new Set(parsed.data.data.map((m) => m.id))].sort() };
      } catch {
        return null;
      }
    }),
  );
  return found.filter((server): server is LocalModelServer => server !== null);
}
