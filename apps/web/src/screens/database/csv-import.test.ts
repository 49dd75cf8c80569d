import { AppError, type EntitySchema, parseCsv } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import {
  alignMappings,
  convertRows,
  failedRowsCsv,
  failedRowsFileName,
  type ImportFailure,
  type ImportRow,
  importMessage,
  remapHeader,
  runImport,
} from "./csv-import.ts";

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
  it("fails rows that do not convert and the parser's malformed records, by line and with reasons", () => {
    const mappings = [
      { csvHeader: "title", schemaField: "title", dataType: "text" as const },
      { csvHeader: "score", schemaField: "score", dataType: "number" as const },
      { csvHeader: "done", schemaField: "done", dataType: "boolean" as const },
    ];
    const result = convertRows(
      schema,
      {
        headers: ["title", "score", "done"],
        rows: [
          ["a", "1", "yes"],
          ["", "2", "no"],
          ["c", "x", "maybe"],
        ],
        rowLines: [2, 3, 6],
        badRecords: [{ line: 4, reason: "Expected 3 fields but found 2", values: ["d", "4"] }],
      },
      mappings,
    );
    expect(result.rows).toEqual([
      { line: 2, values: ["a", "1", "yes"], data: { title: "a", score: 1, done: true } },
    ]);
    expect(result.failures).toEqual([
      { line: 3, values: ["", "2", "no"], reason: "title is required" },
      { line: 4, values: ["d", "4"], reason: "Expected 3 fields but found 2" },
      { line: 6, values: ["c", "x", "maybe"], reason: "score must be a number; done must be true or false" },
    ]);
  });
});

describe("runImport", () => {
  const rows: ImportRow[] = Array.from({ length: 35 }, (_, i) => ({
    line: i + 2,
    values: [`t${i}`],
    data: { title: `t${i}` },
  }));
  const rejection = new AppError("UNPROCESSABLE", "1 of 10 records are invalid; nothing was created");
  const malformed: ImportFailure = { line: 40, values: ["x", "y"], reason: "Expected 1 fields but found 2" };

  it("sends batches of 10, three at a time, and retries a refused batch row by row", async () => {
    let running = 0;
    let maxRunning = 0;
    const batches: number[] = [];
    const outcome = await runImport({
      rows,
      failedBeforeSending: [malformed],
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
          if (record.title === "t12") throw new AppError("UNPROCESSABLE", "title is taken");
        },
        isRowRejection: (error) => error === rejection,
      },
    });
    expect(batches.sort((a, b) => a - b)).toEqual([5, 10, 10, 10]);
    expect(maxRunning).toBe(3);
    // The refused row fails with the server's message for it; the list is in file order.
    expect(outcome).toEqual({
      total: 36,
      imported: 34,
      failed: 2,
      aborted: false,
      failures: [{ line: 14, values: ["t12"], reason: "title is taken" }, malformed],
    });
    expect(importMessage(outcome).text).toBe("Import completed with 2 failed rows out of 36 total.");
  });

  it("reports a run where nothing could be sent as failed, each row with the error's message", async () => {
    const outcome = await runImport({
      rows: rows.slice(0, 3),
      failedBeforeSending: [],
      calls: {
        bulkCreate: async () => {
          throw new AppError("SERVICE_UNAVAILABLE", "Network error, check your connection and try again");
        },
        createOne: async () => {},
        isRowRejection: () => false,
      },
    });
    expect(importMessage(outcome).text).toBe("Failed to import data. Please try again.");
    expect(outcome.failures.map((failure) => [failure.line, failure.reason])).toEqual([
      [2, "Network error, check your connection and try again"],
      [3, "Network error, check your connection and try again"],
      [4, "Network error, check your connection and try again"],
    ]);
    expect(importMessage({ total: 4, failed: 0, aborted: false }).text).toBe(
      "Successfully imported all 4 rows.",
    );
  });
});

describe("the failed-rows download", () => {
  it("gives line and reason, then each row's own values, readable by the import's parser", () => {
    const text = failedRowsCsv(
      ["title", "note"],
      [
        { line: 3, values: ["", "needs, a title"], reason: "title is required" },
        { line: 5, values: ["a", "b", "c"], reason: "Expected 2 fields but found 3" },
      ],
    );
    expect(text).toBe(
      'line,reason,title,note\r\n3,title is required,,"needs, a title"\r\n5,Expected 2 fields but found 3,a,b,c\r\n',
    );
    const parsed = parseCsv(text);
    expect(parsed).toMatchObject({ ok: true, headers: ["line", "reason", "title", "note"] });
    expect(parsed.ok && parsed.rows).toEqual([["3", "title is required", "", "needs, a title"]]);
  });

  it("names its columns apart from the file's own", () => {
    expect(failedRowsCsv(["reason", "line"], []).split("\r\n")[0]).toBe(
      "import line,import reason,reason,line",
    );
  });

  it("is named after the imported file", () => {
    expect(failedRowsFileName("Tasks.CSV")).toBe("Tasks-failed-rows.csv");
    expect(failedRowsFileName(".csv")).toBe("import-failed-rows.csv");
  });
});
