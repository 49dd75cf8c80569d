import {
  ASSISTANT_MESSAGES,
  type AssistantStreamEvent,
  emptyTool,
  planLimits,
  type SavedApp,
} from "@liftoff/domain";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { expectError, uniqueEmail } from "../../testing/expect-error.ts";
import { createFakeOpenAiServer, type FakeOpenAiServer } from "../../testing/fake-openai-server.ts";
import { createTestPlatform, TEST_ADMIN_EMAIL, type TestPlatform } from "../../testing/test-platform.ts";
import { failStaleAssistantMessages } from "./fail-stale-assistant-messages.ts";

/**
 * The chat assistant of a published generated app, for its end users: streamed replies
 * through the real platform, database and provider code (fake OpenAI-compatible server),
 * conversations, the daily limit per address, credits, the spec's error texts, and the
 * sweep of replies left by a dead process.
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

const appRunsUsed = async (userId: string) =>
  (
    await t.deps.db
      .selectFrom("accounts")
      .select("appRunsUsed")
      .where("userId", "=", userId)
      .executeTakeFirstOrThrow()
  ).appRunsUsed;

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

describe("the end users' chat assistant", () => {
  it("streams a reply grounded in the app, keeps the conversation, and charges one credit", async () => {
    const { appId, ownerId } = await appWithAssistant();
    fake.enqueue({ text: "Try **lavender** and thyme." }, { text: "Water them weekly." });
    const first = await send(appId, { content: "What grows in dry soil?" });
    expect(first.status).toBe(200);
    const events = eventsOf(first.body);
    expect(events[0]).toMatchObject({
      type: "start",
      userMessage: { role: "user", content: "What grows in dry soil?" },
    });
    const start = events[0] as Extract<AssistantStreamEvent, { type: "start" }>;
    expect(events.some((e) => e.type === "update")).toBe(true);
    expect(events.at(-1)).toMatchObject({
      type: "done",
      message: { status: "ready", content: "Try **lavender** and thyme.", error: null },
    });
    const system = fake.completionRequests()[0]?.body.messages[0].content as string;
    expect(system).toContain("Garden helper");
    expect(system).toContain("We sell native plants.");
    expect(system).toContain("Plant picker");
    expect(await appRunsUsed(ownerId)).toBe(1);

    // The next message continues the conversation: the model sees the earlier turns.
    const second = eventsOf(
      (await send(appId, { conversationId: start.conversationId, content: "How often to water?" })).body,
    );
    expect(second.at(-1)).toMatchObject({ type: "done", message: { status: "ready" } });
    const roles = ((fake.completionRequests()[1]?.body.messages ?? []) as { role: string }[]).map(
      (m) => m.role,
    );
    expect(roles).toEqual(["system", "user", "assistant", "user"]);

    const conversation = await t.request<any>(
      "GET",
      `/live_api/apps/${appId}/assistant/conversations/${start.conversationId}`,
    );
    expect(conversation.status).toBe(200);
    expect(conversation.body.messages.map((m: { role: string }) => m.role)).toEqual([
      "user",
      "assistant",
      "user",
      "assistant",
    ]);
    // The reply can be watched again; an unknown conversation or another app's finds nothing.
    const watch = eventsOf(
      (
        await t.request<string>(
          "GET",
          `/live_api/apps/${appId}/assistant/messages/${start.message.id}/events`,
        )
      ).body,
    );
    expect(watch.map((e) => e.type)).toEqual(["done"]);
    expect((await t.request("GET", `/live_api/apps/${appId}/assistant/conversations/nope`)).status).toBe(404);
    expect((await send(appId, { conversationId: "nope", content: "hi" })).status).toBe(404);
  });

  it("answers with the spec's texts on failure, gives back the credit, and refuses bad input", async () => {
    const { appId, ownerId } = await appWithAssistant();
    fake.enqueue({ status: 429, message: "slow down" }, { status: 500, message: "boom at /srv/x.py" });
    const limited = eventsOf((await send(appId, { content: "Hello" })).body).at(-1);
    expect(limited).toMatchObject({
      type: "done",
      message: { status: "failed", error: ASSISTANT_MESSAGES.rateLimited },
    });
    const broken = eventsOf((await send(appId, { content: "Hello again" })).body).at(-1);
    expect(broken).toMatchObject({
      type: "done",
      message: { status: "failed", error: ASSISTANT_MESSAGES.other },
    });
    expect(JSON.stringify(broken)).not.toContain("x.py");
    expect(await appRunsUsed(ownerId)).toBe(0);

    const empty = await send(appId, { content: "   " });
    expect(empty.status).toBe(400);
    const long = await send(appId, { content: "x".repeat(4_001) });
    expect(long.status).toBe(400);
  });

  it("holds the daily message limit per address (the owner's plan's daily chat messages)", async () => {
    const { appId } = await appWithAssistant("lite");
    const limit = planLimits("lite").dailyChatMessages;
    for (let i = 0; i < limit; i++) fake.enqueue({ text: `Reply ${i}` });
    const results = await Promise.all(
      Array.from({ length: limit + 3 }, (_, i) => send(appId, { content: `Q${i}` }, "198.51.100.40")),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(limit);
    const refused = results.find((r) => r.status === 429)!;
    expectError(refused, 429, "RATE_LIMITED", ASSISTANT_MESSAGES.dailyLimit(limit));
    expect((await send(appId, { content: "Other address" }, "198.51.100.41")).status).toBe(200);
  });

  it("is not there for apps without it: off, unpublished, another kind", async () => {
    const { appId, token } = await appWithAssistant();
    await t.request("POST", `/api/apps/${appId}/chat/activate`, {
      token: adminToken,
      body: { isActive: false },
    });
    expectError(await send(appId, { content: "Hi" }), 404, "NOT_FOUND", ASSISTANT_MESSAGES.notFound);
    await t.request("POST", `/api/apps/${appId}/chat/activate`, {
      token: adminToken,
      body: { isActive: true },
    });
    await t.request("POST", `/api/apps/${appId}/unpublish`, { token });
    expectError(await send(appId, { content: "Hi" }), 404, "NOT_FOUND", ASSISTANT_MESSAGES.notFound);
    expect((await send("missing-app", { content: "Hi" })).status).toBe(404);
  });

  it("fails a reply left by a process that died, keeping its text, and gives back the credit", async () => {
    const { appId, ownerId } = await appWithAssistant();
    fake.enqueue({ text: "Half a reply" });
    const events = eventsOf((await send(appId, { content: "Hi" })).body);
    const reply = (events[0] as Extract<AssistantStreamEvent, { type: "start" }>).message;
    await t.deps.db
      .updateTable("assistant_messages")
      .set({ status: "in_progress", leaseUntil: new Date(Date.now() - 1_000) })
      .where("id", "=", reply.id)
      .execute();
    expect(await failStaleAssistantMessages(t.deps)).toBe(1);
    expect(await failStaleAssistantMessages(t.deps)).toBe(0);
    const row = await t.deps.db
      .selectFrom("assistant_messages")
      .selectAll()
      .where("id", "=", reply.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: "failed",
      error: ASSISTANT_MESSAGES.interrupted,
      content: "Half a reply",
    });
    expect(await appRunsUsed(ownerId)).toBe(0);
  });
});

describe("the public view of the app", () => {
  it("says whether the assistant is on, at once after the switch", async () => {
    const { appId } = await appWithAssistant();
    const on = await t.request<any>("GET", `/runtime/tool-app?appId=${appId}`);
    expect(on.body.app.chatAssistant).toBe(true);
    await t.request("POST", `/api/apps/${appId}/chat/activate`, {
      token: adminToken,
      body: { isActive: false },
    });
    const off = await t.request<any>("GET", `/runtime/tool-app?appId=${appId}`);
    expect(off.body.app.chatAssistant).toBe(false);
  });
});
