import { describe, expect, it } from "vitest";
import { dataItemsMode, switchDataItemsMode, toggleDataItem } from "./tool-data-items.ts";

const pdf = { id: "i-pdf", type: "pdf" as const };
const csv = { id: "i-csv", type: "csv" as const };

describe("a tool's data items", () => {
  it("reads all of the app's sources when it chose none", () => {
    expect(dataItemsMode([])).toBe("all");
    expect(dataItemsMode(toggleDataItem([], pdf, true))).toBe("chosen");
  });

  it("adds and removes one source, keeping the others as they were", () => {
    const one = toggleDataItem([], pdf, true);
    expect(one).toEqual([
      {
        contextItemId: "i-pdf",
        originalContextItemId: null,
        type: "pdf",
        templateFileUrl: "",
        instructionsUrl: "",
      },
    ]);
    const kept = [{ ...one[0]!, originalContextItemId: "template-item" }];
    const two = toggleDataItem(kept, csv, true);
    expect(two.map((item) => item.contextItemId)).toEqual(["i-pdf", "i-csv"]);
    expect(two[0]!.originalContextItemId).toBe("template-item");
    expect(toggleDataItem(two, pdf, false).map((item) => item.contextItemId)).toEqual(["i-csv"]);
    // Ticking twice does not list it twice.
    expect(toggleDataItem(two, csv, true)).toHaveLength(2);
  });

  it("switching to chosen ticks every current source; switching back clears the choice", () => {
    expect(switchDataItemsMode("chosen", [pdf, csv]).map((item) => item.contextItemId)).toEqual([
      "i-pdf",
      "i-csv",
    ]);
    expect(switchDataItemsMode("all", [pdf, csv])).toEqual([]);
  });
});
