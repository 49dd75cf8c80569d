import { type ContextItem, DATA_SOURCE_MESSAGES } from "@liftoff/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitForContextItem } from "../../testing/data-source-fixtures.ts";
import { uniqueEmail } from "../../testing/expect-error.ts";
import {
  createFakeOpenAiServer,
  FAKE_EMBEDDING_DIMENSIONS,
  type FakeOpenAiServer,
} from "../../testing/fake-openai-server.ts";
import { createTestPlatform, TEST_ADMIN_EMAIL, type TestPlatform } from "../../testing/test-platform.ts";
import { INGEST_MAX_ATTEMPTS } from "./ingest-worker.ts";

/**
 * With an embedding model configured (the fake speaks the OpenAI embeddings protocol),
 * chunks are stored with unit vectors, retrieval fuses full-text and vector rankings
 * (RRF), /api/health says so, and an embeddings endpoint that fails never leaves a
 * half-embedded index: the item is retried, then fails with a reason.
 */
let fake: FakeOpenAiServer;
let t: TestPlatform;
let token: string;
let appId: string;

beforeAll(async () => {
  fake = await createFakeOpenAiServer();
  t = await createTestPlatform({
    AI_PROVIDER: "openai-compatible",
    AI_BASE_URL: fake.baseURL,
    AI_MODEL: "fake-model",
    AI_MAX_RETRIES: "0",
    EMBEDDING_MODEL: "fake-embedding",
  });
  const admin = await t.signUp(TEST_ADMIN_EMAIL);
  const builder = await t.signUp(uniqueEmail("hybrid", "builder"));
  await t.request("POST", `/api/admin/users/${builder.user.id}/plan`, {
    token: admin.token,
    body: { plan: "explorer" },
  });
  token = builder.token;
  appId = (
    await t.request<any>("POST", "/api/apps", { token, body: { appType: "generated", name: "Hybrid" } })
  ).body.id;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe("hybrid retrieval", () => {
  it("stores unit vectors, fuses both rankings and says so in /api/health", async () => {
    const health = await t.request<any>("GET", "/api/health");
    expect(health.body.dataSources).toEqual({
      search: "hybrid",
      vectors: "exact_scan",
      language: "english",
      embeddingModel: "fake-embedding",
    });
    const added = await t.request<any>("POST", `/api/context/ingest/text?appId=${appId}`, {
      token,
      body: {
        context: "Kayak rental costs 30 euros per day, paddles and life jackets included.",
        name: "Kayaks",
      },
    });
    const item = await waitForContextItem(t, { token, appId, itemId: added.body.contextItems[0].id });
    expect(item.status).toBe("synced");
    const [chunk] = await t.deps.db
      .selectFrom("context_chunks")
      .select("embedding")
      .where("itemId", "=", item.id)
      .execute();
    expect(chunk!.embedding).toHaveLength(FAKE_EMBEDDING_DIMENSIONS);
    const length = Math.sqrt(chunk!.embedding!.reduce((sum, value) => sum + value * value, 0));
    expect(length).toBeCloseTo(1, 4);
    expect(fake.requests.some((request) => request.path === "/v1/embeddings")).toBe(true);

    const found = await t.request<any>("POST", `/api/context/search?appId=${appId}`, {
      token,
      body: { query: "How much is a kayak for a day?" },
    });
    expect(found.status).toBe(200);
    expect(found.body.method).toBe("hybrid");
    const top = found.body.results[0];
    expect(top.itemName).toBe("Kayaks");
    expect(top.fullText.rank).toBe(1);
    expect(top.vector.rank).toBe(1);
    // RRF with k = 60: first in both lists.
    expect(top.score).toBeCloseTo(2 / 61, 6);
  });

  it("falls back to full-text when the question cannot be embedded, and retries then fails an item the endpoint refuses", async () => {
    fake.embeddingsStatus = 503;
    try {
      const found = await t.request<any>("POST", `/api/context/search?appId=${appId}`, {
        token,
        body: { query: "kayak" },
      });
      expect(found.status).toBe(200);
      expect(found.body.method).toBe("full_text");
      expect(found.body.results[0].itemName).toBe("Kayaks");

      const added = await t.request<any>("POST", `/api/context/ingest/text?appId=${appId}`, {
        token,
        body: { context: "Canoe tours leave at ten.", name: "Canoes" },
      });
      const id = added.body.contextItems[0].id as string;
      // The first attempt fails and is queued again with a backoff: nothing is written.
      const deadline = Date.now() + 10_000;
      let row = await t.deps.db
        .selectFrom("context_items")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      while (row.attempts < 1 || row.status === "running") {
        if (Date.now() > deadline) throw new Error(`still ${row.status}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
        row = await t.deps.db
          .selectFrom("context_items")
          .selectAll()
          .where("id", "=", id)
          .executeTakeFirstOrThrow();
      }
      expect(row.status).toBe("pending");
      expect(
        await t.deps.db.selectFrom("context_chunks").select("id").where("itemId", "=", id).execute(),
      ).toEqual([]);
      // The last attempt: it fails with the reason.
      await t.deps.db
        .updateTable("context_items")
        .set({ attempts: INGEST_MAX_ATTEMPTS - 1, runAfter: new Date() })
        .where("id", "=", id)
        .execute();
      t.deps.ingest.wake();
      const failed = await waitForContextItem(t, { token, appId, itemId: id });
      expect(failed).toMatchObject({ status: "error", error: DATA_SOURCE_MESSAGES.embeddingFailed });
    } finally {
      fake.embeddingsStatus = 200;
    }
  });
});
