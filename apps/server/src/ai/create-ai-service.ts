import {
  AI_ENV_VARIABLES,
  type AiConfig,
  aiConfigSchema,
  clearModelListCache,
  createModel,
  listModels,
  type ModelList,
  testModelConnection,
} from "@liftoff/ai";
import type { Database } from "@liftoff/db";
import { type AiSettingsResponse, AppError, type UpdateAiSettingsBody } from "@liftoff/domain";
import type { LanguageModel } from "ai";
import type { Kysely } from "kysely";
import { log } from "../log.ts";
import { routeAiSdkWarnings } from "./route-ai-sdk-warnings.ts";
import { createSecretBox } from "./secret-box.ts";

/** What the server's AI features use: the configured model, or a clear "not configured". */
export type AiService = {
  /** The configuration in force (admin override, else environment); null without either. */
  readonly config: AiConfig | null;
  /** The model and its settings; throws the 503 of `notConfiguredError` without a model. */
  require(): { config: AiConfig; model: LanguageModel };
  /** The admin's model dropdown (GET {baseURL}/models, cached, static fallback). */
  listModels(): Promise<ModelList>;
  /** What the admin settings page shows (never the key). */
  settings(): AiSettingsResponse;
  /** Stores an admin override (checked, key sealed) and uses it at once on this instance. */
  saveOverride(body: UpdateAiSettingsBody): Promise<AiSettingsResponse>;
  /**
   * One real round trip with settings not saved yet (an omitted key uses the stored one for
   * the same provider, as saving would).
   */
  testConnection(body: UpdateAiSettingsBody): Promise<{ model: string; latencyMs: number; reply: string }>;
  /** Drops the admin override: back to the environment's configuration. */
  clearOverride(): Promise<AiSettingsResponse>;
  /** Re-reads the override (other instances' changes arrive within OVERRIDE_REFRESH_MS). */
  refresh(): Promise<void>;
  stop(): void;
};

export const NO_AI_MODEL_MESSAGE = `No AI model is configured on this server. Set ${AI_ENV_VARIABLES.slice(0, 4).join(", ")} (see .env.example), or choose a model in Admin → AI model, to enable AI features.`;

export function notConfiguredError(): AppError {
  return new AppError("SERVICE_UNAVAILABLE", NO_AI_MODEL_MESSAGE, { reason: "ai_not_configured" });
}

const SETTINGS_KEY = "ai";
/** How soon another instance picks up an admin's change. */
export const OVERRIDE_REFRESH_MS = 30_000;

type StoredOverride = {
  provider: AiConfig["provider"];
  baseURL?: string;
  sealedApiKey?: string;
  model: string;
  temperature: number;
};

/**
 * Built once at boot: the environment's configuration, overridden by what a platform admin
 * chose in the admin page (stored in platform_settings, API key sealed with the auth
 * secret). The model object is rebuilt only when the configuration changes: the AI SDK's
 * providers are stateless clients, so one serves every request.
 */
