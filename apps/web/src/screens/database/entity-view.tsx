import { columnsOf, type EntityColumn } from "@liftoff/domain";
import {
  Button,
  ConfirmDialog,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  Progress,
  Skeleton,
  toast,
} from "@liftoff/ui";
import { EllipsisIcon, EraserIcon, PencilIcon, PlusIcon, Trash2Icon, UploadIcon } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { errorMessage } from "../../lib/api.ts";
import { LoadError } from "../apps/load-error.tsx";
import { runBulkDelete } from "./bulk-delete.ts";
import { CsvImportWizard } from "./csv-import-wizard.tsx";
import { DataGrid, type GridRow, type PendingRow } from "./data-grid.tsx";
import type { DatabaseApi, EntitySummary } from "./database-api.ts";
import { type EntityRecord, pendingRowPayload } from "./grid-model.ts";
import type { RequestChat } from "./permission-change.ts";
import { PermissionsControl } from "./permissions-control.tsx";
import { useEntityRows } from "./use-entity-rows.ts";
import { watchEntityChanges } from "./watch-entity-changes.ts";

export const EMPTY_ROW_WARNING = "An empty row can't be saved, fill in at least one field first";
/** Live changes are applied at most this often (a bulk change elsewhere is one reload per window). */
export const LIVE_RELOAD_MS = 300;

let pendingCounter = 0;

type EntityViewProps = {
  api: DatabaseApi;
  entity: EntitySummary;
  /** Something changed counts or permissions: reload the entity list in the background. */
  onChanged: () => void;
  onEditSchema: () => void;
  onDeleteEntity: () => void;
  /** The builder's chat, when it exists (permission presets are asked of it). */
  requestChat?: RequestChat | undefined;
  /** After a chat request: the panel closes. */
  onChatRequested?: (() => void) | undefined;
  /** An AI model is configured: the CSV import asks it for a column mapping first. */
  aiAvailable: boolean;
};

