/**
 * npm run eval:agent — how well the builder chat builds apps with a real model. Not in CI.
 *
 * Setup: the whole platform in this process, as production runs it (startPlatform on
 * PGlite in a throw-away DATA_DIR, NODE_ENV=production, served over HTTP on 127.0.0.1 by
 * @hono/node-server with the built web app, so published apps open in a browser), with the
 * model from the usual variables: AI_PROVIDER, AI_BASE_URL, AI_API_KEY, AI_MODEL
 * (AI_TEMPERATURE, AI_MAX_RETRIES), see README.md. Without them it exits with code 2 and
 * says what to set. One builder (a platform admin, so failures carry technical details; on
 * the galaxy plan) sends each prompt of eval/agent-prompts.json as the first message of a
 * fresh space app, one prompt at a time, and for each reports:
 *   - status of the reply (ready / failed, truncated), actions applied / failed;
 *   - compiled: GET /api/apps/{appId}/build of the reply's version answers ok;
 *   - validate-repair (the reply's annotations.validation): issues found, repaired
 *     (deterministically or by the model's repair round), unresolved;
 *   - runtime errors on first render: the app is published through the API and /app/{slug}
 *     opened in headless Chromium (playwright-core) as an anonymous visitor; the App errors
 *     the runtime posts to the host page (bridge `error` messages, read by a listener on the
 *     host page that hands them to page.exposeFunction) until `rendered` plus
 *     EVAL_RENDER_WAIT_MS (3000) for data loads and effects;
 *   - tokens and cost (annotations.usage) and the time from POST /chat to `done`.
 * Prints a table with details and saves it to bench/results/eval-agent-<date>.md.
 *
 * EVAL_FAKE=1: checks this harness without a model: the fake OpenAI-compatible provider of
 * the tests answers every prompt with the scripted TASK_APP_REPLY, the last one with a
 * variant that throws on first render (results go to eval-agent-<date>-fake.md and say
 * nothing about any model).
 * Other variables: EVAL_PROMPTS (file, default eval/agent-prompts.json), EVAL_ONLY
 * (comma-separated prompt ids), EVAL_TIMEOUT_MS per reply (900000), CHROMIUM_PATH
 * (/usr/bin/chromium), EVAL_SKIP_RENDER=1.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { AI_ENV_VARIABLES, type AiConfig, aiConfigFromEnv } from "@liftoff/ai";
import type { AppRuntimeError, ChatMessage, ValidationResult } from "@liftoff/domain";
import { readSse } from "../../bench/chat/stream-kit.ts";
import { freePort, sendJson } from "../../bench/support.ts";
import { launchChromium } from "../../e2e/support/launch-chromium.ts";

const ROOT = new URL("../..", import.meta.url).pathname;
const FAKE = process.env.EVAL_FAKE === "1";
const PROMPTS_FILE = process.env.EVAL_PROMPTS ?? join(ROOT, "eval/agent-prompts.json");
const TIMEOUT_MS = Number(process.env.EVAL_TIMEOUT_MS ?? 900_000);
const RENDER_WAIT_MS = Number(process.env.EVAL_RENDER_WAIT_MS ?? 3000);
const SKIP_RENDER = process.env.EVAL_SKIP_RENDER === "1";
const BUILDER = { email: "eval-builder@eval.liftoff.test", password: "eval-pass-42", name: "Eval Builder" };

type Prompt = { id: string; name: string; prompt: string };

type Render = { rendered: boolean; errors: AppRuntimeError[]; note?: string };

type Outcome = {
  prompt: Prompt;
  seconds: number;
  status: string;
  error?: string;
  truncated: boolean;
  actions: { applied: number; failed: string[] };
  compiled: boolean | null;
  diagnostics: string[];
  validation: ValidationResult | null;
  render: Render | null;
  usage: ChatMessage["annotations"]["usage"] | null;
};

// ---------------------------------------------------------------------------------------
// The model, or why there is none.

function modelFromEnv(): AiConfig | { missing: string } {
  try {
    const config = aiConfigFromEnv(process.env);
    if (config) return config;
    return { missing: "No model is configured." };
  } catch (error) {
    return { missing: error instanceof Error ? error.message : String(error) };
  }
}

function exitWithoutModel(reason: string): never {
  process.stderr.write(
    [
      `eval:agent: ${reason}`,
      "",
      "Set the model the builder chat should use, as for the server (README.md, Configuration):",
      `  ${AI_ENV_VARIABLES.slice(0, 4).join(", ")} (and optionally ${AI_ENV_VARIABLES.slice(4).join(", ")})`,
      "e.g. AI_BASE_URL=https://openrouter.ai/api/v1 AI_API_KEY=<key> AI_MODEL=<model id> npm run eval:agent",
      "     AI_PROVIDER=anthropic AI_API_KEY=<key> AI_MODEL=<model id> npm run eval:agent",
      "To check the harness without a model: EVAL_FAKE=1 npm run eval:agent",
      "",
    ].join("\n"),
  );
  process.exit(2);
}

function loadPrompts(): Prompt[] {
  const file = JSON.parse(readFileSync(PROMPTS_FILE, "utf8")) as { prompts: Prompt[] };
  const only = (process.env.EVAL_ONLY ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const prompts = only.length ? file.prompts.filter((p) => only.includes(p.id)) : file.prompts;
  if (prompts.length === 0) throw new Error(`no prompts selected from ${PROMPTS_FILE}`);
  return prompts;
}

// ---------------------------------------------------------------------------------------
// The platform, in this process.

type Api = { url: string; call<T>(method: string, path: string, body?: unknown): Promise<T> };

async function startPlatformOnPort(aiEnv: Record<string, string>) {
  const [{ serve }, { loadConfig }, { startPlatform }] = await Promise.all([
    import("@hono/node-server"),
    import("../../apps/server/src/config.ts"),
    import("../../apps/server/src/start-platform.ts"),
  ]);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "liftoff-eval-"));
  const config = loadConfig({
    ...process.env,
    ...aiEnv,
    NODE_ENV: "production",
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    SMTP_URL: "",
    ADMIN_EMAILS: BUILDER.email,
    LOG_LEVEL: process.env.LOG_LEVEL ?? "error",
  });
  const platform = await startPlatform(config, { webDist: join(ROOT, "apps/web/dist") });
  const server = serve({ fetch: platform.app.fetch, port, hostname: "127.0.0.1" });
  const close = async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
    await closed;
    await platform.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const send = <T>(method: string, path: string, body?: unknown, token?: string) =>
      sendJson<T>(config.publicUrl, method, path, body, token);
    const { token } = await send<{ token: string }>("POST", "/api/session/signup", BUILDER);
    // Ten space apps: a plan without an app-count limit in the way (lite allows one).
    await platform.deps.db.updateTable("accounts").set({ plan: "galaxy" }).execute();
    const api: Api = { url: config.publicUrl, call: (method, path, body) => send(method, path, body, token) };
    return { api, token, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** POST /chat and read the SSE stream to `done`; the final message. */
