/**
 * The Database panel's grid, bulk delete and CSV import constants (spec section 9). Sizes
 * are pixels, durations milliseconds.
 */
export const GRID = {
  rowHeight: 40,
  visibleHeight: 480,
  columnMinWidth: 50,
  columnDefaultWidth: 150,
  columnMaxWidth: 400,
  selectionColumnWidth: 50,
  actionsColumnWidth: 100,
  selectPopupMaxHeight: 400,
  /** A text cell longer than this (or with a line break) opens the dialog editor. */
  longTextThreshold: 50,
  bulkDeleteChunkSize: 5,
  bulkDeletePauseMs: 200,
  importBatchSize: 10,
  importParallelBatches: 3,
  mappingPreviewRows: 5,
} as const;
