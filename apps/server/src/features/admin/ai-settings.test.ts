import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSecretBox } from "../../ai/secret-box.ts";
import { uniqueEmail } from "../../testing/expect-error.ts";
import { createFakeOpenAiServer, type FakeOpenAiServer } from "../../testing/fake-openai-server.ts";
import { createTestPlatform, TEST_ADMIN_EMAIL, type TestPlatform } from "../../testing/test-platform.ts";

describe("admin AI settings", () => {
  let t: TestPlatform;
  let fake: FakeOpenAiServer;
  let admin: string;
  let user: string;

  beforeAll(async () => {
    fake = await createFakeOpenAiServer({ models: ["alpha-7b", "beta-70b"] });
    t = await createTestPlatform();
    admin = (await t.signUp(TEST_ADMIN_EMAIL)).token;
    user = (await t.signUp(uniqueEmail("ai-settings", "user"))).token;
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it("starts unconfigured; an admin's override makes AI work at once; reset goes back", async () => {
    const before = await t.request<any>("GET", "/api/admin/ai-settings", { token: admin });
    expect(before.body).toMatchObject({ source: "none", provider: null, envConfigured: false });
    expect((await t.request<any>("GET", "/api/admin/ai-models", { token: admin })).status).toBe(503);

    const saved = await t.request<any>("PUT", "/api/admin/ai-settings", {
      token: admin,
      body: {
        provider: "openai-compatible",
        baseURL: fake.baseURL,
        apiKey: "sk-secret-1",
        model: "beta-70b",
        temperature: 0.3,
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      source: "admin",
      provider: "openai-compatible",
      baseURL: fake.baseURL,
      model: "beta-70b",
      temperature: 0.3,
      hasApiKey: true,
      envConfigured: false,
    });
    // The key is sealed in the database, never stored or answered in clear.
    const row = await t.deps.db.selectFrom("platform_settings").select("value").executeTakeFirstOrThrow();
    expect(JSON.stringify(row.value)).not.toContain("sk-secret-1");
    expect(createSecretBox(t.deps.config.authSecret).open((row.value as any).sealedApiKey)).toBe(
      "sk-secret-1",
    );

    const models = await t.request<any>("GET", "/api/admin/ai-models", { token: admin });
    expect(models.body).toEqual({
      models: [
        { id: "alpha-7b", name: "alpha-7b" },
        { id: "beta-70b", name: "beta-70b" },
      ],
      source: "provider",
    });
    expect(fake.requests.at(-1)?.headers.authorization).toBe("Bearer sk-secret-1");

    // Saving again without a key keeps the stored one.
    await t.request("PUT", "/api/admin/ai-settings", {
      token: admin,
      body: { provider: "openai-compatible", baseURL: fake.baseURL, model: "alpha-7b", temperature: 1 },
    });
    expect(t.deps.ai.require().config).toMatchObject({
      model: "alpha-7b",
      apiKey: "sk-secret-1",
      temperature: 1,
    });

    const reset = await t.request<any>("DELETE", "/api/admin/ai-settings", { token: admin });
    expect(reset.body.source).toBe("none");
    expect(t.deps.ai.config).toBeNull();
  });

  it("refuses bad settings with clear messages, and non-admins", async () => {
    const noUrl = await t.request<any>("PUT", "/api/admin/ai-settings", {
      token: admin,
      body: { provider: "openai-compatible", model: "m", temperature: 0.7 },
    });
    expect(noUrl.status).toBe(400);
    expect(JSON.stringify(noUrl.body)).toContain("needs its base URL");
    const noKey = await t.request<any>("PUT", "/api/admin/ai-settings", {
      token: admin,
      body: { provider: "anthropic", model: "claude-haiku-4-5", temperature: 0.7 },
    });
    expect([noKey.status, noKey.body.error.message]).toEqual([400, "An API key is needed for anthropic"]);
    const hot = await t.request<any>("PUT", "/api/admin/ai-settings", {
      token: admin,
      body: { provider: "openai", apiKey: "k", model: "gpt-4o-mini", temperature: 3 },
    });
    expect(hot.status).toBe(400);
    expect((await t.request("GET", "/api/admin/ai-settings", { token: user })).status).toBe(403);
    const valid = { provider: "openai", apiKey: "k", model: "gpt-4o-mini", temperature: 0.7 };
    expect((await t.request("PUT", "/api/admin/ai-settings", { token: user, body: valid })).status).toBe(403);
    expect((await t.request("GET", "/api/admin/ai-settings")).status).toBe(401);
  });
});