async function chat(api: Api, token: string, appId: string, content: string): Promise<ChatMessage> {
  const response = await fetch(`${api.url}/api/apps/${appId}/chat`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ content }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (response.status !== 200)
    throw new Error(`POST /chat: ${response.status} ${(await response.text()).slice(0, 500)}`);
  let final: ChatMessage | null = null;
  await readSse(response, (_event, data) => {
    const event = JSON.parse(data) as { type: string; message: ChatMessage };
    if (event.type !== "done") return;
    final = event.message;
    return "stop";
  });
  if (final) return final;
  throw new Error("the chat stream ended without done");
}

// ---------------------------------------------------------------------------------------
// First render in Chromium.

// On the host page only: every bridge message from the app frame goes to the harness.
const HOST_LISTENER = `(() => {
  if (window.top !== window) return;
  window.addEventListener("message", (event) => {
    const data = event.data;
    if (!data || data.source !== "liftoff-frame") return;
    if (data.type === "error" || data.type === "rendered") window.__evalBridge(JSON.stringify(data));
  }, true);
})();`;

const launchBrowser = launchChromium;
type Browser = Awaited<ReturnType<typeof launchBrowser>>;

async function firstRender(browser: Browser, url: string): Promise<Render> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const errors: AppRuntimeError[] = [];
  let rendered = false;
  let onRendered: () => void = () => {};
  const renderedOnce = new Promise<void>((resolve) => (onRendered = resolve));
  try {
    const page = await context.newPage();
    await page.exposeFunction("__evalBridge", (json: string) => {
      const data = JSON.parse(json) as { type: string; error?: AppRuntimeError };
      if (data.type === "rendered") {
        rendered = true;
        onRendered();
      } else if (data.error) errors.push(data.error);
    });
    await page.addInitScript(HOST_LISTENER);
    await page.goto(url, { waitUntil: "load", timeout: 60_000 });
    const timedOut = await Promise.race([
      renderedOnce.then(() => false),
      new Promise<boolean>((r) => setTimeout(() => r(true), 30_000)),
    ]);
    // Data loads and effects after the first commit may still throw.
    await new Promise((r) => setTimeout(r, RENDER_WAIT_MS));
    return { rendered, errors, ...(timedOut && !rendered ? { note: "no `rendered` within 30 s" } : {}) };
  } catch (error) {
    return { rendered, errors, note: String(error).slice(0, 200) };
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------------------------------

async function evaluate(
  api: Api,
  token: string,
  browser: Browser | null,
  prompt: Prompt,
  index: number,
  total: number,
): Promise<Outcome> {
  process.stderr.write(`[${index + 1}/${total}] ${prompt.id}: generating\n`);
  const app = await api.call<{ id: string; slug: string }>("POST", "/api/apps", {
    appType: "space",
    name: prompt.name,
  });
  const started = performance.now();
  const outcome: Outcome = {
    prompt,
    seconds: 0,
    status: "failed",
    truncated: false,
    actions: { applied: 0, failed: [] },
    compiled: null,
    diagnostics: [],
    validation: null,
    render: null,
    usage: null,
  };
  let message: ChatMessage;
  try {
    message = await chat(api, token, app.id, prompt.prompt);
  } catch (error) {
    outcome.seconds = (performance.now() - started) / 1000;
    outcome.error = String(error).slice(0, 300);
    return outcome;
  }
  outcome.seconds = (performance.now() - started) / 1000;
  const a = message.annotations;
  outcome.status = message.status;
  outcome.truncated = a.truncated === true;
  if (a.error) outcome.error = [a.error, a.errorDetails].filter(Boolean).join(" — ").slice(0, 300);
  outcome.actions = {
    applied: message.actions.filter((x) => x.status === "applied").length,
    failed: message.actions
      .filter((x) => x.status === "failed")
      .map((x) => `${x.type} ${x.file ?? ""}: ${x.error ?? "failed"}`.slice(0, 200)),
  };
  outcome.validation = a.validation ?? null;
  outcome.usage = a.usage ?? null;
  if (!a.versionId) return outcome;

  const build = await api.call<{ ok: boolean; diagnostics: { message: string; file?: string | null }[] }>(
    "GET",
    `/api/apps/${app.id}/build?versionId=${encodeURIComponent(a.versionId)}`,
  );
  outcome.compiled = build.ok;
  outcome.diagnostics = build.diagnostics.map((d) =>
    `${d.file ? `${d.file}: ` : ""}${d.message}`.slice(0, 200),
  );
  if (!build.ok || !browser) return outcome;
  process.stderr.write(`[${index + 1}/${total}] ${prompt.id}: publishing and opening /app/${app.slug}\n`);
  try {
    const published = await api.call<{ slug: string }>("POST", `/api/apps/${app.id}/publish`);
    outcome.render = await firstRender(browser, `${api.url}/app/${published.slug ?? app.slug}`);
  } catch (error) {
    outcome.render = { rendered: false, errors: [], note: `publish failed: ${String(error).slice(0, 200)}` };
  }
  return outcome;
}

const yesNo = (value: boolean | null) => (value === null ? "–" : value ? "yes" : "no");

function report(outcomes: Outcome[], model: string, startedAt: Date, seconds: number): string {
  const rows = outcomes.map((o, i) => {
    const v = o.validation;
    const repaired = v ? v.repairedFiles.reduce((n, f) => n + f.issuesFixed, 0) : null;
    const runtime = o.render
      ? `${o.render.errors.length}${o.render.rendered ? "" : " (not rendered)"}`
      : SKIP_RENDER
        ? "skipped"
        : "–";
    const u = o.usage;
    return [
      i + 1,
      o.prompt.id,
      `${o.status}${o.truncated ? ", truncated" : ""}`,
      `${o.actions.applied}${o.actions.failed.length ? ` (+${o.actions.failed.length} failed)` : ""}`,
      yesNo(o.compiled),
      v ? v.initialIssues.length : "–",
      v ? `${repaired} in ${v.repairedFiles.length} files` : "–",
      v ? v.unresolvedIssues.length : "–",
      runtime,
      u ? `${u.promptTokens} / ${u.completionTokens}` : "–",
      u ? `$${u.totalCost.toFixed(4)}` : "–",
      o.seconds.toFixed(1),
    ];
  });
  const count = (f: (o: Outcome) => boolean) => outcomes.filter(f).length;
  const tokens = outcomes.reduce((n, o) => n + (o.usage?.totalTokens ?? 0), 0);
  const cost = outcomes.reduce((n, o) => n + (o.usage?.totalCost ?? 0), 0);
  const details = outcomes.flatMap((o) => {
    const lines: string[] = [];
    if (o.error) lines.push(`  - error: ${o.error}`);
    for (const f of o.actions.failed) lines.push(`  - failed action: ${f}`);
    if (o.compiled === false) for (const d of o.diagnostics.slice(0, 5)) lines.push(`  - compile: ${d}`);
    for (const issue of o.validation?.unresolvedIssues ?? [])
      lines.push(
        `  - unresolved ${issue.detectorId}${issue.fileId ? ` in ${issue.fileId}` : ""}${issue.line ? `:${issue.line}` : ""}: ${issue.message}`,
      );
    for (const e of o.render?.errors ?? [])
      lines.push(`  - runtime (${e.scope}) in ${e.componentName}: ${e.title.slice(0, 200)}`);
    if (o.render?.note) lines.push(`  - render: ${o.render.note}`);
    return lines.length ? [`- **${o.prompt.id}**`, ...lines] : [];
  });
  const markdown = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
  const headers = [
    "#",
    "prompt",
    "reply",
    "actions applied",
    "compiled",
    "issues found",
    "repaired",
    "unresolved",
    "runtime errors on first render",
    "tokens in / out",
    "cost",
    "time s",
  ];
  return [
    `# eval:agent — ${startedAt.toISOString()}`,
    "",
    FAKE
      ? "**EVAL_FAKE=1: the fake provider answered every prompt with the scripted TASK_APP_REPLY (the last " +
        "one with a variant whose page throws on first render). This checks the harness only and says " +
        "nothing about any model.**"
      : `Model: ${model}.`,
    "",
    `Prompts: ${PROMPTS_FILE.replace(ROOT, "")}. Each is the first message of a fresh space app; the reply's ` +
      "version is compiled (GET /build), published and opened at /app/{slug} in headless Chromium as an " +
      `anonymous visitor; runtime errors are the App errors the runtime posted until \`rendered\` + ${RENDER_WAIT_MS} ms. ` +
      "Issues: the validators' findings after the reply (annotations.validation), repaired by the certain " +
      "repairs or the model's one repair round. Time: POST /chat to `done` (generation, applying, compile, " +
      `validation and repair). Total ${seconds.toFixed(0)} s; load average at the end ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" / ")}.`,
    "",
    markdown(headers),
    markdown(headers.map(() => "---")),
    ...rows.map(markdown),
    "",
    `Ready: ${count((o) => o.status === "ready")}/${outcomes.length}; compiled: ${count((o) => o.compiled === true)}/${outcomes.length}; ` +
      `no unresolved issues: ${count((o) => o.validation !== null && o.validation.unresolvedIssues.length === 0)}/${outcomes.length}; ` +
      `rendered without runtime errors: ${count((o) => o.render?.rendered === true && o.render.errors.length === 0)}/${outcomes.length}; ` +
      `tokens ${tokens}; cost $${cost.toFixed(4)}.`,
    ...(details.length ? ["", "## Details", "", ...details] : []),
  ].join("\n");
}

async function main(): Promise<void> {
  const prompts = loadPrompts();
  let fake: { baseURL: string; enqueue(...r: { text: string }[]): void; close(): Promise<void> } | null =
    null;
  let aiEnv: Record<string, string> = {};
  let modelLabel: string;
  if (FAKE) {
    const [{ createFakeOpenAiServer }, { TASK_APP_REPLY }] = await Promise.all([
      import("../../apps/server/src/testing/fake-openai-server.ts"),
      import("../../apps/server/src/testing/scripted-app-replies.ts"),
    ]);
    const started = await createFakeOpenAiServer({ chunkSize: 40 });
    // The last prompt's page reads `tasks.items.map` (a list is an array): it compiles and
    // passes the validators but throws on first render, so that path is exercised too.
    const broken = TASK_APP_REPLY.replace("{tasks.map(", "{tasks.items.map(");
    if (broken === TASK_APP_REPLY) throw new Error("TASK_APP_REPLY changed: update the broken variant");
    for (const [i] of prompts.entries())
      started.enqueue({ text: i === prompts.length - 1 && prompts.length > 1 ? broken : TASK_APP_REPLY });
    fake = started;
    aiEnv = {
      AI_PROVIDER: "openai-compatible",
      AI_BASE_URL: started.baseURL,
      AI_API_KEY: "",
      AI_MODEL: "fake-model",
      AI_MAX_RETRIES: "0",
    };
    modelLabel = "fake provider (TASK_APP_REPLY)";
  } else {
    const model = modelFromEnv();
    if ("missing" in model) exitWithoutModel(model.missing);
    modelLabel = `${model.model} (${model.provider}, temperature ${model.temperature})`;
  }

  // The built web app serves /app/{slug}; the vendor set serves the frames.
  process.stderr.write("eval:agent: building the web app and the vendor set if stale\n");
  // @ts-expect-error plain ESM script without types
  const { buildIfNeeded } = await import("../build-if-needed.mjs");
  buildIfNeeded();

  const startedAt = new Date();
  const started = performance.now();
  process.stderr.write(`eval:agent: ${prompts.length} prompts, model ${modelLabel}\n`);
  const platform = await startPlatformOnPort(aiEnv);
  let browser: Browser | null = null;
  const outcomes: Outcome[] = [];
  try {
    browser = SKIP_RENDER ? null : await launchBrowser();
    for (const [index, prompt] of prompts.entries())
      outcomes.push(await evaluate(platform.api, platform.token, browser, prompt, index, prompts.length));
  } finally {
    await browser?.close();
    await platform.close();
    await fake?.close();
  }
  const text = report(outcomes, modelLabel, startedAt, (performance.now() - started) / 1000);
  process.stdout.write(`${text}\n`);
  mkdirSync(join(ROOT, "bench/results"), { recursive: true });
  const file = `bench/results/eval-agent-${startedAt.toISOString().slice(0, 10)}${FAKE ? "-fake" : ""}.md`;
  writeFileSync(join(ROOT, file), `${text}\n`);
  process.stderr.write(`eval:agent: saved ${file}\n`);
}

await main();
