/**
 * Keyboard navigation of the Database grid, after the WAI-ARIA grid pattern: one Tab stop
 * (roving tabindex), arrow keys between cells, Home/End along a row, Ctrl+Home/End to the
 * grid's corners, PageUp/PageDown by a screenful; Enter and Space activate the cell.
 *
 * Positions count the way the grid is announced: row 0 is the header row and rows
 * 1..rowCount the data rows (pending rows first); column 0 is the selection checkbox,
 * 1..n the data columns and n+1 the row's actions.
 */
export type GridPosition = { row: number; col: number };

export type GridShape = {
  /** Data rows, without the header row. */
  rowCount: number;
  /** Every column: selection, data columns and actions. */
  colCount: number;
  /** Data rows in one screenful, for PageUp/PageDown. */
  pageRows: number;
};

export type KeyPress = { key: string; ctrlKey?: boolean; metaKey?: boolean };

/** The position inside the grid closest to `position` (rows come and go under it). */
export function clampPosition(position: GridPosition, shape: GridShape): GridPosition {
  const clamp = (value: number, max: number) => Math.min(max, Math.max(0, value));
  return { row: clamp(position.row, shape.rowCount), col: clamp(position.col, shape.colCount - 1) };
}

/**
 * The Tab stop before anyone moved in the grid: the first data row's first editable cell
 * (`firstEditableCol`), where Enter starts typing; the header's first column without rows.
 */
export function initialPosition(shape: GridShape, firstEditableCol: number): GridPosition {
  if (shape.rowCount === 0) return { row: 0, col: Math.min(1, shape.colCount - 1) };
  return clampPosition({ row: 1, col: firstEditableCol }, shape);
}

/** Where a key moves focus from `position`; null when the key does not move it. */
export function navigate(position: GridPosition, press: KeyPress, shape: GridShape): GridPosition | null {
  if (shape.colCount === 0) return null;
  const { row, col } = clampPosition(position, shape);
  const lastRow = shape.rowCount;
  const lastCol = shape.colCount - 1;
  const page = Math.max(1, shape.pageRows);
  const toCorner = press.ctrlKey === true || press.metaKey === true;
  let next: GridPosition;
  switch (press.key) {
    case "ArrowUp":
      next = { row: row - 1, col };
      break;
    case "ArrowDown":
      next = { row: row + 1, col };
      break;
    case "ArrowLeft":
      next = { row, col: col - 1 };
      break;
    case "ArrowRight":
      next = { row, col: col + 1 };
      break;
    case "Home":
      next = toCorner ? { row: 0, col: 0 } : { row, col: 0 };
      break;
    case "End":
      next = toCorner ? { row: lastRow, col: lastCol } : { row, col: lastCol };
      break;
    case "PageUp":
      // The header row stays where it is: a page up stops at the first data row.
      next = { row: row === 0 ? 0 : Math.max(Math.min(1, lastRow), row - page), col };
      break;
    case "PageDown":
      next = { row: row + page, col };
      break;
    default:
      return null;
  }
  return clampPosition(next, shape);
}

/**
 * What the focused element is, for what Enter and Space do there: a checkbox or a button
 * (the selection column, a boolean cell's box, the row's actions), a data cell, a read-only
 * cell, a column header, or a row still loading.
 */
export type FocusKind = "checkbox" | "button" | "cell" | "readonly" | "header" | "loading";

/**
 * - `edit`: start editing the cell (a boolean cell toggles);
 * - `click`: press the focused control (Enter on a checkbox, which browsers leave alone);
 * - `native`: leave the key to the browser (a button's Enter and Space, a checkbox's Space);
 * - null: nothing happens.
 */
export type Activation = "edit" | "click" | "native" | null;

export function activation(key: string, kind: FocusKind): Activation {
  const enter = key === "Enter";
  const space = key === " ";
  switch (kind) {
    case "button":
      return enter || space ? "native" : null;
    case "checkbox":
      return enter ? "click" : space ? "native" : null;
    case "cell":
      return enter || space || key === "F2" ? "edit" : null;
    default:
      return null;
  }
}

/**
 * The scrollLeft that shows a cell from `left` to `right` (content coordinates) in a view
 * `viewWidth` wide whose edges are covered by sticky columns (`leftInset`, `rightInset`);
 * null when it is already in view.
 */
export function horizontalScroll(input: {
  left: number;
  right: number;
  scrollLeft: number;
  viewWidth: number;
  leftInset: number;
  rightInset: number;
}): number | null {
  const { left, right, scrollLeft, viewWidth, leftInset, rightInset } = input;
  const viewLeft = scrollLeft + leftInset;
  const viewRight = scrollLeft + viewWidth - rightInset;
  if (left < viewLeft) return Math.max(0, left - leftInset);
  if (right > viewRight) return right - viewWidth + rightInset;
  return null;
}
