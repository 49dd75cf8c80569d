import { describe, expect, it } from "vitest";
import { GRID } from "./grid.ts";

describe("GRID", () => {
  it("holds the spec's section 9 values", () => {
    expect(GRID).toEqual({
      rowHeight: 40,
      visibleHeight: 480,
      columnMinWidth: 50,
      columnDefaultWidth: 150,
      columnMaxWidth: 400,
      selectionColumnWidth: 50,
      actionsColumnWidth: 100,
      selectPopupMaxHeight: 400,
      longTextThreshold: 50,
      bulkDeleteChunkSize: 5,
      bulkDeletePauseMs: 200,
      importBatchSize: 10,
      importParallelBatches: 3,
      mappingPreviewRows: 5,
    });
  });

  it("keeps the default column width within its bounds", () => {
    expect(GRID.columnDefaultWidth).toBeGreaterThanOrEqual(GRID.columnMinWidth);
    expect(GRID.columnDefaultWidth).toBeLessThanOrEqual(GRID.columnMaxWidth);
  });
});
