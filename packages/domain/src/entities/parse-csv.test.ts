import { describe, expect, it } from "vitest";
import { parseCsv } from "./parse-csv.ts";

describe("parseCsv", () => {
  it("reads headers, rows, their lines and the bad records", () => {
    expect(parseCsv("name,age\nAda,36\nbroken\nGrace,85\n")).toEqual({
      ok: true,
      headers: ["name", "age"],
      rows: [
        ["Ada", "36"],
        ["Grace", "85"],
      ],
      rowLines: [2, 4],
      badRecords: [{ line: 3, reason: "Expected 2 fields but found 1", values: ["broken"] }],
      badRecordCount: 1,
    });
  });

  it("reads a last row without a line break", () => {
    expect(parseCsv("a\n1\n2")).toMatchObject({ ok: true, rows: [["1"], ["2"]], rowLines: [2, 3] });
  });

  it.each<[string, string, string]>([
    ["an empty file", "", "CSV file appears to be empty"],
    ["only blank lines", "\n  \r\n", "CSV file appears to be empty"],
    ["only a byte-order mark", "\uFEFF", "CSV file appears to be empty"],
    ["a header without rows", "a,b\n", "No valid data rows found in CSV"],
    ["a header with only empty rows", "a,b\n,\n\n", "No valid data rows found in CSV"],
    ["a header with only bad rows", "a,b\n1\n2,3,4\n", "No valid data rows found in CSV"],
    ["binary junk", "GIF89a\u0000\u0001\u0000", "Failed to parse CSV file. Please check the format."],
    ["a malformed header", '"a"b,c\n1,2', "Failed to parse CSV file. Please check the format."],
  ])("refuses %s", (_label, text, message) => {
    expect(parseCsv(text)).toEqual({ ok: false, message });
  });
});
