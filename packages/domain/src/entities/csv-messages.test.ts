import { describe, expect, it } from "vitest";
import { CSV_MESSAGES } from "./csv-messages.ts";

describe("CSV_MESSAGES", () => {
  it("are the spec's texts, verbatim", () => {
    expect(CSV_MESSAGES.empty).toBe("CSV file appears to be empty");
    expect(CSV_MESSAGES.noValidRows).toBe("No valid data rows found in CSV");
    expect(CSV_MESSAGES.parseFailed).toBe("Failed to parse CSV file. Please check the format.");
    expect(CSV_MESSAGES.mappingFallback).toBe(
      "Couldn't generate AI mapping suggestions. Using basic mapping instead.",
    );
    expect(CSV_MESSAGES.importFailed).toBe("Failed to import data. Please try again.");
  });

  it.each<[number, number, string]>([
    [1, 10, "Import completed with 1 failed rows out of 10 total."],
    [3, 100000, "Import completed with 3 failed rows out of 100000 total."],
  ])("reports %i failed of %i", (failed, total, expected) => {
    expect(CSV_MESSAGES.importPartial(failed, total)).toBe(expected);
  });

  it.each<[number, string]>([
    [1, "Successfully imported all 1 rows."],
    [250, "Successfully imported all 250 rows."],
  ])("reports success for %i rows", (total, expected) => {
    expect(CSV_MESSAGES.importSuccess(total)).toBe(expected);
  });
});