export async function createAiService(options: {
  envConfig: AiConfig | null;
  db?: Kysely<Database>;
  authSecret?: string;
}): Promise<AiService> {
  routeAiSdkWarnings();
  const { envConfig, db } = options;
  const box = createSecretBox(options.authSecret ?? "");
  let override: StoredOverride | null = null;
  let current: { config: AiConfig; model: LanguageModel } | null = null;

  const fromOverride = (stored: StoredOverride): AiConfig | null => {
    const apiKey = stored.sealedApiKey ? box.open(stored.sealedApiKey) : undefined;
    const parsed = aiConfigSchema.safeParse({
      provider: stored.provider,
      ...(stored.baseURL ? { baseURL: stored.baseURL } : {}),
      ...(apiKey ? { apiKey } : {}),
      model: stored.model,
      temperature: stored.temperature,
      maxRetries: envConfig?.maxRetries ?? 2,
    });
    return parsed.success ? parsed.data : null;
  };
  const apply = () => {
    const config = (override && fromOverride(override)) || envConfig;
    if (current?.config === config) return;
    current = config ? { config, model: createModel(config) } : null;
    clearModelListCache();
  };
  const load = async () => {
    if (!db) return;
    const row = await db
      .selectFrom("platform_settings")
      .select("value")
      .where("key", "=", SETTINGS_KEY)
      .executeTakeFirst();
    const next = (row?.value as StoredOverride | undefined) ?? null;
    if (JSON.stringify(next) !== JSON.stringify(override)) {
      override = next;
      current = null;
    }
    apply();
  };
  await load();
  const timer = db
    ? setInterval(
        () => void load().catch((error) => log.warn("ai: reading settings failed", { error })),
        OVERRIDE_REFRESH_MS,
      )
    : null;
  timer?.unref();

  /** The override a body makes, and its configuration, or the 400 saying what is missing. */
  const checkedOverride = (
    body: UpdateAiSettingsBody,
    use: "save" | "test",
  ): { stored: StoredOverride; config: AiConfig } => {
    // An omitted key keeps the stored one, when the provider stays the same; a test of the
    // environment's provider may use the environment's key (never stored from here).
    const keep = !body.apiKey && override?.provider === body.provider ? override.sealedApiKey : undefined;
    const envKey =
      use === "test" && !body.apiKey && !keep && envConfig?.provider === body.provider && envConfig.apiKey
        ? box.seal(envConfig.apiKey)
        : undefined;
    const sealed = body.apiKey ? box.seal(body.apiKey) : (keep ?? envKey);
    const stored: StoredOverride = {
      provider: body.provider,
      ...(body.baseURL ? { baseURL: body.baseURL } : {}),
      ...(sealed ? { sealedApiKey: sealed } : {}),
      model: body.model,
      temperature: body.temperature,
    };
    const config = fromOverride(stored);
    if (!config) throw new AppError("BAD_REQUEST", "These settings do not make a usable model configuration");
    if (config.provider !== "openai-compatible" && !config.apiKey)
      throw new AppError("BAD_REQUEST", `An API key is needed for ${config.provider}`, {
        fields: [{ path: "apiKey", message: "Enter the provider's API key" }],
      });
    return { stored, config };
  };

  const settings = (): AiSettingsResponse => {
    const config = current?.config ?? null;
    return {
      source: override && config !== envConfig ? "admin" : config ? "env" : "none",
      provider: config?.provider ?? null,
      baseURL: config?.baseURL ?? null,
      model: config?.model ?? null,
      temperature: config?.temperature ?? 0.7,
      hasApiKey: Boolean(config?.apiKey),
      envConfigured: envConfig !== null,
    };
  };

  return {
    get config() {
      return current?.config ?? null;
    },
    require() {
      if (!current) throw notConfiguredError();
      return current;
    },
    async listModels() {
      if (!current) throw notConfiguredError();
      return listModels(current.config);
    },
    settings,
    async testConnection(body) {
      const { config } = checkedOverride(body, "test");
      const result = await testModelConnection(config);
      return { model: config.model, ...result };
    },
    async saveOverride(body) {
      if (!db) throw new AppError("SERVICE_UNAVAILABLE", "Settings need the database");
      const { stored } = checkedOverride(body, "save");
      await db
        .insertInto("platform_settings")
        .values({ key: SETTINGS_KEY, value: JSON.stringify(stored) })
        .onConflict((oc) =>
          oc.column("key").doUpdateSet({ value: JSON.stringify(stored), updatedAt: new Date() }),
        )
        .execute();
      override = stored;
      current = null;
      apply();
      return settings();
    },
    async clearOverride() {
      if (db) await db.deleteFrom("platform_settings").where("key", "=", SETTINGS_KEY).execute();
      override = null;
      current = null;
      apply();
      return settings();
    },
    refresh: load,
    stop() {
      if (timer) clearInterval(timer);
    },
  };
}
