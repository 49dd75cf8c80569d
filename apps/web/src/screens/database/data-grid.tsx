import { type ColumnDataType, type EntityColumn, GRID, isLongTextCell } from "@liftoff/domain";
import { Button, cn, Progress } from "@liftoff/ui";
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
  booleanCellValue,
  type CellPosition,
  cellText,
  clampColumnWidth,
  type EntityRecord,
  loadingRowBackground,
  moveFocus,
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
  onConfirmPending: (tempId: string) => void;
  onDeleteRow: (row: GridRow) => void;
  confirming: ReadonlySet<string>;
};

const ROW = GRID.rowHeight;

/**
 * The entity grid (spec sections 3, 5, 9): typed columns, 40 px rows in a 480 px window,
 * resizable columns (50–400 px), a 50 px selection column and a 100 px actions column.
 * Only the visible rows (plus overscan) are rendered, so 100,000 rows scroll smoothly.
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
}: DataGridProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [widths, setWidths] = useState<Record<string, number>>({});
  const [focus, setFocus] = useState<CellPosition | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
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

  // Keep the focused cell in view when moving with the keyboard.
  useLayoutEffect(() => {
    const scroller = scrollRef.current;
    if (!focus || !scroller) return;
    const top = scrollToRow(focus.row, scroller.scrollTop, bodyHeight);
    if (top !== null) scroller.scrollTop = top;
    const cell = scroller.querySelector<HTMLElement>(`[data-pos="${focus.row}:${focus.col}"]`);
    if (cell) {
      const left = cell.offsetLeft;
      const right = left + cell.offsetWidth;
      const viewLeft = scroller.scrollLeft + GRID.selectionColumnWidth;
      const viewRight = scroller.scrollLeft + scroller.clientWidth - GRID.actionsColumnWidth;
      if (left < viewLeft) scroller.scrollLeft = left - GRID.selectionColumnWidth;
      else if (right > viewRight)
        scroller.scrollLeft = right - scroller.clientWidth + GRID.actionsColumnWidth;
    }
  }, [focus, bodyHeight]);

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

  function stopEdit() {
    setEditing(null);
    gridRef.current?.focus({ preventScroll: true });
  }

  function commit(row: GridRow, column: EntityColumn, value: unknown) {
    onCommit(row, column, value);
    stopEdit();
  }

  function onKeyDown(event: ReactKeyboardEvent<HTMLDivElement>) {
    if (editing) return;
    // Enter or Space on a row's button (save, discard, delete) presses that button; without
    // this the grid took the key to edit its focused cell, and a keyboard user could not
    // save a new row.
    if ((event.key === "Enter" || event.key === " ") && (event.target as HTMLElement).closest("button"))
      return;
    if (!focus) {
      if (event.key.startsWith("Arrow") && rowCount > 0) {
        event.preventDefault();
        setFocus({ row: 0, col: 0 });
      }
      return;
    }
    const moved = moveFocus(focus, event.key, rowCount, columns.length);
    if (moved) {
      event.preventDefault();
      setFocus(moved);
      return;
    }
    if (
      event.key === "Enter" ||
      event.key === "F2" ||
      (event.key === " " && columns[focus.col]?.dataType === "boolean")
    ) {
      event.preventDefault();
      const column = columns[focus.col];
      if (column) startEdit(rowAt(focus.row), column);
    } else if (event.key === "Escape") {
      setFocus(null);
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
    for (let index = start; index < end; index++) {
      const row = rowAt(index);
      if (row.id === id) return row;
    }
    return null;
  }

  const handlers = useRef<Handlers>(null as unknown as Handlers);
  handlers.current = {
    toggleSelect: (id) => {
      const next = new Set(selection);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      onSelectionChange(next);
    },
    focusCell: (position) => {
      setFocus(position);
      gridRef.current?.focus({ preventScroll: true });
    },
    startEdit,
    stopEdit,
    commit,
    onCommit,
    onConfirmPending,
    onDeleteRow,
  };

  const rendered: GridRow[] = [];
  for (let index = start; index < end; index++) rendered.push(rowAt(index));
  const loadingInView = rendered.some((row) => row.kind === "loading");

  return (
    <div
      ref={gridRef}
      role="grid"
      aria-rowcount={rowCount + 1}
      aria-colcount={columns.length + 2}
      tabIndex={0}
      onKeyDown={onKeyDown}
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
              className="sticky left-0 z-10 flex shrink-0 items-center justify-center border-r border-border bg-neutral-50"
              style={{ width: GRID.selectionColumnWidth }}
            >
              <input
                type="checkbox"
                aria-label="Select all loaded rows"
                data-testid="db-select-all"
                className="size-4 accent-(--color-primary)"
                checked={allSelected}
                ref={(input) => {
                  if (input) input.indeterminate = someSelected;
                }}
                onChange={() => onSelectionChange(allSelected ? new Set() : new Set(loadedIds()))}
              />
            </div>
            {columns.map((column) => {
              const Icon = TYPE_ICONS[column.dataType];
              return (
                <div
                  key={column.key}
                  role="columnheader"
                  tabIndex={-1}
                  className="relative flex shrink-0 items-center gap-1.5 border-r border-border px-2.5"
                  style={{ width: widthOf(column.key) }}
                  title={
                    column.description ??
                    `${column.label} (${column.dataType}${column.readOnly ? ", read-only" : ""})`
                  }
                >
                  <Icon className="size-3.5 shrink-0" aria-hidden />
                  <span className="truncate text-foreground">{column.label}</span>
                  {column.required ? <span className="text-destructive-text">*</span> : null}
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
              tabIndex={-1}
              className="flex shrink-0 items-center justify-center border-l border-border bg-neutral-50 sm:sticky sm:right-0"
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
            {rendered.map((row, offset) => {
              const index = start + offset;
              return (
                <GridRowView
                  key={row.id}
                  index={index}
                  row={row}
                  values={row.kind === "loading" ? undefined : row.values}
                  columns={columns}
                  widths={widths}
                  selected={selection.has(row.id)}
                  focusCol={focus?.row === index ? focus.col : -1}
                  editing={editing?.rowId === row.id ? editing : null}
                  confirming={confirming.has(row.id)}
                  loadingBackground={row.kind === "loading" ? loadingBackground : null}
                  handlers={handlers}
                />
              );
            })}
          </div>
        </div>
      </div>
      {editing && editingRow && editingRow.kind !== "loading" && editingColumn && editing.mode === "json" ? (
        <JsonDialog
          column={editingColumn}
          value={editingRow.values[editingColumn.key]}
          onSave={(next) => commit(editingRow, editingColumn, next)}
          onClose={stopEdit}
        />
      ) : null}
      {editing && editingRow && editingRow.kind !== "loading" && editingColumn && editing.mode === "text" ? (
        <TextDialog
          column={editingColumn}
          value={editingRow.values[editingColumn.key]}
          onSave={(next) => commit(editingRow, editingColumn, next)}
          onClose={stopEdit}
        />
      ) : null}
    </div>
  );
}

type Handlers = {
  toggleSelect: (id: string) => void;
  focusCell: (position: CellPosition) => void;
  startEdit: (row: GridRow, column: EntityColumn) => void;
  stopEdit: () => void;
  commit: (row: GridRow, column: EntityColumn, value: unknown) => void;
  onCommit: (row: GridRow, column: EntityColumn, value: unknown) => void;
  onConfirmPending: (tempId: string) => void;
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
  focusCol: number;
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
    focusCol,
    editing,
    confirming,
    loadingBackground,
    handlers,
  }: GridRowViewProps) {
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
          <div role="gridcell" tabIndex={-1} aria-colspan={columns.length + 2} className="sr-only">
            Loading row {index + 1}…
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
          className={cn(
            "sticky left-0 z-[5] flex shrink-0 items-center justify-center border-r border-border",
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
            className="size-4 accent-(--color-primary)"
            checked={selected}
            onChange={() => {
              handlers.current.toggleSelect(row.id);
            }}
          />
        </div>
        {columns.map((column, col) => {
          const width = widths[column.key] ?? GRID.columnDefaultWidth;
          const value = values?.[column.key];
          const focused = focusCol === col;
          const isEditing = editing?.key === column.key;
          return (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the grid handles keys for its cells.
            <div
              key={column.key}
              role="gridcell"
              tabIndex={-1}
              aria-readonly={column.readOnly || undefined}
              aria-selected={focused}
              data-testid="db-cell"
              data-field={column.key}
              data-pos={`${index}:${col}`}
              className={cn(
                "relative flex shrink-0 items-center overflow-hidden border-r border-border px-2.5",
                column.readOnly ? "text-muted-foreground" : "cursor-default",
                focused && "z-[1] outline-2 -outline-offset-2 outline-ring",
                isPending && !column.readOnly && value === undefined && "italic",
              )}
              style={{ width }}
              onClick={() => {
                handlers.current.focusCell({ row: index, col });
              }}
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
                  onCancel={() => handlers.current.stopEdit()}
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
                />
              ) : null}
            </div>
          );
        })}
        <div
          role="gridcell"
          tabIndex={-1}
          className={cn(
            "z-[5] flex shrink-0 items-center justify-center gap-1 border-l border-border sm:sticky sm:right-0",
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
              loading={confirming}
              onClick={() => handlers.current.onConfirmPending(row.id)}
            >
              {confirming ? null : <CheckIcon />}
            </Button>
          ) : null}
          <Button
            title={row.kind === "pending" ? "Discard row" : "Delete row"}
            variant="ghost"
            size="icon"
            className="size-8 text-muted-foreground hover:text-destructive-text"
            aria-label={row.kind === "pending" ? "Discard row" : "Delete row"}
            data-testid="db-delete-row"
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
    a.focusCol === b.focusCol &&
    a.editing === b.editing &&
    a.confirming === b.confirming &&
    a.loadingBackground === b.loadingBackground,
);
