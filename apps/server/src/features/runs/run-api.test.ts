import {
  APP_API_KEY_MESSAGES,
  APP_API_KEYS_PER_APP,
  RUN_MESSAGES,
  type RunStreamEvent,
} from "@liftoff/domain";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { expectError } from "../../testing/expect-error.ts";
import { createFakeOpenAiServer, type FakeOpenAiServer } from "../../testing/fake-openai-server.ts";
import { createTestPlatform, TEST_ADMIN_EMAIL, type TestPlatform } from "../../testing/test-platform.ts";
import { answer, eventsOf, toolRunFixtures } from "../../testing/tool-run-fixtures.ts";

/**
 * The Run API (issue 16): a builder makes an app API key in settings (its secret shown
 * once, only its hash stored), a program runs the app's published tools with it as JSON
 * or as the live route's stream, with the same answers' checks, per-IP limits and credits;
 * a revoked key, another app's key or no key is refused. Through the real platform,
 * database and provider code against the local fake OpenAI-compatible server.
 */
let fake: FakeOpenAiServer;
let t: TestPlatform;
let adminToken: string;

const { newBuilder, publishedApp } = toolRunFixtures({ t: () => t, adminToken: () => adminToken });

const apiRun = (
  appId: string,
  toolId: string,
  options: { key?: string; authorization?: string; body?: unknown; ip?: string; accept?: string } = {},
) =>
  t.request<any>("POST", `/api/v1/apps/${appId}/tools/${toolId}/runs`, {
    body: options.body ?? { values: { city: "Lisbon", days: "3" } },
    headers: {
      "x-forwarded-for": options.ip ?? "203.0.113.50",
      ...(options.accept ? { accept: options.accept } : {}),
      ...(options.authorization !== undefined
        ? { authorization: options.authorization }
        : options.key
          ? { authorization: `Bearer ${options.key}` }
          : {}),
    },
  });

