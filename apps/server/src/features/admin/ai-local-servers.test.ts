import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "../../testing/expect-error.ts";
import { createFakeOpenAiServer, type FakeOpenAiServer } from "../../testing/fake-openai-server.ts";
import { createTestPlatform, TEST_ADMIN_EMAIL, type TestPlatform } from "../../testing/test-platform.ts";

/** A port something listens on that is not a model server (answers HTML). */
async function notAModelServer(): Promise<{ server: Server; url: string }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end("<html>some other program</html>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1` };
}

/** A port nothing listens on (taken, then released). */
async function closedPort(): Promise<string> {
  const { server, url } = await notAModelServer();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return url;
}

/** Admin → AI model: local model servers found by themselves, and "Test connection". */
describe("admin AI: local servers and connection test", () => {
  let t: TestPlatform;
  let local: FakeOpenAiServer;
  let other: { server: Server; url: string };
  let admin: string;
  let user: string;

  beforeAll(async () => {
    local = await createFakeOpenAiServer({ models: ["llama3.2:3b", "qwen2.5-coder:7b"] });
    other = await notAModelServer();
    const closed = await closedPort();
    // Stands for the well-known ports: one model server, one other program, one closed port.
    t = await createTestPlatform({ AI_LOCAL_SERVERS: [local.baseURL, other.url, closed].join(",") });
    admin = (await t.signUp(TEST_ADMIN_EMAIL)).token;
    user = (await t.signUp(uniqueEmail("ai-local", "user"))).token;
  });
  afterAll(async () => {
    await t?.close();
    await local?.close();
    await new Promise<void>((resolve) => other?.server.close(() => resolve()));
  });

  it("finds the model server among the candidates, with its models, for admins only", async () => {
    const started = Date.now();
    const res = await t.request<any>("GET", "/api/admin/ai-local-servers", { token: admin });
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(res.body.servers).toEqual([
      {
        id: "local-1",
        name: `Model server at ${new URL(local.baseURL).host}`,
        baseURL: local.baseURL,
        models: ["llama3.2:3b", "qwen2.5-coder:7b"],
      },
    ]);
    expect((await t.request("GET", "/api/admin/ai-local-servers", { token: user })).status).toBe(403);
    expect((await t.request("GET", "/api/admin/ai-local-servers")).status).toBe(401);
  });

  it("tests settings with one real round trip, saving nothing", async () => {
    local.enqueue({ text: "Ready when you are!" });
    const body = {
      provider: "openai-compatible",
      baseURL: local.baseURL,
      model: "llama3.2:3b",
      temperature: 0.7,
    };
    const asked = local.completionRequests().length;
    const res = await t.request<any>("POST", "/api/admin/ai-settings/test", { token: admin, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ model: "llama3.2:3b", reply: "Ready when you are!" });
    expect(res.body.latencyMs).toBeGreaterThanOrEqual(0);
    expect(local.completionRequests().length).toBe(asked + 1);
    expect(local.completionRequests().at(-1)!.body.model).toBe("llama3.2:3b");
    // Nothing was saved.
    const settings = await t.request<any>("GET", "/api/admin/ai-settings", { token: admin });
    expect(settings.body.source).toBe("none");

    // A server that fails answers 503 with a message to act on, never 500.
    local.enqueue({ status: 500, message: "model crashed" });
    const failed = await t.request<any>("POST", "/api/admin/ai-settings/test", { token: admin, body });
    expect(failed.status).toBe(503);
    expect(failed.body.error.message).toMatch(/testing the connection/);
    // Missing pieces are refused before any call.
    const noKey = await t.request<any>("POST", "/api/admin/ai-settings/test", {
      token: admin,
      body: { ...body, provider: "openai", baseURL: undefined },
    });
    expect(noKey.status).toBe(400);
    expect((await t.request("POST", "/api/admin/ai-settings/test", { token: user, body })).status).toBe(403);
  });
});
