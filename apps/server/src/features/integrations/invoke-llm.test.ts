import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignupApp, signUpEndUser } from "../../testing/app-user-test-setup.ts";
import { expectError, uniqueEmail } from "../../testing/expect-error.ts";
import { createFakeOpenAiServer, type FakeOpenAiServer } from "../../testing/fake-openai-server.ts";
import { createTestPlatform, type TestPlatform } from "../../testing/test-platform.ts";

/** InvokeLLM with a configured model: a local OpenAI-compatible server stands in for the provider. */
describe("InvokeLLM with a model", () => {
  let fake: FakeOpenAiServer;
  let t: TestPlatform;
  let appId: string;
  let token: string;

  beforeAll(async () => {
    fake = await createFakeOpenAiServer();
    t = await createTestPlatform({
      AI_PROVIDER: "openai-compatible",
      AI_BASE_URL: fake.baseURL,
      AI_API_KEY: "sk-test",
      AI_MODEL: "fake-llm",
      AI_MAX_RETRIES: "0",
    });
    const owner = await t.signUp(uniqueEmail("invoke", "owner"));
    appId = await createSignupApp(t, owner.token);
    token = (await signUpEndUser(t, appId, uniqueEmail("invoke", "user"))).token;
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const invoke = async (name: string, body: unknown) => {
    const res = await t.app.request(`/integrations/Core/${name}?appId=${appId}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };

  it("answers the model's text for a prompt, sending the prompt", async () => {
    fake.enqueue({ text: "Paris is the capital of France." });
    const res = await invoke("InvokeLLM", { prompt: "What is the capital of France?" });
    expect(res).toEqual({ status: 200, body: "Paris is the capital of France." });
    const sent = fake.completionRequests().at(-1)!.body;
    expect(JSON.stringify(sent.messages)).toContain("What is the capital of France?");
    expect(sent.model).toBe("fake-llm");
  });

  it("answers an object for response_json_schema", async () => {
    fake.enqueue({ text: JSON.stringify({ city: "Paris", population: 2100000 }) });
    const res = await invoke("InvokeLLM", {
      prompt: "Capital of France as JSON",
      response_json_schema: {
        type: "object",
        properties: { city: { type: "string" }, population: { type: "number" } },
        required: ["city"],
      },
    });
    expect(res).toEqual({ status: 200, body: { city: "Paris", population: 2100000 } });
  });

  it("turns provider failures and bad parameters into clear 4xx/503 answers", async () => {
    fake.enqueue({ status: 500, message: "upstream broke" });
    const failed = await invoke("InvokeLLM", { prompt: "Hi" });
    expect([failed.status, failed.body.error.code]).toEqual([503, "SERVICE_UNAVAILABLE"]);
    expect((await invoke("InvokeLLM", {})).status).toBe(400);
    expectError(
      await invoke("InvokeLLM", { prompt: "Read this", file_urls: ["http://x/y.pdf"] }),
      400,
      "BAD_REQUEST",
      "InvokeLLM cannot read file_urls on this server yet; pass the text in the prompt",
    );
    expectError(
      await invoke("GenerateImage", { prompt: "A cat" }),
      503,
      "SERVICE_UNAVAILABLE",
      "GenerateImage is not available on this server yet",
    );
  });
});
