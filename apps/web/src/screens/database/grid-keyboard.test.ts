import { describe, expect, it } from "vitest";
import { activation, clampPosition, horizontalScroll, initialPosition, navigate } from "./grid-keyboard.ts";

// 5 data rows under the header; selection + 3 data columns + actions.
const shape = { rowCount: 5, colCount: 5, pageRows: 2 };

describe("navigate", () => {
  it("moves one cell with the arrow keys and stops at the edges", () => {
    expect(navigate({ row: 1, col: 1 }, { key: "ArrowDown" }, shape)).toEqual({ row: 2, col: 1 });
    expect(navigate({ row: 1, col: 1 }, { key: "ArrowUp" }, shape)).toEqual({ row: 0, col: 1 });
    expect(navigate({ row: 0, col: 1 }, { key: "ArrowUp" }, shape)).toEqual({ row: 0, col: 1 });
    expect(navigate({ row: 5, col: 4 }, { key: "ArrowDown" }, shape)).toEqual({ row: 5, col: 4 });
    expect(navigate({ row: 5, col: 4 }, { key: "ArrowRight" }, shape)).toEqual({ row: 5, col: 4 });
    expect(navigate({ row: 3, col: 0 }, { key: "ArrowLeft" }, shape)).toEqual({ row: 3, col: 0 });
    expect(navigate({ row: 3, col: 2 }, { key: "ArrowRight" }, shape)).toEqual({ row: 3, col: 3 });
  });

  it("goes along the row with Home/End and to the corners with Ctrl (or Cmd)", () => {
    expect(navigate({ row: 3, col: 2 }, { key: "Home" }, shape)).toEqual({ row: 3, col: 0 });
    expect(navigate({ row: 3, col: 2 }, { key: "End" }, shape)).toEqual({ row: 3, col: 4 });
    expect(navigate({ row: 3, col: 2 }, { key: "Home", ctrlKey: true }, shape)).toEqual({ row: 0, col: 0 });
    expect(navigate({ row: 3, col: 2 }, { key: "End", ctrlKey: true }, shape)).toEqual({ row: 5, col: 4 });
    expect(navigate({ row: 3, col: 2 }, { key: "End", metaKey: true }, shape)).toEqual({ row: 5, col: 4 });
  });

  it("pages by a screenful without leaving the data rows for the header", () => {
    expect(navigate({ row: 1, col: 2 }, { key: "PageDown" }, shape)).toEqual({ row: 3, col: 2 });
    expect(navigate({ row: 4, col: 2 }, { key: "PageDown" }, shape)).toEqual({ row: 5, col: 2 });
    expect(navigate({ row: 2, col: 2 }, { key: "PageUp" }, shape)).toEqual({ row: 1, col: 2 });
    expect(navigate({ row: 0, col: 2 }, { key: "PageUp" }, shape)).toEqual({ row: 0, col: 2 });
  });

  it("ignores other keys and starts from a position clamped into the grid", () => {
    expect(navigate({ row: 1, col: 1 }, { key: "x" }, shape)).toBeNull();
    expect(navigate({ row: 1, col: 1 }, { key: "Tab" }, shape)).toBeNull();
    // Rows were deleted under the focused one: it moves from the last row that is left.
    expect(navigate({ row: 9, col: 2 }, { key: "ArrowUp" }, shape)).toEqual({ row: 4, col: 2 });
    // No data rows: only the header row.
    const empty = { rowCount: 0, colCount: 5, pageRows: 10 };
    expect(navigate({ row: 0, col: 1 }, { key: "ArrowDown" }, empty)).toEqual({ row: 0, col: 1 });
    expect(navigate({ row: 0, col: 1 }, { key: "End", ctrlKey: true }, empty)).toEqual({ row: 0, col: 4 });
  });
});

describe("initialPosition and clampPosition", () => {
  it("starts on the first row's first editable cell, or the header without rows", () => {
    expect(initialPosition(shape, 2)).toEqual({ row: 1, col: 2 });
    expect(initialPosition({ ...shape, rowCount: 0 }, 2)).toEqual({ row: 0, col: 1 });
  });
  it("keeps a position inside the grid", () => {
    expect(clampPosition({ row: 7, col: 9 }, shape)).toEqual({ row: 5, col: 4 });
    expect(clampPosition({ row: -1, col: -3 }, shape)).toEqual({ row: 0, col: 0 });
  });
});

describe("activation", () => {
  it("edits a data cell with Enter, Space or F2, and never a read-only cell or a header", () => {
    for (const key of ["Enter", " ", "F2"]) expect(activation(key, "cell")).toBe("edit");
    expect(activation("a", "cell")).toBeNull();
    for (const key of ["Enter", " ", "F2"]) {
      expect(activation(key, "readonly")).toBeNull();
      expect(activation(key, "header")).toBeNull();
      expect(activation(key, "loading")).toBeNull();
    }
  });
  it("lets buttons take Enter and Space, and presses a checkbox on Enter", () => {
    expect(activation("Enter", "button")).toBe("native");
    expect(activation(" ", "button")).toBe("native");
    expect(activation("Enter", "checkbox")).toBe("click");
    expect(activation(" ", "checkbox")).toBe("native");
    expect(activation("F2", "checkbox")).toBeNull();
  });
});

describe("horizontalScroll", () => {
  const view = { viewWidth: 400, leftInset: 50, rightInset: 100 };
  it("scrolls a cell out from under the sticky columns", () => {
    // Hidden under the sticky actions column on the right.
    expect(horizontalScroll({ ...view, left: 250, right: 400, scrollLeft: 0 })).toBe(100);
    // Scrolled off to the left, under the selection column.
    expect(horizontalScroll({ ...view, left: 50, right: 200, scrollLeft: 120 })).toBe(0);
    expect(horizontalScroll({ ...view, left: 350, right: 500, scrollLeft: 330 })).toBe(300);
  });
  it("leaves a visible cell alone", () => {
    expect(horizontalScroll({ ...view, left: 50, right: 200, scrollLeft: 0 })).toBeNull();
    expect(
      horizontalScroll({ ...view, left: 0, right: 300, scrollLeft: 0, leftInset: 0, rightInset: 0 }),
    ).toBeNull();
  });
});