/** One entity: toolbar (Add row, Import, bulk delete, permissions) and its grid. */
export function EntityView({
  api,
  entity,
  onChanged,
  onEditSchema,
  onDeleteEntity,
  requestChat,
  onChatRequested,
  aiAvailable,
}: EntityViewProps) {
  const name = entity.name;
  const columns = useMemo(() => columnsOf(entity.schema), [entity.schema]);
  const rows = useEntityRows(api, name);
  const [pending, setPending] = useState<PendingRow[]>([]);
  const [selection, setSelection] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState<Set<string>>(new Set());
  const [deleteTarget, setDeleteTarget] = useState<GridRow | null>(null);
  const [bulkConfirm, setBulkConfirm] = useState(false);
  const [bulk, setBulk] = useState<{ done: number; total: number; cancelling: boolean } | null>(null);
  const cancelBulk = useRef(false);
  /**
   * The latest cell write per row. Answers can come back out of order (quick clicks in a
   * multiselect), and an older answer must not overwrite what a newer write put in the row.
   */
  const latestWrite = useRef(new Map<string, number>());
  const [importOpen, setImportOpen] = useState(false);
  const [purgeConfirm, setPurgeConfirm] = useState(false);

  // The grid follows changes made elsewhere (the app itself, another tab, the chat): the
  // entity's change stream triggers a reload of the rows in view, and of the counts when
  // rows came or went.
  const { revalidate } = rows;
  const onChangedRef = useRef(onChanged);
  onChangedRef.current = onChanged;
  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let countsChanged = false;
    const schedule = (counts: boolean) => {
      countsChanged ||= counts;
      if (timer !== undefined) return;
      timer = setTimeout(() => {
        timer = undefined;
        revalidate();
        if (countsChanged) onChangedRef.current();
        countsChanged = false;
      }, LIVE_RELOAD_MS);
    };
    void watchEntityChanges({
      url: api.changesUrl(name),
      signal: controller.signal,
      onChange: (change) => schedule(change.type !== "update"),
      onReady: ({ reconnected }) => {
        if (reconnected) schedule(true);
      },
    });
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [api, name, revalidate]);

  function addRow() {
    pendingCounter += 1;
    setPending((prev) => [{ tempId: `pending-${pendingCounter}`, values: {} }, ...prev]);
  }

  function commit(row: GridRow, column: EntityColumn, value: unknown) {
    if (row.kind === "loading" || column.readOnly) return;
    if (row.kind === "pending") {
      // Editing a pending row stays local (spec section 4).
      setPending((prev) =>
        prev.map((p) => (p.tempId === row.id ? { ...p, values: { ...p.values, [column.key]: value } } : p)),
      );
      return;
    }
    const id = row.id;
    const previous = rows.replace(id, (record) => ({ ...record, [column.key]: value }));
    const write = (latestWrite.current.get(id) ?? 0) + 1;
    latestWrite.current.set(id, write);
    const isLatest = () => latestWrite.current.get(id) === write;
    api
      .updateRecord(name, id, { [column.key]: value })
      .then((saved) => {
        if (isLatest()) rows.replace(id, () => saved);
      })
      .catch((error: unknown) => {
        if (previous && isLatest())
          rows.replace(id, (record) => ({ ...record, [column.key]: previous[column.key] }));
        toast.error(errorMessage(error, "Failed to update row"));
      });
  }

  /** Saves a pending row: the saved row's id, or null when it was not saved. */
  async function confirmPending(tempId: string): Promise<string | null> {
    const row = pending.find((p) => p.tempId === tempId);
    if (!row || confirming.has(tempId)) return null;
    const payload = pendingRowPayload(row.values, columns);
    if (Object.keys(payload).length === 0) {
      toast.warning(EMPTY_ROW_WARNING);
      return null;
    }
    setConfirming((prev) => new Set(prev).add(tempId));
    try {
      const saved: EntityRecord = await api.createRecord(name, payload);
      setPending((prev) => prev.filter((p) => p.tempId !== tempId));
      setSelection((prev) => {
        if (!prev.has(tempId)) return prev;
        const next = new Set(prev);
        next.delete(tempId);
        return next;
      });
      rows.insertAtTop(saved);
      onChanged();
      return saved.id;
    } catch (error) {
      toast.error(errorMessage(error, "Failed to create row"));
      return null;
    } finally {
      setConfirming((prev) => {
        const next = new Set(prev);
        next.delete(tempId);
        return next;
      });
    }
  }

  function deleteRow(row: GridRow) {
    if (row.kind === "pending") {
      // Deleting a pending row is local (spec section 4).
      setPending((prev) => prev.filter((p) => p.tempId !== row.id));
      setSelection((prev) => {
        const next = new Set(prev);
        next.delete(row.id);
        return next;
      });
    } else if (row.kind === "saved") setDeleteTarget(row);
  }

  async function deleteSaved(row: GridRow) {
    try {
      await api.deleteRecord(name, row.id);
      rows.remove(row.id);
      setSelection((prev) => {
        const next = new Set(prev);
        next.delete(row.id);
        return next;
      });
      onChanged();
    } catch (error) {
      toast.error(errorMessage(error, "Failed to delete row"));
    }
  }

  async function startBulkDelete() {
    const pendingIds = new Set(pending.map((p) => p.tempId));
    const localOnes = [...selection].filter((id) => pendingIds.has(id));
    const ids = [...selection].filter((id) => !pendingIds.has(id));
    if (localOnes.length > 0) setPending((prev) => prev.filter((p) => !selection.has(p.tempId)));
    if (ids.length === 0) {
      setSelection(new Set());
      return;
    }
    cancelBulk.current = false;
    setBulk({ done: 0, total: ids.length, cancelling: false });
    const result = await runBulkDelete({
      ids,
      deleteChunk: (chunk) => api.deleteRecords(name, chunk).then(() => undefined),
      isCancelled: () => cancelBulk.current,
      onProgress: ({ done, total }) =>
        setBulk((prev) => ({ done, total, cancelling: prev?.cancelling ?? false })),
    });
    const deleted = new Set(result.deletedIds);
    setSelection((prev) => new Set([...prev].filter((id) => !deleted.has(id) && !pendingIds.has(id))));
    setBulk(null);
    rows.refresh();
    onChanged();
    if (result.error) toast.error(errorMessage(result.error, "Failed to delete row"));
    else if (result.cancelled)
      toast.info(`Deletion cancelled: ${result.deletedIds.length} of ${ids.length} rows deleted`);
    else
      toast.success(`${result.deletedIds.length} ${result.deletedIds.length === 1 ? "row" : "rows"} deleted`);
  }

  const selectedCount = selection.size;
  const headingId = useId();
  const hintId = useId();

  return (
    <div className="grid min-w-0 grid-cols-1 gap-3" data-testid="db-entity-view">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <div className="flex min-w-0 flex-1 items-baseline gap-2">
          <h3
            className="truncate text-base font-semibold tracking-tight"
            data-testid="db-entity-name"
            id={headingId}
          >
            {name}
          </h3>
          <span className="shrink-0 text-13 text-muted-foreground">
            <span data-testid="db-total">{rows.status === "ready" ? rows.total.toLocaleString() : "…"}</span>{" "}
            {rows.total === 1 ? "row" : "rows"}
            {pending.length > 0 ? ` · ${pending.length} unsaved` : ""}
          </span>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <PermissionsControl
            api={api}
            entity={entity}
            onApplied={onChanged}
            requestChat={requestChat}
            onRequested={onChatRequested}
          />
          {selectedCount > 0 ? (
            <Button
              variant="outline"
              size="sm"
              className="text-destructive-text"
              disabled={bulk !== null}
              onClick={() => setBulkConfirm(true)}
              data-testid="db-delete-selected"
            >
              <Trash2Icon />
              Delete {selectedCount}
            </Button>
          ) : null}
          <Button variant="outline" size="sm" onClick={() => setImportOpen(true)} data-testid="db-import">
            <UploadIcon />
            Import
          </Button>
          <Button size="sm" onClick={addRow} data-testid="db-add-row">
            <PlusIcon />
            Add row
          </Button>
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label="Entity actions"
                data-testid="db-entity-menu"
              >
                <EllipsisIcon />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent>
              <DropdownMenuItem onSelect={onEditSchema} data-testid="db-edit-schema">
                <PencilIcon />
                Edit schema
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => setPurgeConfirm(true)} data-testid="db-purge-fields">
                <EraserIcon />
                Purge removed fields
              </DropdownMenuItem>
              <DropdownMenuSeparator />
              <DropdownMenuItem
                variant="destructive"
                onSelect={onDeleteEntity}
                data-testid="db-delete-entity"
              >
                <Trash2Icon />
                Delete entity
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
      </div>

      {bulk ? (
        <div
          className="flex flex-wrap items-center gap-3 rounded-lg border border-border bg-muted/60 px-3.5 py-2.5"
          data-testid="db-bulk-progress"
          role="status"
        >
          <span className="text-13 font-medium">
            {bulk.cancelling ? "Cancelling…" : "Deleting rows…"} {bulk.done} / {bulk.total}
          </span>
          <Progress value={bulk.done} max={bulk.total} tone="destructive" className="min-w-32 flex-1" />
          <Button
            variant="outline"
            size="sm"
            disabled={bulk.cancelling}
            onClick={() => {
              cancelBulk.current = true;
              setBulk((prev) => (prev ? { ...prev, cancelling: true } : prev));
            }}
            data-testid="db-bulk-cancel"
          >
            Cancel
          </Button>
        </div>
      ) : null}

      {rows.status === "loading" ? (
        <div
          className="grid gap-2 rounded-lg border border-border p-3"
          aria-busy="true"
          data-testid="db-grid-loading"
        >
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-7 w-full" />
          ))}
        </div>
      ) : rows.status === "error" ? (
        <LoadError title="Couldn't load the rows" error={rows.error} onRetry={() => rows.refresh(true)} />
      ) : (
        <DataGrid
          columns={columns}
          rows={rows}
          pending={pending}
          selection={selection}
          onSelectionChange={setSelection}
          onCommit={commit}
          onConfirmPending={confirmPending}
          onDeleteRow={deleteRow}
          confirming={confirming}
          labelledBy={headingId}
          describedBy={hintId}
        />
      )}
      <p className="text-xs text-muted-foreground" id={hintId}>
        Double-click or press Enter to edit a cell; arrow keys move between cells, Escape cancels.
      </p>

      <ConfirmDialog
        open={deleteTarget !== null}
        onOpenChange={(open) => (open ? null : setDeleteTarget(null))}
        title="Delete this row?"
        description="The row is removed from the app's data. This can't be undone."
        confirmLabel="Delete row"
        destructive
        onConfirm={async () => {
          if (deleteTarget) await deleteSaved(deleteTarget);
        }}
      />
      <ConfirmDialog
        open={bulkConfirm}
        onOpenChange={setBulkConfirm}
        title={`Delete ${selectedCount} ${selectedCount === 1 ? "row" : "rows"}?`}
        description="Rows are deleted in small batches; you can cancel while it runs. Deleted rows can't be restored."
        confirmLabel="Delete"
        destructive
        onConfirm={() => {
          void startBulkDelete();
        }}
      />
      <ConfirmDialog
        open={purgeConfirm}
        onOpenChange={setPurgeConfirm}
        title="Purge removed fields?"
        description="Values of fields that are no longer in the schema are deleted from every row. Until then they are kept and come back if the field is added again. This can't be undone."
        confirmLabel="Purge"
        destructive
        onConfirm={async () => {
          const purged = await api.purgeRemovedFields(name);
          toast.success(
            purged === 0
              ? "No removed fields to purge"
              : `${purged} ${purged === 1 ? "row" : "rows"} cleaned up`,
          );
          rows.refresh();
        }}
      />
      <CsvImportWizard
        open={importOpen}
        onOpenChange={setImportOpen}
        api={api}
        entity={entity}
        aiMapping={aiAvailable}
        onImported={() => {
          rows.refresh();
          onChanged();
        }}
      />
    </div>
  );
}
