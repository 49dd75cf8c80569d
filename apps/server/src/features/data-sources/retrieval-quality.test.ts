import { RETRIEVAL_DOCUMENTS, RETRIEVAL_QUERIES, recallAtK } from "@liftoff/knowledge";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitForContextItem } from "../../testing/data-source-fixtures.ts";
import { uniqueEmail } from "../../testing/expect-error.ts";
import { createTestPlatform, TEST_ADMIN_EMAIL, type TestPlatform } from "../../testing/test-platform.ts";
import { searchContext } from "./search-context.ts";

/**
 * Retrieval quality on the labelled set shipped in packages/knowledge (twelve documents, 32
 * visitor questions, several paraphrased away from the documents' words): each document is
 * ingested through the real route and queue, each question searched as a run searches, and
 * recall@5 over documents is reported and held above a floor, so a change to chunking or
 * ranking that makes answers worse fails here.
 */
let t: TestPlatform;

beforeAll(async () => {
  t = await createTestPlatform();
});
afterAll(async () => {
  await t?.close();
});

/** Full-text only (no embedding model): the floor a change must not fall below. */
export const FULL_TEXT_RECALL_AT_5_FLOOR = 0.9;
/** And the answering document first for most (measured 0.875 when this was written). */
export const FULL_TEXT_TOP_1_FLOOR = 0.8;

describe("retrieval quality", () => {
  it("finds the answering document in the top 5 for most questions (recall@5)", {
    timeout: 120_000,
  }, async () => {
    const admin = await t.signUp(TEST_ADMIN_EMAIL);
    const builder = await t.signUp(uniqueEmail("recall", "builder"));
    await t.request("POST", `/api/admin/users/${builder.user.id}/plan`, {
      token: admin.token,
      body: { plan: "master" },
    });
    const app = await t.request<any>("POST", "/api/apps", {
      token: builder.token,
      body: { appType: "generated", name: "Recall" },
    });
    const appId = app.body.id as string;
    const itemToDocument = new Map<string, string>();
    for (const document of RETRIEVAL_DOCUMENTS) {
      const res = await t.request<any>("POST", `/api/context/ingest/text?appId=${appId}`, {
        token: builder.token,
        body: { context: document.text, name: document.name },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      itemToDocument.set(res.body.contextItems[0].id, document.id);
    }
    for (const itemId of itemToDocument.keys())
      expect(
        (await waitForContextItem(t, { token: builder.token, appId, itemId, timeoutMs: 60_000 })).status,
      ).toBe("synced");

    const recalls: { query: string; recall: number; first: number; ranked: string[] }[] = [];
    for (const { query, relevantDocumentIds } of RETRIEVAL_QUERIES) {
      const found = await searchContext({
        db: t.deps.db,
        language: t.deps.config.dataSourcesLanguage,
        appId,
        query,
        limit: 20,
      });
      // Documents in the order their best chunk ranks.
      const ranked = [
        ...new Set(found.results.map((result) => itemToDocument.get(result.chunk.itemId) ?? "")),
      ];
      recalls.push({
        query,
        recall: recallAtK({ ranked, relevant: relevantDocumentIds, k: 5 }),
        // recall@1 is the sharper signal with twelve documents: the first answer is the right one.
        first: relevantDocumentIds.includes(ranked[0] ?? "") ? 1 : 0,
        ranked,
      });
    }
    const mean = recalls.reduce((sum, entry) => sum + entry.recall, 0) / recalls.length;
    const atOne = recalls.reduce((sum, entry) => sum + entry.first, 0) / recalls.length;
    const misses = recalls.filter((entry) => entry.first < 1);
    console.info(
      `retrieval quality: full-text recall@5 = ${mean.toFixed(3)}, top-1 hit rate = ${atOne.toFixed(3)} over ${recalls.length} questions; top-1 misses: ${JSON.stringify(misses.map((miss) => `${miss.query} -> ${miss.ranked.slice(0, 5).join(",")}`))}`,
    );
    expect(mean).toBeGreaterThanOrEqual(FULL_TEXT_RECALL_AT_5_FLOOR);
    expect(atOne).toBeGreaterThanOrEqual(FULL_TEXT_TOP_1_FLOOR);
  });
});
