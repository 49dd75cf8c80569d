import { DATA_SOURCE_MESSAGES } from "@liftoff/domain";
import { sql } from "kysely";
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
import { insertChunks } from "./insert-chunk-batch.ts";
import { ensureVectorIndex, prepareVectorSearch } from "./prepare-vector-search.ts";
import { FIRST_PASS_CANDIDATES, searchVectors } from "./search-context.ts";
import { heldSigns, nearestBySigns } from "./sign-index.ts";

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

/** A chunk's stored vector, from the column this database searches. */
async function storedVector(itemId: string): Promise<number[]> {
  if (t.deps.vectorSearch === "exact_scan") {
    const [chunk] = await t.deps.db
      .selectFrom("context_chunks")
      .select("embedding")
      .where("itemId", "=", itemId)
      .execute();
    return chunk?.embedding ?? [];
  }
  const found = await sql<{ vector: string }>`
    select "embeddingVec"::text as "vector", "embedding" from "context_chunks" where "itemId" = ${itemId}`.execute(
    t.deps.db,
  );
  return JSON.parse(found.rows[0]?.vector ?? "[]") as number[];
}

describe("hybrid retrieval", () => {
  it("stores unit vectors, fuses both rankings and says so in /api/health", async () => {
    const health = await t.request<any>("GET", "/api/health");
    expect(health.body.dataSources).toEqual({
      search: "hybrid",
      // The embedded database ships pgvector; the CI's server has none, so an exact scan.
      vectors: t.deps.dbKind === "pglite" ? "pgvector" : t.deps.vectorSearch,
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
    const stored = await storedVector(item.id);
    expect(stored).toHaveLength(FAKE_EMBEDDING_DIMENSIONS);
    const length = Math.sqrt(stored.reduce((sum, value) => sum + value * value, 0));
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

  it("keeps each embedded chunk's sign bits, and the first pass over them keeps the exact nearest neighbours", async () => {
    const added = await t.request<any>("POST", `/api/context/ingest/text?appId=${appId}`, {
      token,
      body: { context: "Bicycle hire is 12 euros a day.", name: "Bikes" },
    });
    const item = await waitForContextItem(t, { token, appId, itemId: added.body.contextItems[0].id });
    const signs = await t.deps.db
      .selectFrom("context_chunk_signs")
      .select(["chunkId", sql<string>`"signs"::text`.as("bits")])
      .where("itemId", "=", item.id)
      .execute();
    expect(signs).toHaveLength(1);
    const stored = await storedVector(item.id);
    expect(signs[0]?.bits).toBe(stored.map((value) => (value > 0 ? "1" : "0")).join(""));

    // 1,500 chunks of seeded random unit vectors (64 dimensions, searched apart from the
    // fake embeddings' size) under the item's finished index: more than the first pass keeps.
    let seed = 7;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648 - 0.5;
    };
    const unit = (vector: number[]) => {
      const length = Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));
      return vector.map((value) => value / length);
    };
    const vectors = Array.from({ length: 1_500 }, () => unit(Array.from({ length: 64 }, next)));
    const row = await t.deps.db
      .selectFrom("context_items")
      .select(["generation"])
      .where("id", "=", item.id)
      .executeTakeFirstOrThrow();
    const chunks = vectors.map((_, index) => ({
      position: 1_000 + index,
      start: 0,
      end: 4,
      text: `random chunk ${index}`,
      locator: null,
      section: 0,
    }));
    const byPosition: number[][] = [];
    chunks.forEach((chunk, index) => {
      byPosition[chunk.position] = vectors[index]!;
    });
    await insertChunks({
      db: t.deps.db,
      item: { id: item.id, appId, generation: row.generation },
      chunks,
      language: "english",
      vectors: byPosition,
      vectorSearch: t.deps.vectorSearch,
      parallel: 1,
    });
    expect(1_500).toBeGreaterThan(FIRST_PASS_CANDIDATES.sql.min);
    const dot = (a: number[], b: number[]) => a.reduce((sum, value, index) => sum + value * b[index]!, 0);
    // Both first passes: from memory (the default) and in SQL (apps too large for memory).
    for (const signsPass of ["memory", "sql"] as const) {
      let kept = 0;
      for (let question = 0; question < 20; question++) {
        const base = vectors[question * 70]!;
        const asked = unit(base.map((value) => value + next() * 0.1));
        const exact = vectors
          .map((vector, index) => ({ text: `random chunk ${index}`, score: dot(vector, asked) }))
          .sort((a, b) => b.score - a.score)
          .slice(0, 5);
        const found = await searchVectors(
          {
            db: t.deps.db,
            language: "english",
            appId,
            query: "",
            vectorSearch: t.deps.vectorSearch,
            signsPass,
          },
          asked,
          5,
        );
        // The nearest one always; of the exact top 5, how many the first pass kept.
        expect(found[0]?.text).toBe(exact[0]?.text);
        expect(found[0]?.score).toBeCloseTo(exact[0]!.score, 4);
        kept += found.filter((chunk) => exact.some((near) => near.text === chunk.text)).length;
      }
      expect(kept / 100).toBeGreaterThanOrEqual(0.95);
    }

    // The signs go with their chunks, however those go: here with their item.
    expect((await t.request("DELETE", `/api/context/${item.id}`, { token })).status).toBeLessThan(300);
    expect(
      await t.deps.db
        .selectFrom("context_chunk_signs")
        .select("chunkId")
        .where("itemId", "=", item.id)
        .execute(),
    ).toEqual([]);
    // …and from the memory pass, which lists the app's finished indexes at every search
    // (the app's other items still answer).
    const after = await searchVectors(
      { db: t.deps.db, language: "english", appId, query: "", vectorSearch: t.deps.vectorSearch },
      vectors[0]!,
      5,
    );
    expect(after.length).toBeGreaterThan(0);
    expect(after.filter((chunk) => chunk.itemId === item.id)).toEqual([]);
  });

  it("keeps each app's chunks to itself in the in-memory first pass, and sees an item re-indexed", async () => {
    const other = await t.signUp(uniqueEmail("hybrid", "other"));
    const otherApp = (
      await t.request<any>("POST", "/api/apps", {
        token: other.token,
        body: { appType: "generated", name: "Other" },
      })
    ).body.id as string;
    const text = "The harbour ferry leaves at nine every morning.";
    const ingest = async (who: string, app: string) => {
      const added = await t.request<any>("POST", `/api/context/ingest/text?appId=${app}`, {
        token: who,
        body: { context: text, name: "Ferry" },
      });
      return waitForContextItem(t, { token: who, appId: app, itemId: added.body.contextItems[0].id });
    };
    const mine = await ingest(token, appId);
    const theirs = await ingest(other.token, otherApp);
    const asked = await storedVector(theirs.id);
    const search = (app: string) =>
      searchVectors(
        { db: t.deps.db, language: "english", appId: app, query: "", vectorSearch: t.deps.vectorSearch },
        asked,
        20,
      );
    // Both apps hold the very same vector: each search answers its own app's chunk only.
    const fromTheirs = await search(otherApp);
    expect(fromTheirs.map((chunk) => chunk.itemId)).toEqual([theirs.id]);
    expect((await search(appId)).filter((chunk) => chunk.itemId === theirs.id)).toEqual([]);
    expect((await search(appId)).some((chunk) => chunk.itemId === mine.id)).toBe(true);

    // Re-indexed (a new generation with new chunk ids): the next search finds the new chunk.
    const before = fromTheirs[0]!.id;
    expect(
      (await t.request("POST", `/api/context/${theirs.id}/sync`, { token: other.token })).status,
    ).toBeLessThan(300);
    await expect.poll(async () => (await search(otherApp))[0]?.id, { timeout: 15_000 }).not.toBe(before);
    expect((await search(otherApp)).map((chunk) => chunk.itemId)).toEqual([theirs.id]);

    // Memory is bounded: over the bound, the least recently searched app goes (never the
    // one searching); an app above the per-app bound is searched in SQL and not held.
    const held = () => heldSigns(t.deps.db).map((entry) => entry.appId);
    expect(held()).toEqual(expect.arrayContaining([appId, otherApp]));
    const nearest = (app: string, bounds: { appChunks: number; chunks: number }) =>
      nearestBySigns(t.deps.db, { appId: app, vector: asked, count: 5, bounds });
    expect(await nearest(appId, { appChunks: 10_000, chunks: 1 })).not.toBeNull();
    expect(held()).toEqual([appId]);
    expect(await nearest(appId, { appChunks: 0, chunks: 10_000 })).toBeNull();
    expect(held()).toEqual([]);
    // Read back at the next search.
    expect((await search(otherApp)).map((chunk) => chunk.itemId)).toEqual([theirs.id]);
    expect(held()).toEqual([otherApp]);
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

  it("on the embedded database, searches by pgvector without an index, and moves vectors stored as real[] over at boot", async () => {
    if (t.deps.dbKind !== "pglite") return;
    expect(t.deps.vectorSearch).toBe("pgvector");
    // No HNSW index on the embedded database (its upkeep is too slow in WebAssembly).
    const indexes = await sql<{ indexname: string }>`
      select indexname from pg_indexes where tablename = 'context_chunks' and indexname like 'context_chunks_hnsw_%'`.execute(
      t.deps.db,
    );
    expect(indexes.rows).toEqual([]);

    // A database that had no pgvector (vectors as real[], no vector column) and gains it: the
    // next boot's preparation adds the column and moves every vector over, once.
    const added = await t.request<any>("POST", `/api/context/ingest/text?appId=${appId}`, {
      token,
      body: { context: "Sailing lessons start on Mondays.", name: "Sailing" },
    });
    const item = await waitForContextItem(t, { token, appId, itemId: added.body.contextItems[0].id });
    const vector = await storedVector(item.id);
    await sql`update "context_chunks" set "embedding" = "embeddingVec"::real[] where "embeddingVec" is not null`.execute(
      t.deps.db,
    );
    await sql`alter table "context_chunks" drop column "embeddingVec"`.execute(t.deps.db);
    expect(await prepareVectorSearch(t.deps.db, t.deps.dbKind)).toBe("pgvector");
    const moved = await storedVector(item.id);
    expect(moved).toHaveLength(vector.length);
    for (const [index, value] of moved.entries()) expect(value).toBeCloseTo(vector[index]!, 6);
    const [chunk] = await t.deps.db
      .selectFrom("context_chunks")
      .select("embedding")
      .where("itemId", "=", item.id)
      .execute();
    expect(chunk?.embedding).toBeNull();
    // Later boots find the column and leave the chunks alone (no scan of every chunk).
    await sql`update "context_chunks" set "embedding" = ${vector}::real[] where "itemId" = ${item.id}`.execute(
      t.deps.db,
    );
    expect(await prepareVectorSearch(t.deps.db, t.deps.dbKind)).toBe("pgvector");
    const [untouched] = await t.deps.db
      .selectFrom("context_chunks")
      .select("embedding")
      .where("itemId", "=", item.id)
      .execute();
    expect(untouched?.embedding).toHaveLength(vector.length);
    const found = await t.request<any>("POST", `/api/context/search?appId=${appId}`, {
      token,
      body: { query: "sailing lessons" },
    });
    expect(found.body.results[0]).toMatchObject({ itemName: "Sailing", vector: { rank: 1 } });
  });

  it("runs the server's HNSW path too (index per vector size, iterative scan), here on the embedded database's pgvector", async () => {
    if (t.deps.dbKind !== "pglite") return;
    const [item] = await t.deps.db
      .selectFrom("context_items")
      .select("id")
      .where("appId", "=", appId)
      .where("name", "=", "Kayaks")
      .execute();
    const vector = await storedVector(item!.id);
    await ensureVectorIndex(t.deps.db, vector.length);
    try {
      const indexes = await sql<{ indexname: string }>`
        select indexname from pg_indexes where tablename = 'context_chunks' and indexname like 'context_chunks_hnsw_%'`.execute(
        t.deps.db,
      );
      expect(indexes.rows.map((row) => row.indexname)).toEqual([
        `context_chunks_hnsw_${FAKE_EMBEDDING_DIMENSIONS}`,
      ]);
      const options = { db: t.deps.db, language: "english", appId, query: "" };
      const found = await searchVectors({ ...options, vectorSearch: "pgvector_hnsw" }, vector, 5);
      expect(found[0]).toMatchObject({ itemName: "Kayaks" });
      expect(found[0]!.score).toBeCloseTo(1, 4);
      // The same neighbours as the exact pgvector scan.
      const exact = await searchVectors({ ...options, vectorSearch: "pgvector" }, vector, 5);
      expect(found.map((row) => row.id)).toEqual(exact.map((row) => row.id));
      // Another app's question finds nothing of this app.
      const other = await searchVectors(
        { ...options, appId: "another-app", vectorSearch: "pgvector_hnsw" },
        vector,
        5,
      );
      expect(other).toEqual([]);
    } finally {
      await sql`drop index if exists ${sql.id(`context_chunks_hnsw_${FAKE_EMBEDDING_DIMENSIONS}`)}`.execute(
        t.deps.db,
      );
    }
  });
});
