import type { EntitySchema } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import { alignMappings, convertRows, importMessage, remapHeader, runImport } from "./csv-import.ts";

const schema: EntitySchema = {
  name: "Task",
  type: "object",
  properties: { title: { type: "string" }, score: { type: "number" }, done: { type: "boolean" } },
  required: ["title"],
};

describe("mapping", () => {
  it("aligns an answer with the headers and drops unknown fields", () => {
    const aligned = alignMappings(
      ["Title", "Other", "Score"],
      [
        { csvHeader: "Title", schemaField: "title", dataType: "text" },
        { csvHeader: "Other", schemaField: "nope", dataType: "text" },
      ],
      schema,
    );
    expect(aligned.map((m) => m.schemaField)).toEqual(["title", null, null]);
  });
  it("takes the chosen field's column type", () => {
    const mappings = remapHeader(
      [{ csvHeader: "S", schemaField: null, dataType: "text" }],
      "S",
      "score",
      schema,
    );
    expect(mappings).toEqual([{ csvHeader: "S", schemaField: "score", dataType: "number" }]);
  });
});

describe("convertRows", () => {
  it("counts rows that fail conversion", () => {
    const mappings = [
      { csvHeader: "title", schemaField: "title", dataType: "text" as const },
      { csvHeader: "score", schemaField: "score", dataType: "number" as const },
    ];
    const result = convertRows(
      schema,
      ["title", "score"],
      [
        ["a", "1"],
        ["", "2"],
        ["c", "x"],
      ],
      mappings,
    );
    expect(result.records).toEqual([{ title: "a", score: 1 }]);
    expect(result.failed).toBe(2);
  });
});

describe("runImport", () => {
  const records = Array.from({ length: 35 }, (_, i) => ({ title: `t${i}` }));
  const rejection = Object.assign(new Error("422"), { rejected: true });

  it("sends batches of 10, three at a time, and retries a refused batch row by row", async () => {
    let running = 0;
    let maxRunning = 0;
    const batches: number[] = [];
    const outcome = await runImport({
      records,
      failedBeforeSending: 1,
      calls: {
        bulkCreate: async (batch) => {
          running++;
          maxRunning = Math.max(maxRunning, running);
          await new Promise((r) => setTimeout(r, 5));
          running--;
          batches.push(batch.length);
          if (batch.some((r) => r.title === "t12")) throw rejection;
        },
        createOne: async (record) => {
          if (record.title === "t12") throw rejection;
        },
        isRowRejection: (error) => error === rejection,
      },
    });
    expect(batches.sort((a, b) => a - b)).toEqual([5, 10, 10, 10]);
    expect(maxRunning).toBe(3);
    expect(outcome).toEqual({ total: 36, imported: 34, failed: 2, aborted: false });
    expect(importMessage(outcome).text).toBe("Import completed with 2 failed rows out of 36 total.");
  });

  it("reports a run where nothing could be sent as failed", async () => {
    const outcome = await runImport({
      records: records.slice(0, 3),
      failedBeforeSending: 0,
      calls: {
        bulkCreate: async () => {
          throw new Error("down");
        },
        createOne: async () => {},
        isRowRejection: () => false,
      },
    });
    expect(importMessage(outcome).text).toBe("Failed to import data. Please try again.");
    expect(importMessage({ total: 4, imported: 4, failed: 0, aborted: false }).text).toBe(
      "Successfully imported all 4 rows.",
    );
  });
});
