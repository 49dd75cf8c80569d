import { type ColumnDataType, type EntityColumn, GRID, parseBoolean } from "@liftoff/domain";

/** Rows fetched per list call while scrolling. */
export const PAGE_SIZE = 100;
/** Rows rendered above and below the visible window. */
export const OVERSCAN = 10;

/** A stored row as the entity API returns it: fields flat plus the built-in ones. */
export type EntityRecord = Record<string, unknown> & { id: string };

/**
 * How a row still loading is drawn: one element whose background paints a placeholder bar
 * and the right border of every column (the gridlines the loaded row will have), instead
 * of a cell element per column. A jump through the grid brings ~33 loading rows at once;
 * drawn as cells, that was ~700 elements created and styled in one frame.
 * `widths`: the data columns' widths, left to right, after the selection column.
 */
export function loadingRowBackground(
  widths: readonly number[],
  selectionWidth: number = GRID.selectionColumnWidth,
): { backgroundImage: string; backgroundSize: string; backgroundPosition: string; backgroundRepeat: string } {
  const bar = "color-mix(in oklch, var(--color-neutral-200) 70%, transparent)";
  const line = "var(--color-border)";
  const bars: string[] = [];
  const lines: string[] = [
    `transparent ${selectionWidth - 1}px`,
    `${line} ${selectionWidth - 1}px ${selectionWidth}px`,
    `transparent ${selectionWidth}px`,
  ];
  let left = selectionWidth;
  for (const width of widths) {
    const from = left + 10;
    const to = from + Math.max(0, Math.round((width - 20) * 0.75));
    bars.push(`transparent ${from}px`, `${bar} ${from}px ${to}px`, `transparent ${to}px`);
    left += width;
    lines.push(`transparent ${left - 1}px`, `${line} ${left - 1}px ${left}px`, `transparent ${left}px`);
  }
  if (bars.length === 0) bars.push("transparent 0px", "transparent 0px");
  return {
    backgroundImage: `linear-gradient(to right, ${bars.join(", ")}), linear-gradient(to right, ${lines.join(", ")})`,
    backgroundSize: "100% 14px, 100% 100%",
    backgroundPosition: "0 50%, 0 0",
    backgroundRepeat: "no-repeat",
  };
}

/** The rows to render for a scroll position: [start, end) over `rowCount` rows. */
export function visibleRange(
  scrollTop: number,
  viewportHeight: number,
  rowCount: number,
  overscan = OVERSCAN,
  rowHeight: number = GRID.rowHeight,
): { start: number; end: number } {
  if (rowCount <= 0) return { start: 0, end: 0 };
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const visible = Math.ceil(viewportHeight / rowHeight) + 1;
  const start = Math.max(0, Math.min(first - overscan, rowCount - 1));
  const end = Math.min(rowCount, first + visible + overscan);
  return { start, end: Math.max(start, end) };
}

/**
 * The pages (of PAGE_SIZE rows) to fetch so that every index in [start, end) is loaded:
 * pages with a missing index that are not already being fetched.
 */
export function pagesToFetch(
  start: number,
  end: number,
  isLoaded: (index: number) => boolean,
  inFlight: ReadonlySet<number>,
  pageSize = PAGE_SIZE,
): number[] {
  const pages: number[] = [];
  for (let index = start; index < end; index++) {
    const page = Math.floor(index / pageSize);
    if (pages.includes(page) || inFlight.has(page)) {
      index = (page + 1) * pageSize - 1;
      continue;
    }
    if (!isLoaded(index)) {
      pages.push(page);
      index = (page + 1) * pageSize - 1;
    }
  }
  return pages;
}

/**
 * The index → row cache after rows were inserted (delta > 0) or removed (delta < 0) at
 * `at`: later rows move by delta, removed ones are dropped. Keeps the cache aligned with
 * the server's createdAt:desc order without refetching.
 */
export function shiftRows<T>(rows: ReadonlyMap<number, T>, at: number, delta: number): Map<number, T> {
  const next = new Map<number, T>();
  for (const [index, row] of rows) {
    if (index < at) next.set(index, row);
    else if (delta < 0 && index < at - delta) continue;
    else next.set(index + delta, row);
  }
  return next;
}

export function clampColumnWidth(width: number): number {
  return Math.round(Math.min(GRID.columnMaxWidth, Math.max(GRID.columnMinWidth, width)));
}

/** Whether a value counts as filled in, for the "empty row cannot be saved" rule. */
export function isFilled(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === "string") return value.trim() !== "";
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/** The values of a pending row that go to the server: editable columns that are filled in. */
export function pendingRowPayload(
  values: Record<string, unknown>,
  columns: readonly EntityColumn[],
): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const column of columns) {
    if (column.readOnly) continue;
    const value = values[column.key];
    if (isFilled(value)) payload[column.key] = value;
  }
  return payload;
}

/** Compact one-line text of a value (json, text, number cells and editors). */
export function cellText(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

// One formatter for every cell: toLocaleString with options builds a new one per call,
// which was a large part of rendering the rows a scroll brings into view (bench/grid).
let dateTimeFormat: Intl.DateTimeFormat | null = null;

/** A datetime cell's display text; unreadable values are shown as they are. */
export function formatDateTime(value: unknown): string {
  if (typeof value !== "string" || value === "") return cellText(value);
  const time = Date.parse(value);
  if (!Number.isFinite(time)) return value;
  dateTimeFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
  return dateTimeFormat.format(time);
}

/** `YYYY-MM-DDTHH:mm` in local time, the value of a datetime-local input. */
export function toDateTimeLocal(value: unknown): string {
  if (typeof value !== "string") return "";
  const time = Date.parse(value);
  if (!Number.isFinite(time)) return "";
  const date = new Date(time);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}

/** ISO text of a datetime-local input value, or null when it is empty or unreadable. */
export function fromDateTimeLocal(text: string): string | null {
  if (text.trim() === "") return null;
  const time = Date.parse(text);
  return Number.isFinite(time) ? new Date(time).toISOString() : null;
}

/** A number editor's text as a number, or null when it is not one. */
export function parseNumberInput(text: string): number | null {
  if (text.trim() === "") return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** Multiselect chips: the ones that fit, and the '+N' overflow count. */
export function splitChips(values: unknown, maxVisible: number): { visible: string[]; overflow: number } {
  const list = Array.isArray(values) ? values.map((value) => cellText(value)) : [];
  if (list.length <= maxVisible) return { visible: list, overflow: 0 };
  return { visible: list.slice(0, maxVisible), overflow: list.length - maxVisible };
}

/** How many chips of about this size fit a column, always at least one. */
export function chipsThatFit(width: number): number {
  return Math.max(1, Math.floor((width - 40) / 64));
}

/**
 * The boolean a checkbox shows: parseBoolean, the reading the CSV import uses, so a stored
 * 'yes' or 'On' (written by an app or an older import) shows checked; anything else unchecked.
 */
export function booleanCellValue(value: unknown): boolean {
  return parseBoolean(value) === true;
}

/** Whether a column edits in a dialog (json) rather than in place. */
export function editsInDialog(dataType: ColumnDataType): boolean {
  return dataType === "json";
}

/** The scrollTop that brings a row into view, or null when it is already visible. */
export function scrollToRow(
  row: number,
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number = GRID.rowHeight,
): number | null {
  const top = row * rowHeight;
  if (top < scrollTop) return top;
  if (top + rowHeight > scrollTop + viewportHeight) return top + rowHeight - viewportHeight;
  return null;
}
