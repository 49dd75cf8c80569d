import { type ColumnDataType, type EntityColumn, GRID, isLongTextCell } from "@liftoff/domain";
import { Button, cn, Progress, Spinner } from "@liftoff/ui";
import {
  BracesIcon,
  CalendarIcon,
  CheckIcon,
  HashIcon,
  ImageIcon,
  ListIcon,
  type LucideIcon,
  SquareCheckIcon,
  TagIcon,
  Trash2Icon,
  TypeIcon,
} from "lucide-react";
import {
  memo,
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { CellDisplay, InlineEditor, JsonDialog, OptionsMenu, TextDialog } from "./cell-view.tsx";
import {
  activation,
  clampPosition,
  type FocusKind,
  type GridPosition,
  type GridShape,
  horizontalScroll,
  initialPosition,
  navigate,
} from "./grid-keyboard.ts";
import {
  booleanCellValue,
  cellText,
  clampColumnWidth,
  type EntityRecord,
  loadingRowBackground,
  scrollToRow,
  visibleRange,
} from "./grid-model.ts";
import type { EntityRows } from "./use-entity-rows.ts";

export type PendingRow = { tempId: string; values: Record<string, unknown> };

export type GridRow =
  | { kind: "pending"; id: string; values: Record<string, unknown> }
  | { kind: "saved"; id: string; values: EntityRecord }
  | { kind: "loading"; id: string };

const TYPE_ICONS: Record<ColumnDataType, LucideIcon> = {
  text: TypeIcon,
  number: HashIcon,
  select: TagIcon,
  multiselect: ListIcon,
  image: ImageIcon,
  json: BracesIcon,
  datetime: CalendarIcon,
  boolean: SquareCheckIcon,
};

type Editing = { rowId: string; key: string; mode: "inline" | "options" | "text" | "json" };

export type DataGridProps = {
  columns: EntityColumn[];
  rows: EntityRows;
  pending: PendingRow[];
  selection: ReadonlySet<string>;
  onSelectionChange: (next: Set<string>) => void;
  onCommit: (row: GridRow, column: EntityColumn, value: unknown) => void;
  /** Saves a pending row; resolves to the saved row's id, or null when it was not saved. */
  onConfirmPending: (tempId: string) => Promise<string | null>;
  onDeleteRow: (row: GridRow) => void;
  confirming: ReadonlySet<string>;
  /** Ids of what names the grid (the entity's heading) and describes it (the key hints). */
  labelledBy?: string | undefined;
  describedBy?: string | undefined;
};

const ROW = GRID.rowHeight;

/** "row:col" of a cell's data-cell attribute. */
function positionOf(element: Element | null): GridPosition | null {
  const cell = element?.closest<HTMLElement>("[data-cell]");
  const [row, col] = (cell?.dataset.cell ?? "").split(":").map(Number);
  return row === undefined || col === undefined || Number.isNaN(row) || Number.isNaN(col)
    ? null
    : { row, col };
}

/** What has focus, for what Enter and Space do there (grid-keyboard's activation). */
function focusKindOf(element: HTMLElement): FocusKind {
  if (element instanceof HTMLInputElement && element.type === "checkbox") return "checkbox";
  if (element instanceof HTMLButtonElement) return "button";
  const kind = element.dataset.kind;
  return kind === "cell" || kind === "readonly" || kind === "header" ? kind : "loading";
}

/**
 * The entity grid (spec sections 3, 5, 9): typed columns, 40 px rows in a 480 px window,
 * resizable columns (50–400 px), a 50 px selection column and a 100 px actions column.
 * Only the visible rows (plus overscan) are rendered, so 100,000 rows scroll smoothly.
 *
 * Keyboard (WAI-ARIA grid pattern, issue 14): the grid is one Tab stop. The cell that has
 * it (the "active" cell) is the only element in the grid with tabIndex 0, and DOM focus
 * sits on it, so screen readers announce the cell with its row, column and header;
 * grid-keyboard.ts says where each key goes. A cell holding one control (a row's checkbox,
 * its buttons) hands focus to that control. The active row is always rendered, even when
 * scrolled out of the window, so focus is never dropped by virtualization.
 */
export function DataGrid({
  columns,
  rows,
  pending,
  selection,
  onSelectionChange,
  onCommit,
  onConfirmPending,
  onDeleteRow,
  confirming,
  labelledBy,
  describedBy,
}: DataGridProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [widths, setWidths] = useState<Record<string, number>>({});
  /** The cell holding the grid's Tab stop; null until someone moves in the grid. */
  const [active, setActive] = useState<GridPosition | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  // Bumped to run the focus effect after an asynchronous save.
  const [, setFocusTick] = useState(0);
  /** Move DOM focus to the active cell after the next render (a key press moved it). */
  const focusAfterRender = useRef(false);
  /** Focus is in the grid: when what had it is removed (a saved row), the grid takes it back. */
  const focusWithin = useRef(false);
  /** After a save: focus this row's cell once it is rendered. */
  const focusRowRequest = useRef<{ rowId: string; col: number } | null>(null);
  const frame = useRef(0);
  // One drawing for every loading row, kept while columns and widths stay: the rows compare
  // it by identity, so a new one each scroll frame would re-render them all.
  const loadingBackground = useMemo(
    () => loadingRowBackground(columns.map((column) => widths[column.key] ?? GRID.columnDefaultWidth)),
    [columns, widths],
  );

  const rowCount = pending.length + rows.total;
  const bodyHeight = Math.min(GRID.visibleHeight, Math.max(rowCount, 3) * ROW);
  const { start, end } = visibleRange(scrollTop, bodyHeight, rowCount);
  const widthOf = (key: string) => widths[key] ?? GRID.columnDefaultWidth;
  const totalWidth =
    GRID.selectionColumnWidth +
    columns.reduce((sum, column) => sum + widthOf(column.key), 0) +
    GRID.actionsColumnWidth;
  const shape: GridShape = {
    rowCount,
    colCount: columns.length + 2,
    pageRows: Math.max(1, Math.floor(bodyHeight / ROW) - 1),
  };
  const actionsCol = columns.length + 1;
  const firstEditable = columns.findIndex((column) => !column.readOnly);
  const firstEditableCol = firstEditable < 0 ? 1 : firstEditable + 1;
  const current = active ? clampPosition(active, shape) : initialPosition(shape, firstEditableCol);

  const { ensure } = rows;
  const serverStart = Math.max(0, start - pending.length);
  const serverEnd = Math.max(0, end - pending.length);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version re-asks after cache changes.
  useEffect(() => {
    if (serverEnd > serverStart) ensure(serverStart, serverEnd);
  }, [serverStart, serverEnd, ensure, rows.version]);

  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  function rowAt(index: number): GridRow {
    if (index < pending.length) {
      const row = pending[index]!;
      return { kind: "pending", id: row.tempId, values: row.values };
    }
    const record = rows.get(index - pending.length);
    return record
      ? { kind: "saved", id: record.id, values: record }
      : { kind: "loading", id: `loading-${index}` };
  }

  /** The element that takes focus for a position: the cell, or the one control in it. */
  function focusTargetAt(position: GridPosition): HTMLElement | null {
    const grid = gridRef.current;
    const cell =
      grid?.querySelector<HTMLElement>(`[data-cell="${position.row}:${position.col}"]`) ??
      grid?.querySelector<HTMLElement>(`[data-loading-row="${position.row}"]`);
    return cell?.querySelector<HTMLElement>("[data-roving]") ?? cell ?? null;
  }

  /** Scrolls a position into view: below the sticky header and clear of the sticky columns. */
  function reveal(position: GridPosition) {
    const scroller = scrollRef.current;
    if (!scroller) return;
    if (position.row >= 1) {
      const top = scrollToRow(position.row - 1, scroller.scrollTop, bodyHeight);
      if (top !== null) scroller.scrollTop = top;
    }
    const cell = scroller.querySelector<HTMLElement>(`[data-cell="${position.row}:${position.col}"]`);
    // The selection column is always in view (sticky); so is the actions column from sm up.
    if (!cell || position.col === 0) return;
    const actionsSticky =
      cell.parentElement?.lastElementChild instanceof HTMLElement &&
      getComputedStyle(cell.parentElement.lastElementChild).position === "sticky";
    if (position.col === actionsCol && actionsSticky) return;
    const left = horizontalScroll({
      left: cell.offsetLeft,
      right: cell.offsetLeft + cell.offsetWidth,
      scrollLeft: scroller.scrollLeft,
      viewWidth: scroller.clientWidth,
      leftInset: GRID.selectionColumnWidth,
      rightInset: actionsSticky ? GRID.actionsColumnWidth : 0,
    });
    if (left !== null) scroller.scrollLeft = left;
  }

  function findRowIndex(id: string): number | null {
    const candidates = [...pending.keys(), pending.length];
    for (let index = start; index < end; index++) candidates.push(index);
    for (const index of candidates) if (index < rowCount && rowAt(index).id === id) return index;
    return null;
  }

  // After every render: a focus asked for (a key press, a save) or lost with a removed row.
  useLayoutEffect(() => {
    const grid = gridRef.current;
    if (!grid) return;
    const focused = document.activeElement;
    const focusIsOurs = !focused || focused === document.body || grid.contains(focused);
    const request = focusRowRequest.current;
    if (request) {
      const index = findRowIndex(request.rowId);
      if (index !== null) {
        focusRowRequest.current = null;
        if (focusIsOurs) {
          focusAfterRender.current = true;
          setActive({ row: index + 1, col: request.col });
          return;
        }
      }
    }
    if (focusAfterRender.current) {
      reveal(current);
      const target = focusTargetAt(current);
      if (target) {
        focusAfterRender.current = false;
        if (target !== document.activeElement) target.focus({ preventScroll: true });
      }
    } else if (focusWithin.current && (!focused || focused === document.body)) {
      focusTargetAt(current)?.focus({ preventScroll: true });
    }
  });

  function startEdit(row: GridRow, column: EntityColumn) {
    if (row.kind === "loading" || column.readOnly) return;
    const value = row.values[column.key];
    switch (column.dataType) {
      case "boolean":
        // The opposite of what the checkbox shows, written as a real boolean.
        onCommit(row, column, !booleanCellValue(value));
        return;
      case "json":
        setEditing({ rowId: row.id, key: column.key, mode: "json" });
        return;
      case "select":
      case "multiselect":
        setEditing({ rowId: row.id, key: column.key, mode: "options" });
        return;
      case "text":
      case "image":
        setEditing({
          rowId: row.id,
          key: column.key,
          mode: isLongTextCell(cellText(value)) ? "text" : "inline",
        });
        return;
      default:
        setEditing({ rowId: row.id, key: column.key, mode: "inline" });
    }
  }

  /**
   * Ends editing. `refocus`: focus goes back to the edited cell (Enter, Escape, a menu or
   * dialog closed); not when the editor lost focus to something the user clicked.
   */
  function stopEdit(refocus = true) {
    setEditing(null);
    if (!refocus) return;
    focusAfterRender.current = true;
    focusTargetAt(current)?.focus({ preventScroll: true });
  }

  function commit(row: GridRow, column: EntityColumn, value: unknown) {
    onCommit(row, column, value);
    stopEdit();
  }

  function onKeyDown(event: ReactKeyboardEvent<HTMLDivElement>) {
    const target = event.target as HTMLElement;
    // Keys in an editor, or in a menu or dialog portalled out of the grid, are theirs.
    if (editing || !gridRef.current?.contains(target)) return;
    focusRowRequest.current = null;
    // In a cell with several buttons (Save row, Discard row), left and right go between them.
    const actions = target.closest<HTMLElement>("[data-actions]");
    if (actions && target instanceof HTMLButtonElement && event.key.startsWith("Arrow")) {
      const buttons = [...actions.querySelectorAll<HTMLButtonElement>("button:not(:disabled)")];
      const at = buttons.indexOf(target);
      const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
      const next = step === 0 ? undefined : buttons[at + step];
      if (next) {
        event.preventDefault();
        next.focus();
        return;
      }
    }
    const moved = navigate(
      current,
      { key: event.key, ctrlKey: event.ctrlKey, metaKey: event.metaKey },
      shape,
    );
    if (moved) {
      event.preventDefault();
      focusAfterRender.current = true;
      setActive(moved);
      return;
    }
    switch (activation(event.key, focusKindOf(target))) {
      case "click":
        event.preventDefault();
        target.click();
        return;
      case "edit": {
        event.preventDefault();
        const column = columns[current.col - 1];
        if (column && current.row >= 1) startEdit(rowAt(current.row - 1), column);
        return;
      }
      default:
    }
  }

  function startResize(event: ReactPointerEvent<HTMLDivElement>, key: string) {
    event.preventDefault();
    event.stopPropagation();
    const startX = event.clientX;
    const startWidth = widthOf(key);
    const target = event.currentTarget;
    target.setPointerCapture(event.pointerId);
    const move = (e: PointerEvent) =>
      setWidths((prev) => ({ ...prev, [key]: clampColumnWidth(startWidth + e.clientX - startX) }));
    const up = () => {
      target.removeEventListener("pointermove", move);
      target.removeEventListener("pointerup", up);
      target.removeEventListener("pointercancel", up);
    };
    target.addEventListener("pointermove", move);
    target.addEventListener("pointerup", up);
    target.addEventListener("pointercancel", up);
  }

  // Every cached row (thousands after a long scroll): only walked when something is selected,
  // not on each scroll frame.
  const loadedIds = () => [...pending.map((row) => row.tempId), ...rows.loadedIds()];
  const selectedLoaded = selection.size === 0 ? [] : loadedIds().map((id) => selection.has(id));
  const allSelected = selectedLoaded.length > 0 && selectedLoaded.every(Boolean);
  const someSelected = !allSelected && selectedLoaded.some(Boolean);

  const editingRow = editing ? findRow(editing.rowId) : null;
  const editingColumn = editing ? columns.find((column) => column.key === editing.key) : undefined;
  function findRow(id: string): GridRow | null {
    const index = findRowIndex(id);
    return index === null ? null : rowAt(index);
  }

  const handlers = useRef<Handlers>(null as unknown as Handlers);
  handlers.current = {
    toggleSelect: (id) => {
      const next = new Set(selection);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      onSelectionChange(next);
    },
    startEdit,
    stopEdit,
    focusActive: () => {
      focusAfterRender.current = true;
      focusTargetAt(current)?.focus({ preventScroll: true });
    },
    commit,
    onCommit,
    confirmPending: (tempId) => {
      void onConfirmPending(tempId).then((savedId) => {
        // Focus stays with the row: on the saved row's first editable cell, or back on the
        // pending row's Save button when it was not saved.
        focusRowRequest.current = savedId
          ? { rowId: savedId, col: firstEditableCol }
          : { rowId: tempId, col: actionsCol };
        setFocusTick((n) => n + 1);
      });
    },
    onDeleteRow,
  };

  // The rows in the window, plus the active one wherever it is: it holds the Tab stop.
  const renderedIndexes: number[] = [];
  for (let index = start; index < end; index++) renderedIndexes.push(index);
  const activeIndex = current.row - 1;
  if (activeIndex >= 0 && activeIndex < rowCount && (activeIndex < start || activeIndex >= end))
    renderedIndexes.push(activeIndex);
  const rendered = renderedIndexes.map((index) => ({ index, row: rowAt(index) }));
  const loadingInView = rendered.some(({ row }) => row.kind === "loading");
  const headerTab = (col: number) => (current.row === 0 && current.col === col ? 0 : -1);

  return (
    <div
      ref={gridRef}
      role="grid"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-rowcount={rowCount + 1}
      aria-colcount={columns.length + 2}
      onKeyDown={onKeyDown}
      onFocus={(event) => {
        if (!gridRef.current?.contains(event.target)) return;
        focusWithin.current = true;
        const position = positionOf(event.target);
        if (position && (position.row !== current.row || position.col !== current.col)) setActive(position);
      }}
      onBlur={(event) => {
        const next = event.relatedTarget;
        if (next instanceof Node && gridRef.current?.contains(next)) return;
        // Taken away by removing the focused element (a saved or discarded row, a row that
        // finished loading): the grid gives focus back to its active cell. Anything else is
        // the user leaving.
        if (!next && !event.target.isConnected) return;
        focusWithin.current = false;
      }}
      data-testid="db-grid"
      className="rounded-lg border border-border bg-background"
    >
      <div
        ref={scrollRef}
        data-testid="db-grid-scroll"
        className="overflow-auto overscroll-contain"
        style={{ height: bodyHeight + ROW + 2 }}
        onScroll={(event) => {
          const top = event.currentTarget.scrollTop;
          cancelAnimationFrame(frame.current);
          frame.current = requestAnimationFrame(() => setScrollTop(top));
        }}
      >
        <div style={{ width: totalWidth, minWidth: "100%" }} className="relative">
          <div
            role="row"
            tabIndex={-1}
            aria-rowindex={1}
            className="sticky top-0 z-20 flex border-b border-border bg-neutral-50 text-xs font-medium text-muted-foreground"
            style={{ height: ROW }}
          >
            <div
              role="columnheader"
              tabIndex={-1}
              aria-colindex={1}
              data-cell="0:0"
              data-kind="header"
              className="sticky left-0 z-10 flex shrink-0 items-center justify-center border-r border-border bg-neutral-50 focus-ring-inset"
              style={{ width: GRID.selectionColumnWidth }}
            >
              <input
                type="checkbox"
                aria-label="Select all loaded rows"
                data-testid="db-select-all"
                data-roving
                tabIndex={headerTab(0)}
                className="size-4 accent-(--color-primary)"
                checked={allSelected}
                ref={(input) => {
                  if (input) input.indeterminate = someSelected;
                }}
                onChange={() => onSelectionChange(allSelected ? new Set() : new Set(loadedIds()))}
              />
            </div>
            {columns.map((column, index) => {
              const Icon = TYPE_ICONS[column.dataType];
              return (
                <div
                  key={column.key}
                  role="columnheader"
                  tabIndex={headerTab(index + 1)}
                  aria-colindex={index + 2}
                  data-cell={`0:${index + 1}`}
                  data-kind="header"
                  className="relative flex shrink-0 items-center gap-1.5 border-r border-border px-2.5 focus-ring-inset"
                  style={{ width: widthOf(column.key) }}
                  title={
                    column.description ??
                    `${column.label} (${column.dataType}${column.readOnly ? ", read-only" : ""})`
                  }
                >
                  <Icon className="size-3.5 shrink-0" aria-hidden />
                  <span className="truncate text-foreground">{column.label}</span>
                  {column.required ? (
                    <>
                      <span className="text-destructive-text" aria-hidden>
                        *
                      </span>
                      <span className="sr-only">(required)</span>
                    </>
                  ) : null}
                  {/* biome-ignore lint/a11y/noStaticElementInteractions: pointer-only resize handle; widths also clamp */}
                  <div
                    className="absolute top-0 -right-1 z-10 h-full w-2 cursor-col-resize touch-none hover:bg-ring/40"
                    data-testid="db-col-resize"
                    onPointerDown={(event) => startResize(event, column.key)}
                    onDoubleClick={() =>
                      setWidths((prev) => ({ ...prev, [column.key]: GRID.columnDefaultWidth }))
                    }
                  />
                </div>
              );
            })}
            <div
              role="columnheader"
              tabIndex={headerTab(actionsCol)}
              aria-colindex={actionsCol + 1}
              data-cell={`0:${actionsCol}`}
              data-kind="header"
              className="flex shrink-0 items-center justify-center border-l border-border bg-neutral-50 focus-ring-inset sm:sticky sm:right-0"
              style={{ width: GRID.actionsColumnWidth }}
            >
              <span className="sr-only">Actions</span>
            </div>
            {/* Rows in view still loading: one compositor-animated bar under the header. A
                shimmer per skeleton cell restyled ~300 elements every frame while scrolling. */}
            {loadingInView ? (
              <Progress
                indeterminate
                aria-label="Loading rows"
                data-testid="db-grid-fetching"
                className="absolute inset-x-0 -bottom-px h-0.5 rounded-none bg-transparent"
              />
            ) : null}
          </div>

          <div className="relative" style={{ height: Math.max(rowCount, 0) * ROW }}>
            {rowCount === 0 ? (
              <p className="absolute inset-x-0 top-0 py-10 text-center text-sm text-muted-foreground">
                No rows yet. Add one or import a CSV file.
              </p>
            ) : null}
            {rendered.map(({ index, row }) => (
              <GridRowView
                key={row.id}
                index={index}
                row={row}
                values={row.kind === "loading" ? undefined : row.values}
                columns={columns}
                widths={widths}
                selected={selection.has(row.id)}
                activeCol={current.row === index + 1 ? current.col : -1}
                editing={editing?.rowId === row.id ? editing : null}
                confirming={confirming.has(row.id)}
                loadingBackground={row.kind === "loading" ? loadingBackground : null}
                handlers={handlers}
              />
            ))}
          </div>
        </div>
      </div>
      {editing && editingRow && editingRow.kind !== "loading" && editingColumn && editing.mode === "json" ? (
        <JsonDialog
          column={editingColumn}
          value={editingRow.values[editingColumn.key]}
          onSave={(next) => commit(editingRow, editingColumn, next)}
          onClose={() => stopEdit()}
        />
      ) : null}
      {editing && editingRow && editingRow.kind !== "loading" && editingColumn && editing.mode === "text" ? (
        <TextDialog
          column={editingColumn}
          value={editingRow.values[editingColumn.key]}
          onSave={(next) => commit(editingRow, editingColumn, next)}
          onClose={() => stopEdit()}
        />
      ) : null}
    </div>
  );
}

type Handlers = {
  toggleSelect: (id: string) => void;
  startEdit: (row: GridRow, column: EntityColumn) => void;
  stopEdit: (refocus?: boolean) => void;
  focusActive: () => void;
  commit: (row: GridRow, column: EntityColumn, value: unknown) => void;
  onCommit: (row: GridRow, column: EntityColumn, value: unknown) => void;
  confirmPending: (tempId: string) => void;
  onDeleteRow: (row: GridRow) => void;
};

type GridRowViewProps = {
  index: number;
  row: GridRow;
  /** The row's values, compared by identity: cached records only change when edited. */
  values: Record<string, unknown> | undefined;
  columns: EntityColumn[];
  widths: Record<string, number>;
  selected: boolean;
  /** The column of the grid's active cell when it is in this row (grid-keyboard), else -1. */
  activeCol: number;
  editing: Editing | null;
  confirming: boolean;
  /** For a loading row: its placeholder drawing (loadingRowBackground); compared by identity. */
  loadingBackground: ReturnType<typeof loadingRowBackground> | null;
  handlers: { current: Handlers };
};

/** One rendered row; memoised so scrolling renders only the rows that come into view. */
const GridRowView = memo(
  function GridRowView({
    index,
    row,
    values,
    columns,
    widths,
    selected,
    activeCol,
    editing,
    confirming,
    loadingBackground,
    handlers,
  }: GridRowViewProps) {
    // Row `index` is grid row index + 1 (the header is row 0) and aria-rowindex index + 2.
    const gridRow = index + 1;
    const tab = (col: number) => (activeCol === col ? 0 : -1);
    const actionsCol = columns.length + 1;
    if (row.kind === "loading") {
      return (
        <div
          role="row"
          tabIndex={-1}
          aria-rowindex={index + 2}
          aria-busy
          data-testid="db-row-loading"
          data-row-id={row.id}
          className="absolute left-0 w-full border-b border-border bg-background"
          style={{ height: ROW, transform: `translateY(${index * ROW}px)`, ...loadingBackground }}
        >
          {/* One cell across the row: it holds focus while the row loads. */}
          <div
            role="gridcell"
            tabIndex={activeCol >= 0 ? 0 : -1}
            aria-colindex={1}
            aria-colspan={columns.length + 2}
            data-loading-row={gridRow}
            data-kind="loading"
            className="absolute inset-0 focus-ring-inset"
          >
            <span className="sr-only">Loading row {index + 1}…</span>
          </div>
        </div>
      );
    }
    const isPending = row.kind === "pending";
    return (
      <div
        role="row"
        tabIndex={-1}
        aria-rowindex={index + 2}
        aria-selected={selected}
        data-testid="db-row"
        data-row-id={row.id}
        data-pending={isPending || undefined}
        className={cn(
          "group absolute left-0 flex w-full border-b border-border text-sm",
          isPending
            ? "bg-warning-subtle/60"
            : selected
              ? "bg-brand-50/70"
              : "bg-background hover:bg-neutral-50",
        )}
        style={{ height: ROW, transform: `translateY(${index * ROW}px)` }}
      >
        <div
          role="gridcell"
          tabIndex={-1}
          aria-colindex={1}
          data-cell={`${gridRow}:0`}
          data-kind="cell"
          className={cn(
            "sticky left-0 z-[5] flex shrink-0 items-center justify-center border-r border-border focus-ring-inset",
            isPending
              ? "bg-warning-subtle"
              : selected
                ? "bg-brand-50"
                : "bg-background group-hover:bg-neutral-50",
          )}
          style={{ width: GRID.selectionColumnWidth }}
        >
          {isPending ? <span className="absolute inset-y-0 left-0 w-0.5 bg-warning" aria-hidden /> : null}
          <input
            type="checkbox"
            aria-label="Select row"
            data-testid="db-row-select"
            data-roving
            tabIndex={tab(0)}
            className="size-4 accent-(--color-primary)"
            checked={selected}
            onChange={() => {
              handlers.current.toggleSelect(row.id);
            }}
          />
        </div>
        {columns.map((column, index) => {
          const col = index + 1;
          const width = widths[column.key] ?? GRID.columnDefaultWidth;
          const value = values?.[column.key];
          const isEditing = editing?.key === column.key;
          return (
            <div
              key={column.key}
              role="gridcell"
              tabIndex={tab(col)}
              aria-colindex={col + 1}
              aria-readonly={column.readOnly || undefined}
              data-testid="db-cell"
              data-field={column.key}
              data-cell={`${gridRow}:${col}`}
              data-kind={column.readOnly ? "readonly" : "cell"}
              className={cn(
                "relative flex shrink-0 items-center overflow-hidden border-r border-border px-2.5 focus-ring-inset",
                // Focus by mouse shows the cell too (the kit's ring is for keyboard focus).
                "focus:z-[1] focus:outline-2 focus:-outline-offset-2 focus:outline-ring",
                column.readOnly ? "text-muted-foreground" : "cursor-default",
                isPending && !column.readOnly && value === undefined && "italic",
              )}
              style={{ width }}
              onDoubleClick={() => handlers.current.startEdit(row, column)}
            >
              {isPending && column.builtIn && column.key === "id" ? (
                <span className="text-xs font-medium text-warning-text not-italic">Unsaved</span>
              ) : (
                <CellDisplay
                  column={column}
                  value={value}
                  width={width}
                  {...(column.readOnly
                    ? {}
                    : { onToggle: (next: boolean) => handlers.current.onCommit(row, column, next) })}
                />
              )}
              {isEditing && editing.mode === "inline" ? (
                <InlineEditor
                  column={column}
                  value={value}
                  onCommit={(next) => handlers.current.commit(row, column, next)}
                  onCancel={(refocus) => handlers.current.stopEdit(refocus)}
                />
              ) : null}
              {isEditing && editing.mode === "options" ? (
                <OptionsMenu
                  column={column}
                  value={value}
                  onCommit={(next) => {
                    handlers.current.onCommit(row, column, next);
                    if (column.dataType === "select") handlers.current.stopEdit();
                  }}
                  onClose={() => handlers.current.stopEdit()}
                  onClosed={() => handlers.current.focusActive()}
                />
              ) : null}
            </div>
          );
        })}
        <div
          role="gridcell"
          tabIndex={-1}
          aria-colindex={actionsCol + 1}
          data-cell={`${gridRow}:${actionsCol}`}
          data-kind="cell"
          data-actions
          className={cn(
            "z-[5] flex shrink-0 items-center justify-center gap-1 border-l border-border focus-ring-inset sm:sticky sm:right-0",
            isPending
              ? "bg-warning-subtle"
              : selected
                ? "bg-brand-50"
                : "bg-background group-hover:bg-neutral-50",
          )}
          style={{ width: GRID.actionsColumnWidth }}
        >
          {row.kind === "pending" ? (
            <Button
              title="Save row"
              variant="ghost"
              size="icon"
              className="size-8 text-success-text hover:bg-success-subtle"
              aria-label="Save row"
              data-testid="db-confirm-row"
              data-roving
              tabIndex={tab(actionsCol)}
              // Busy, not disabled, while it saves: disabling the focused button would drop
              // keyboard focus to the page body (entity-view ignores a second press).
              aria-busy={confirming || undefined}
              aria-disabled={confirming || undefined}
              onClick={() => handlers.current.confirmPending(row.id)}
            >
              {confirming ? <Spinner size="sm" label={null} /> : <CheckIcon />}
            </Button>
          ) : null}
          <Button
            title={row.kind === "pending" ? "Discard row" : "Delete row"}
            variant="ghost"
            size="icon"
            className="size-8 text-muted-foreground hover:text-destructive-text"
            aria-label={row.kind === "pending" ? "Discard row" : "Delete row"}
            data-testid="db-delete-row"
            {...(row.kind === "pending" ? {} : { "data-roving": true })}
            tabIndex={row.kind === "pending" ? -1 : tab(actionsCol)}
            onClick={() => handlers.current.onDeleteRow(row)}
          >
            <Trash2Icon />
          </Button>
        </div>
      </div>
    );
  },
  (a, b) =>
    a.index === b.index &&
    a.row.id === b.row.id &&
    a.row.kind === b.row.kind &&
    a.values === b.values &&
    a.columns === b.columns &&
    a.widths === b.widths &&
    a.selected === b.selected &&
    a.activeCol === b.activeCol &&
    a.editing === b.editing &&
    a.confirming === b.confirming &&
    a.loadingBackground === b.loadingBackground,
);