async function createKey(token: string, appId: string, name = "Server") {
  const res = await t.request<any>("POST", `/api/apps/${appId}/api-keys`, { token, body: { name } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { key: { id: string; displayHint: string }; secret: string };
}

async function windowCounts(appId: string) {
  const rows = await t.deps.db
    .selectFrom("run_counters")
    .select("count")
    .where("appId", "=", appId)
    .execute();
  return rows.map((row) => row.count).sort();
}

async function appRunsUsed(userId: string) {
  return (
    await t.deps.db
      .selectFrom("accounts")
      .select("appRunsUsed")
      .where("userId", "=", userId)
      .executeTakeFirstOrThrow()
  ).appRunsUsed;
}

beforeAll(async () => {
  fake = await createFakeOpenAiServer({ chunkSize: 7, chunkDelayMs: 0 });
  t = await createTestPlatform({
    AI_PROVIDER: "openai-compatible",
    AI_BASE_URL: fake.baseURL,
    AI_API_KEY: "sk-test",
    AI_MODEL: "fake-runner",
    AI_MAX_RETRIES: "0",
    TRUST_PROXY_HOPS: "1",
  });
  const admin = await t.signUp(TEST_ADMIN_EMAIL);
  await t.verify(TEST_ADMIN_EMAIL);
  adminToken = admin.token;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());

describe("app API keys", () => {
  it("shows a new key's secret once; the list and the database never hold it", async () => {
    const builder = await newBuilder("api-create");
    const { appId } = await publishedApp(builder.token);
    const created = await createKey(builder.token, appId, "  Zapier  ");
    expect(created.secret).toMatch(/^lft_[A-Za-z0-9_-]{43}$/);
    expect(created.key).toMatchObject({
      name: "Zapier",
      displayHint: `lft_…${created.secret.slice(-4)}`,
      lastUsedAt: null,
      revokedAt: null,
    });
    const list = await t.request<any>("GET", `/api/apps/${appId}/api-keys`, { token: builder.token });
    expect(list.status).toBe(200);
    expect(list.body.keys).toEqual([created.key]);
    expect(JSON.stringify(list.body)).not.toContain(created.secret.slice(4));
    const stored = await t.deps.db
      .selectFrom("app_api_keys")
      .selectAll()
      .where("appId", "=", appId)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(created.secret.slice(4));
    expect(stored.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.createdBy).toBe(builder.userId);
  });

  it("refuses a bad name with a per-field message, and more than the limit of active keys", async () => {
    const builder = await newBuilder("api-limit");
    const { appId } = await publishedApp(builder.token);
    const bad = await t.request<any>("POST", `/api/apps/${appId}/api-keys`, {
      token: builder.token,
      body: { name: "   " },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(APP_API_KEY_MESSAGES.nameRequired);
    const keys = await Promise.all(
      Array.from({ length: APP_API_KEYS_PER_APP }, (_, i) => createKey(builder.token, appId, `k${i}`)),
    );
    expectError(
      await t.request("POST", `/api/apps/${appId}/api-keys`, {
        token: builder.token,
        body: { name: "one more" },
      }),
      409,
      "CONFLICT",
      APP_API_KEY_MESSAGES.limit,
    );
    // A revoked key frees its place.
    const revoked = await t.request<any>("DELETE", `/api/apps/${appId}/api-keys/${keys[0]!.key.id}`, {
      token: builder.token,
    });
    expect(revoked.status).toBe(200);
    await createKey(builder.token, appId, "replacement");
  });

  it("lets only those who manage the app list, create or revoke its keys", async () => {
    const owner = await newBuilder("api-owner", "moon");
    const stranger = await newBuilder("api-stranger");
    const { appId } = await publishedApp(owner.token);
    const created = await createKey(owner.token, appId);
    for (const [method, path, body] of [
      ["GET", `/api/apps/${appId}/api-keys`, undefined],
      ["POST", `/api/apps/${appId}/api-keys`, { name: "mine now" }],
      ["DELETE", `/api/apps/${appId}/api-keys/${created.key.id}`, undefined],
    ] as const) {
      expectError(
        await t.request(method, path, { token: stranger.token, body }),
        404,
        "NOT_FOUND",
        "App not found",
      );
      expectError(await t.request(method, path, { body }), 401, "UNAUTHORIZED", "Please log in to continue");
    }
    // An API key is not a session: it cannot manage keys either.
    expect((await t.request("GET", `/api/apps/${appId}/api-keys`, { token: created.secret })).status).toBe(
      401,
    );
    const list = await t.request<any>("GET", `/api/apps/${appId}/api-keys`, { token: owner.token });
    expect(list.body.keys).toHaveLength(1);
    expect(list.body.keys[0].revokedAt).toBeNull();
    // A key of another app cannot be revoked through this one.
    const other = await publishedApp(owner.token);
    expectError(
      await t.request("DELETE", `/api/apps/${other.appId}/api-keys/${created.key.id}`, {
        token: owner.token,
      }),
      404,
      "NOT_FOUND",
      APP_API_KEY_MESSAGES.notFound,
    );
  });
});

describe("POST /api/v1/apps/{appId}/tools/{toolId}/runs", () => {
  it("runs a tool with a key as JSON: the blocks, verdicts and usage, one credit, one count of the caller's address", async () => {
    const builder = await newBuilder("api-json");
    const { appId, toolId } = await publishedApp(builder.token);
    const { key, secret } = await createKey(builder.token, appId);
    const before = await appRunsUsed(builder.userId);
    fake.enqueue({
      text: answer({ plan: "Day 1: the old town.", facts: '{"Population": "545,000", "Sea": "Atlantic"}' }),
    });

    const res = await apiRun(appId, toolId, { key: secret, ip: "198.51.100.60" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.body).toMatchObject({
      status: "success",
      creditsCharged: 1,
      usage: { totalTokens: expect.any(Number) },
      run: {
        appId,
        toolId,
        state: { phase: "success", blocks: { facts: "validated" } },
        blocks: [
          { id: "plan", text: expect.stringContaining("Day 1: the old town."), complete: true },
          { id: "facts", complete: true },
        ],
      },
    });
    // Never the prompt or the blocks' instructions.
    const text = JSON.stringify(res.body);
    expect(text).not.toContain("Plan a trip to");
    expect(text).not.toContain("Day by day.");
    expect(await appRunsUsed(builder.userId)).toBe(before + 1);
    expect(await windowCounts(appId)).toEqual([1, 1]);
    const stored = await t.deps.db
      .selectFrom("app_api_keys")
      .select("lastUsedAt")
      .where("id", "=", key.id)
      .executeTakeFirstOrThrow();
    expect(stored.lastUsedAt).not.toBeNull();
  });

  it("streams the same events as the live route with Accept: text/event-stream", async () => {
    const builder = await newBuilder("api-sse");
    const { appId, toolId } = await publishedApp(builder.token);
    const { secret } = await createKey(builder.token, appId);
    fake.enqueue({ text: answer({ plan: "Walk.", facts: '{"a": "1", "b": "2"}' }) });
    const res = await apiRun(appId, toolId, { key: secret, accept: "text/event-stream" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const events = eventsOf(res.body as string);
    expect(events[0]?.type).toBe("snapshot");
    const types = events.map((e) => e.type);
    expect(types).toContain("block-delta");
    expect(types).not.toContain("usage");
    expect(events.at(-1)).toMatchObject({ type: "done", phase: "success" });
    const runId = (events[0] as Extract<RunStreamEvent, { type: "snapshot" }>).run.id;
    const stored = await t.deps.db
      .selectFrom("tool_runs")
      .select(["status", "creditsCharged"])
      .where("id", "=", runId)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: "success", creditsCharged: 1 });
  });

  it("refuses no key, a malformed header, an unknown key, another app's key and a revoked key with 401, starting nothing", async () => {
    const builder = await newBuilder("api-refuse", "moon");
    const { appId, toolId } = await publishedApp(builder.token);
    const other = await publishedApp(builder.token);
    const { key, secret } = await createKey(builder.token, appId);
    const otherKey = await createKey(builder.token, other.appId);

    expectError(await apiRun(appId, toolId), 401, "UNAUTHORIZED", APP_API_KEY_MESSAGES.missing);
    for (const authorization of ["Basic abc", "Bearer", `bearer${secret}`, `Token ${secret}`])
      expectError(
        await apiRun(appId, toolId, { authorization }),
        401,
        "UNAUTHORIZED",
        APP_API_KEY_MESSAGES.missing,
      );
    const invalid = [
      "lft_short",
      `lft_${"A".repeat(43)}`,
      `${secret}x`,
      otherKey.secret,
      // A session token is not an API key.
      builder.token,
    ];
    for (const candidate of invalid)
      expectError(
        await apiRun(appId, toolId, { key: candidate }),
        401,
        "UNAUTHORIZED",
        APP_API_KEY_MESSAGES.invalid,
      );
    // An app that does not exist answers exactly as one the key does not belong to.
    const missingApp = await apiRun("no-such-app", toolId, { key: secret });
    const otherApp = await apiRun(other.appId, other.toolId, { key: secret });
    expect(missingApp.body).toEqual(otherApp.body);
    expect(missingApp.status).toBe(401);
    // Auth comes before validation: a bad body without a key is 401, not 400.
    expect((await apiRun(appId, toolId, { body: { values: "x" } })).status).toBe(401);

    const revoked = await t.request("DELETE", `/api/apps/${appId}/api-keys/${key.id}`, {
      token: builder.token,
    });
    expect(revoked.status).toBe(200);
    expectError(
      await apiRun(appId, toolId, { key: secret }),
      401,
      "UNAUTHORIZED",
      APP_API_KEY_MESSAGES.invalid,
    );
    const list = await t.request<any>("GET", `/api/apps/${appId}/api-keys`, { token: builder.token });
    expect(list.body.keys[0].revokedAt).toEqual(expect.any(String));

    expect(await t.deps.db.selectFrom("tool_runs").select("id").where("appId", "=", appId).execute()).toEqual(
      [],
    );
    expect(await windowCounts(appId)).toEqual([]);
    expect(fake.completionRequests()).toHaveLength(0);
  });

  it("refuses bad answers with one message per field and counts nothing; a draft tool is 404", async () => {
    const builder = await newBuilder("api-bad");
    const { appId, toolId, draftToolId } = await publishedApp(builder.token);
    const { secret } = await createKey(builder.token, appId);
    const bad = await apiRun(appId, toolId, { key: secret, body: { values: { days: "9", nope: "x" } } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.fieldErrors).toEqual({
      city: "City is required",
      days: "Choose one of the listed options",
      nope: "This tool has no such field",
    });
    const shape = await apiRun(appId, toolId, { key: secret, body: { values: "not an object" } });
    expect(shape.status).toBe(400);
    expectError(await apiRun(appId, draftToolId, { key: secret }), 404, "NOT_FOUND", RUN_MESSAGES.notFound);
    expect(await t.deps.db.selectFrom("tool_runs").select("id").where("appId", "=", appId).execute()).toEqual(
      [],
    );
    expect(await windowCounts(appId)).toEqual([]);
    expect(fake.completionRequests()).toHaveLength(0);
  });

  it("holds the same per-IP daily limit as the live route, shared with it, with the same 429", async () => {
    const builder = await newBuilder("api-limits", "moon");
    const { appId, toolId } = await publishedApp(builder.token, {
      app: (app) => ({ ...app, settings: { ...app.settings, dailyUserLimit: 2 } }),
    });
    const { secret } = await createKey(builder.token, appId);
    for (let i = 0; i < 4; i++) fake.enqueue({ text: answer({ plan: "P", facts: '{"a":1,"b":2}' }) });
    const ip = "198.51.100.70";
    expect((await apiRun(appId, toolId, { key: secret, ip })).status).toBe(200);
    const live = await t.request("POST", `/live_api/apps/${appId}/tools/${toolId}/runs`, {
      body: { values: { city: "Rome" } },
      headers: { "x-forwarded-for": ip },
    });
    expect(live.status).toBe(200);
    const refused = await apiRun(appId, toolId, { key: secret, ip });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({
      code: "RATE_LIMITED",
      message: RUN_MESSAGES.dailyLimit(2),
      details: { reason: "daily", limit: 2 },
    });
    // Another caller address still runs.
    expect((await apiRun(appId, toolId, { key: secret, ip: "198.51.100.71" })).status).toBe(200);
  });

  it("is documented in the OpenAPI document with the app key scheme", async () => {
    const doc = (await t.request<any>("GET", "/api/openapi.json")).body;
    expect(doc.components.securitySchemes).toHaveProperty("appApiKey");
    const run = doc.paths["/api/v1/apps/{appId}/tools/{toolId}/runs"].post;
    expect(run.security).toEqual([{ appApiKey: [] }]);
    expect(Object.keys(run.responses[200].content)).toEqual(["application/json", "text/event-stream"]);
    expect(doc.paths["/api/apps/{appId}/api-keys"].get.security).toEqual([{ session: [] }]);
    expect(doc.paths["/api/apps/{appId}/api-keys"].post).toBeDefined();
    expect(doc.paths["/api/apps/{appId}/api-keys/{keyId}"].delete).toBeDefined();
  });
});
