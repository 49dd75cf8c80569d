import { type AssistantStreamEvent, emptyTool, type SavedApp } from "@liftoff/domain";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { uniqueEmail } from "../../testing/expect-error.ts";
import { createFakeOpenAiServer, type FakeOpenAiServer } from "../../testing/fake-openai-server.ts";
import { createTestPlatform, TEST_ADMIN_EMAIL, type TestPlatform } from "../../testing/test-platform.ts";

/**
 * Attacks on the end users' chat assistant (red-team review): a watcher that would never
 * end, and concurrent messages that would start two replies in one conversation.
 */
let fake: FakeOpenAiServer;
let t: TestPlatform;
let adminToken: string;

function eventsOf(text: string): AssistantStreamEvent[] {
  return text
    .split("\n\n")
    .map((chunk) => chunk.split("\n").find((line) => line.startsWith("data:")))
    .filter((line): line is string => line !== undefined)
    .map((line) => JSON.parse(line.slice(5)) as AssistantStreamEvent);
}

/** A published generated app, its assistant switched on by the platform admin (an admin-only switch). */
async function appWithAssistant(plan = "moon"): Promise<{ appId: string; ownerId: string; token: string }> {
  const owner = await t.signUp(uniqueEmail("assistant", "owner"));
  expect(
    (await t.request("POST", `/api/admin/users/${owner.user.id}/plan`, { token: adminToken, body: { plan } }))
      .status,
  ).toBe(200);
  const created = await t.request<any>("POST", "/api/apps", {
    token: owner.token,
    body: { appType: "generated", name: "Garden helper" },
  });
  const appId = created.body.id as string;
  const doc = (await t.request<any>("GET", `/api/apps/${appId}/saved-app`, { token: owner.token })).body
    .app as SavedApp;
  const tool = {
    ...emptyTool({ toolId: "plants", path: "plants", title: "Plant picker" }),
    status: "active" as const,
    description: "Picks plants for your garden.",
    gptPrompt: "Pick plants for [input].",
  };
  expect(
    (
      await t.request("POST", "/api/apps", {
        token: owner.token,
        body: {
          appId,
          appType: "generated",
          appBuilderVersion: 4,
          genApp: { ...doc, header: "Garden helper", background: "We sell native plants.", tools: [tool] },
        },
      })
    ).status,
  ).toBe(200);
  expect((await t.request("POST", `/api/apps/${appId}/publish`, { token: owner.token })).status).toBe(200);
  const on = await t.request("POST", `/api/apps/${appId}/chat/activate`, {
    token: adminToken,
    body: { isActive: true },
  });
  expect(on.status, JSON.stringify(on.body)).toBe(200);
  return { appId, ownerId: owner.user.id, token: owner.token };
}

const send = (appId: string, body: unknown, ip = "203.0.113.20") =>
  t.request<any>("POST", `/live_api/apps/${appId}/assistant/messages`, {
    body,
    headers: { "x-forwarded-for": ip },
  });

beforeAll(async () => {
  fake = await createFakeOpenAiServer({ chunkSize: 5, chunkDelayMs: 0 });
  t = await createTestPlatform({
    AI_PROVIDER: "openai-compatible",
    AI_BASE_URL: fake.baseURL,
    AI_API_KEY: "sk-test",
    AI_MODEL: "fake-assistant",
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

describe("assistant attacks", () => {
  it("ends a watch whose reply disappears while it is watched (its app was deleted)", async () => {
    const { appId } = await appWithAssistant();
    fake.enqueue({ text: "Hello." });
    const start = eventsOf((await send(appId, { content: "Hi" }, "203.0.113.90")).body)[0] as Extract<
      AssistantStreamEvent,
      { type: "start" }
    >;
    // As another instance would see it: still being written elsewhere (not in this hub).
    await t.deps.db
      .updateTable("assistant_messages")
      .set({ status: "in_progress", leaseUntil: new Date(Date.now() + 60_000) })
      .where("id", "=", start.message.id)
      .execute();
    const response = await t.app.request(
      `/live_api/apps/${appId}/assistant/messages/${start.message.id}/events`,
    );
    expect(response.status).toBe(200);
    const body = response.text();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await t.deps.db.deleteFrom("assistant_messages").where("id", "=", start.message.id).execute();
    const text = await Promise.race([
      body,
      new Promise<string>((resolve) => setTimeout(() => resolve("still open"), 4_000)),
    ]);
    expect(text).not.toBe("still open");
    expect(eventsOf(text).at(-1)).toMatchObject({ type: "error" });
  }, 10_000);

  it("starts one reply at a time in a conversation, even for messages sent at the same moment", async () => {
    const { appId } = await appWithAssistant();
    fake.enqueue({ text: "First." });
    const start = eventsOf((await send(appId, { content: "Hi" }, "203.0.113.91")).body)[0] as Extract<
      AssistantStreamEvent,
      { type: "start" }
    >;
    for (let i = 0; i < 6; i++)
      fake.enqueue({ text: "Slow reply. ".repeat(10), chunkSize: 5, chunkDelayMs: 20 });
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        send(appId, { conversationId: start.conversationId, content: `Again ${i}` }, "203.0.113.91"),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(5);
  }, 20_000);
});
