import { describe, expect, it } from "vitest";
import { RETRIEVAL_DOCUMENTS, RETRIEVAL_QUERIES } from "./retrieval-set.ts";

describe("the labelled retrieval set", () => {
  it("has about a dozen documents of 1-4 KB with distinct ids", () => {
    expect(RETRIEVAL_DOCUMENTS.length).toBeGreaterThanOrEqual(10);
    expect(new Set(RETRIEVAL_DOCUMENTS.map((d) => d.id)).size).toBe(RETRIEVAL_DOCUMENTS.length);
    for (const document of RETRIEVAL_DOCUMENTS) {
      const bytes = Buffer.byteLength(document.text, "utf8");
      expect(bytes, document.id).toBeGreaterThanOrEqual(1000);
      expect(bytes, document.id).toBeLessThanOrEqual(4096);
    }
  });

  it("labels every query with known documents and asks about every document", () => {
    expect(RETRIEVAL_QUERIES.length).toBeGreaterThanOrEqual(25);
    const ids = new Set(RETRIEVAL_DOCUMENTS.map((d) => d.id));
    const asked = new Set<string>();
    for (const { query, relevantDocumentIds } of RETRIEVAL_QUERIES) {
      expect(relevantDocumentIds.length, query).toBeGreaterThan(0);
      for (const id of relevantDocumentIds) {
        expect(ids.has(id), `${query} -> ${id}`).toBe(true);
        asked.add(id);
      }
    }
    expect(asked).toEqual(ids);
  });
});
