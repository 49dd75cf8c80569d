import { columnsOf } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import {
  booleanCellValue,
  cellText,
  clampColumnWidth,
  fromDateTimeLocal,
  isFilled,
  loadingRowBackground,
  pagesToFetch,
  pendingRowPayload,
  scrollToRow,
  shiftRows,
  splitChips,
  visibleRange,
} from "./grid-model.ts";

describe("loadingRowBackground", () => {
  it("draws a bar inside and a 1 px line at the right edge of every column, after the selection column", () => {
    const drawn = loadingRowBackground([150, 100], 50);
    const [bars, lines] = drawn.backgroundImage.split("), linear-gradient(");
    // Bars start 10 px into a column and cover 3/4 of its width less the padding.
    expect(bars).toContain(
      "transparent 60px, color-mix(in oklch, var(--color-neutral-200) 70%, transparent) 60px 158px, transparent 158px",
    );
    expect(bars).toContain(
      "transparent 210px, color-mix(in oklch, var(--color-neutral-200) 70%, transparent) 210px 270px, transparent 270px",
    );
    // Hard stops only: every line ends where it starts plus 1 px (no fade between columns).
    expect(lines).toContain("var(--color-border) 49px 50px, transparent 50px");
    expect(lines).toContain("var(--color-border) 199px 200px, transparent 200px");
    expect(lines).toContain("var(--color-border) 299px 300px, transparent 300px");
    expect(drawn.backgroundSize).toBe("100% 14px, 100% 100%");
  });

  it("stays a valid gradient without data columns", () => {
    const drawn = loadingRowBackground([], 50);
    expect(
      drawn.backgroundImage.startsWith("linear-gradient(to right, transparent 0px, transparent 0px)"),
    ).toBe(true);
  });
});

describe("visibleRange", () => {
  it("renders the visible rows plus overscan", () => {
    expect(visibleRange(0, 480, 100_000, 10)).toEqual({ start: 0, end: 23 });
    expect(visibleRange(40_000, 480, 100_000, 10)).toEqual({ start: 990, end: 1023 });
  });
  it("stays within the rows", () => {
    expect(visibleRange(0, 480, 0)).toEqual({ start: 0, end: 0 });
    expect(visibleRange(4_000_000, 480, 100_000, 10)).toEqual({ start: 99_990, end: 100_000 });
    expect(visibleRange(0, 480, 3, 10)).toEqual({ start: 0, end: 3 });
  });
});

describe("pagesToFetch", () => {
  it("asks for each page with a missing row once", () => {
    const loaded = new Set([0, 1, 2]);
    expect(pagesToFetch(0, 250, (i) => loaded.has(i), new Set())).toEqual([0, 1, 2]);
    const all = (i: number) => i < 100;
    expect(pagesToFetch(90, 120, all, new Set())).toEqual([1]);
    expect(pagesToFetch(90, 120, all, new Set([1]))).toEqual([]);
    expect(pagesToFetch(0, 50, () => true, new Set())).toEqual([]);
  });
});

describe("shiftRows", () => {
  const rows = new Map([
    [0, "a"],
    [1, "b"],
    [2, "c"],
  ]);
  it("moves rows down after an insert at the top", () => {
    expect([...shiftRows(rows, 0, 1)]).toEqual([
      [1, "a"],
      [2, "b"],
      [3, "c"],
    ]);
  });
  it("drops a removed row and moves later ones up", () => {
    expect([...shiftRows(rows, 1, -1)]).toEqual([
      [0, "a"],
      [1, "c"],
    ]);
  });
});

describe("cells", () => {
  it("clamps column widths to 50..400", () => {
    expect(clampColumnWidth(10)).toBe(50);
    expect(clampColumnWidth(999)).toBe(400);
    expect(clampColumnWidth(151.4)).toBe(151);
  });
  it("collapses multiselect overflow into a count", () => {
    expect(splitChips(["a", "b", "c", "d"], 2)).toEqual({ visible: ["a", "b"], overflow: 2 });
    expect(splitChips(["a"], 2)).toEqual({ visible: ["a"], overflow: 0 });
    expect(splitChips(null, 2)).toEqual({ visible: [], overflow: 0 });
  });
  it("shows json compactly", () => {
    expect(cellText({ a: [1, 2] })).toBe('{"a":[1,2]}');
    expect(cellText(null)).toBe("");
  });
  it("checks a boolean cell for every word the CSV import reads as true", () => {
    for (const value of [true, 1, "1", "true", "TRUE", "yes", " Y ", "on"])
      expect(booleanCellValue(value)).toBe(true);
    for (const value of [false, 0, "0", "false", "No", "n", "OFF", "", null, "maybe", 2])
      expect(booleanCellValue(value)).toBe(false);
  });
  it("reads datetime-local text as ISO", () => {
    expect(fromDateTimeLocal("")).toBeNull();
    expect(fromDateTimeLocal("2024-05-06T07:08")).toBe(new Date("2024-05-06T07:08").toISOString());
  });
});

describe("pending rows", () => {
  const columns = columnsOf({
    properties: {
      title: { type: "string" },
      tags: { type: "array", items: { type: "string", enum: ["x"] } },
    },
  });
  it("sends only filled, editable fields", () => {
    expect(pendingRowPayload({ title: " ", tags: [], id: "x" }, columns)).toEqual({});
    expect(pendingRowPayload({ title: "Hi", tags: ["x"] }, columns)).toEqual({ title: "Hi", tags: ["x"] });
  });
  it("treats false and 0 as filled", () => {
    expect(isFilled(false)).toBe(true);
    expect(isFilled(0)).toBe(true);
    expect(isFilled("")).toBe(false);
  });
});

// Moving between cells: grid-keyboard.test.ts.
describe("scrolling to the focused row", () => {
  it("scrolls just enough to show a row", () => {
    expect(scrollToRow(0, 80, 480)).toBe(0);
    expect(scrollToRow(20, 0, 480)).toBe(21 * 40 - 480);
    expect(scrollToRow(3, 0, 480)).toBeNull();
  });
});
