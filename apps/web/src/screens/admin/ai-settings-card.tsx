import {
  AI_PROVIDER_IDS,
  AI_PROVIDER_LABELS,
  type AiConnectionTestResponse,
  type AiProviderId,
  type AiSettingsResponse,
  aiConnectionTestResponseSchema,
  aiModelListResponseSchema,
  aiSettingsResponseSchema,
} from "@liftoff/domain";
import {
  Alert,
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  ConfirmDialog,
  Field,
  Input,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Skeleton,
  toast,
} from "@liftoff/ui";
import { BotIcon, CircleCheckIcon, PlugZapIcon, RefreshCwIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { api, errorMessage } from "../../lib/api.ts";
import { LoadError } from "../apps/load-error.tsx";
import { useResource } from "../apps/use-resource.ts";
import { LocalModelServers } from "./local-model-servers.tsx";

const SOURCE_LABEL: Record<AiSettingsResponse["source"], string> = {
  admin: "Set here",
  env: "From environment",
  none: "Not configured",
};

type Draft = { provider: AiProviderId; baseURL: string; apiKey: string; model: string; temperature: number };

function draftOf(settings: AiSettingsResponse): Draft {
  return {
    provider: settings.provider ?? "openai-compatible",
    baseURL: settings.baseURL ?? "",
    apiKey: "",
    model: settings.model ?? "",
    temperature: settings.temperature,
  };
}

/**
 * Admin → AI model: the model every AI feature uses. Overrides the environment's AI_*
 * variables for the whole instance; the key is stored sealed and never shown again.
 */
export function AiSettingsCard() {
  const settings = useResource("admin-ai-settings", () =>
    api.get("/api/admin/ai-settings", aiSettingsResponseSchema),
  );
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [models, setModels] = useState<{ id: string; name: string }[] | null>(null);
  const [loadingModels, setLoadingModels] = useState(false);
  const [confirmReset, setConfirmReset] = useState(false);
  const [test, setTest] = useState<
    | { status: "idle" | "running" }
    | { status: "ok"; result: AiConnectionTestResponse }
    | { status: "error"; message: string }
  >({ status: "idle" });

  // The form restarts from what the server holds after every load or save.
  const loaded = settings.status === "success" ? settings.data : null;
  useEffect(() => {
    if (loaded) setDraft(draftOf(loaded));
  }, [loaded]);

  async function loadModels() {
    setLoadingModels(true);
    try {
      const list = await api.get("/api/admin/ai-models", aiModelListResponseSchema);
      setModels(list.models);
      if (list.source === "fallback")
        toast.message("The provider did not list its models: showing common ones.");
    } catch (error) {
      toast.error(errorMessage(error, "Could not load the provider's models"));
    } finally {
      setLoadingModels(false);
    }
  }

  /** The form as the API takes it (an empty key keeps the stored one). */
  const bodyOf = (d: Draft) => ({
    provider: d.provider,
    baseURL: d.baseURL,
    model: d.model,
    temperature: d.temperature,
    ...(d.apiKey ? { apiKey: d.apiKey } : {}),
  });

  async function testConnection() {
    if (!draft) return;
    setTest({ status: "running" });
    try {
      const result = await api.post(
        "/api/admin/ai-settings/test",
        bodyOf(draft),
        aiConnectionTestResponseSchema,
      );
      setTest({ status: "ok", result });
    } catch (error) {
      setTest({ status: "error", message: errorMessage(error, "The model did not answer") });
    }
  }

  async function save() {
    if (!draft) return;
    setSaving(true);
    setErrors({});
    try {
      const saved = await api.put("/api/admin/ai-settings", bodyOf(draft), aiSettingsResponseSchema);
      settings.setData(() => saved);
      toast.success("AI model saved");
    } catch (error) {
      const fields =
        (error as { details?: { fields?: { path: string; message: string }[] } }).details?.fields ?? [];
      setErrors(Object.fromEntries(fields.map((f) => [f.path, f.message])));
      toast.error(errorMessage(error, "Could not save the AI model"));
    } finally {
      setSaving(false);
    }
  }

  async function reset() {
    try {
      const saved = await api.delete("/api/admin/ai-settings", aiSettingsResponseSchema);
      settings.setData(() => saved);
      setModels(null);
      toast.success("Using the environment's settings");
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  return (
    <Card data-testid="admin-ai-settings">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle as="h2" className="flex items-center gap-2">
            <BotIcon className="size-4 text-muted-foreground" aria-hidden /> AI model
          </CardTitle>
          {settings.status === "success" ? (
            <Badge variant={settings.data.source === "none" ? "warning" : "default"} data-testid="ai-source">
              {SOURCE_LABEL[settings.data.source]}
            </Badge>
          ) : null}
        </div>
        <CardDescription>
          The model behind the builder chat, CSV mapping and apps' InvokeLLM. Saved here, it replaces the AI_*
          environment variables for the whole instance.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.status === "error" ? (
          <LoadError
            title="Could not load the AI settings"
            error={settings.error}
            onRetry={settings.reload}
          />
        ) : !draft ? (
          <div className="grid gap-3">
            <Skeleton className="h-9 w-full" />
            <Skeleton className="h-9 w-full" />
          </div>
        ) : (
          <div className="grid gap-5">
            <LocalModelServers
              onUse={(server, model) => {
                setDraft({
                  ...draft,
                  provider: "openai-compatible",
                  baseURL: server.baseURL,
                  model,
                  apiKey: "",
                });
                setModels(server.models.map((id) => ({ id, name: id })));
                setTest({ status: "idle" });
                toast.message(`${server.name} filled in: test it, then save.`);
              }}
            />
            <form
              className="grid gap-4 md:grid-cols-2"
              onSubmit={(event) => {
                event.preventDefault();
                void save();
              }}
            >
              <Field
                label="Provider"
                htmlFor="ai-provider"
                hint={
                  draft.provider === "openai-compatible"
                    ? "OpenRouter, Ollama, vLLM, LM Studio, Together, Groq…"
                    : undefined
                }
              >
                <Select
                  value={draft.provider}
                  onValueChange={(value) => setDraft({ ...draft, provider: value as AiProviderId })}
                >
                  <SelectTrigger id="ai-provider" data-testid="ai-provider">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {AI_PROVIDER_IDS.map((id) => (
                      <SelectItem key={id} value={id}>
                        {AI_PROVIDER_LABELS[id]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </Field>
              <Field
                label="Base URL"
                htmlFor="ai-base-url"
                error={errors.baseURL}
                hint={
                  draft.provider === "openai-compatible"
                    ? "e.g. https://openrouter.ai/api/v1 or http://localhost:11434/v1"
                    : "Optional: a proxy or gateway"
                }
              >
                <Input
                  id="ai-base-url"
                  data-testid="ai-base-url"
                  value={draft.baseURL}
                  onChange={(event) => setDraft({ ...draft, baseURL: event.target.value })}
                  placeholder="https://…"
                />
              </Field>
              <Field
                label="API key"
                htmlFor="ai-api-key"
                error={errors.apiKey}
                hint={
                  settings.status === "success" && settings.data.hasApiKey
                    ? "A key is stored. Leave empty to keep it."
                    : undefined
                }
              >
                <Input
                  id="ai-api-key"
                  type="password"
                  autoComplete="off"
                  data-testid="ai-api-key"
                  value={draft.apiKey}
                  onChange={(event) => setDraft({ ...draft, apiKey: event.target.value })}
                  placeholder={settings.status === "success" && settings.data.hasApiKey ? "••••••••" : "sk-…"}
                />
              </Field>
              <Field
                label="Model"
                htmlFor="ai-model"
                error={errors.model}
                labelAside={
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    onClick={() => void loadModels()}
                    disabled={loadingModels}
                    data-testid="ai-load-models"
                  >
                    <RefreshCwIcon
                      className={loadingModels ? "size-3.5 animate-spin" : "size-3.5"}
                      aria-hidden
                    />
                    {models ? "Reload models" : "Load models"}
                  </Button>
                }
              >
                {models && models.length > 0 ? (
                  <Select value={draft.model} onValueChange={(value) => setDraft({ ...draft, model: value })}>
                    <SelectTrigger id="ai-model" data-testid="ai-model">
                      <SelectValue placeholder="Choose a model" />
                    </SelectTrigger>
                    <SelectContent>
                      {models.map((model) => (
                        <SelectItem key={model.id} value={model.id}>
                          {model.name}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                ) : (
                  <Input
                    id="ai-model"
                    data-testid="ai-model"
                    value={draft.model}
                    onChange={(event) => setDraft({ ...draft, model: event.target.value })}
                    placeholder="gpt-4o-mini"
                  />
                )}
              </Field>
              <Field
                label={`Temperature: ${draft.temperature.toFixed(1)}`}
                htmlFor="ai-temperature"
                hint="0 is most predictable, 2 most varied. Default 0.7."
              >
                <input
                  id="ai-temperature"
                  type="range"
                  min={0}
                  max={2}
                  step={0.1}
                  value={draft.temperature}
                  onChange={(event) => setDraft({ ...draft, temperature: Number(event.target.value) })}
                  className="h-9 w-full accent-primary"
                  data-testid="ai-temperature"
                />
              </Field>
              <div className="flex flex-wrap items-end justify-end gap-2 md:col-span-2">
                {settings.status === "success" && settings.data.source === "admin" ? (
                  <Button
                    type="button"
                    variant="outline"
                    onClick={() => setConfirmReset(true)}
                    data-testid="ai-reset"
                  >
                    {settings.data.envConfigured ? "Use environment settings" : "Remove"}
                  </Button>
                ) : null}
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => void testConnection()}
                  disabled={test.status === "running" || !draft.model}
                  data-testid="ai-test"
                >
                  <PlugZapIcon aria-hidden />
                  {test.status === "running" ? "Testing…" : "Test connection"}
                </Button>
                <Button type="submit" disabled={saving} data-testid="ai-save">
                  {saving ? "Saving…" : "Save"}
                </Button>
              </div>
              <div className="md:col-span-2" aria-live="polite">
                {test.status === "ok" ? (
                  <div
                    className="grid gap-1 rounded-lg border border-success-border bg-success-subtle px-3 py-2.5"
                    data-testid="ai-test-result"
                  >
                    <p className="flex items-center gap-2 text-13 font-medium text-success-text">
                      <CircleCheckIcon className="size-4" aria-hidden />
                      {test.result.model} answered in {test.result.latencyMs.toLocaleString()} ms
                    </p>
                    <p className="text-13 break-words text-muted-foreground">
                      “{test.result.reply || "(empty reply)"}”
                    </p>
                  </div>
                ) : test.status === "error" ? (
                  <Alert tone="error" data-testid="ai-test-error">
                    {test.message}
                  </Alert>
                ) : null}
              </div>
            </form>
          </div>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirmReset}
        onOpenChange={setConfirmReset}
        title="Remove the AI model set here?"
        description="AI features go back to the environment's AI_* settings (or say no model is configured)."
        confirmLabel="Remove"
        onConfirm={reset}
      />
    </Card>
  );
}
