import type { AppFilesBundle, Diagnostic, FileChangeResult } from "@liftoff/domain";
import { Alert, Button, ConfirmDialog, cn, EmptyState, Skeleton, Tooltip } from "@liftoff/ui";
import {
  CheckIcon,
  CircleAlertIcon,
  CodeIcon,
  FolderTreeIcon,
  LockIcon,
  PlusIcon,
  RefreshCwIcon,
  Trash2Icon,
} from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { errorStatus } from "../../lib/api.ts";
import { useSaveTracker } from "../builder/save-tracker.tsx";
import { spaceAppApi } from "../builder/space-app-api.ts";
import { AddFileDialog } from "./add-file-dialog.tsx";
import type { BundleChange } from "./bundle-update.ts";
import {
  DELETE_FILE_FAILED,
  LOAD_CODE_FAILED,
  SAVE_FILE_FAILED,
  STALE_DRAFT_MESSAGE,
} from "./code-editor-messages.ts";
import { CodeMirrorEditor } from "./codemirror-editor.tsx";
import { referencesToUpdate } from "./file-references.ts";
import { bundleFiles, groupFiles, initialFileId } from "./file-tree.ts";
import { FileTreeView } from "./file-tree-view.tsx";
import { starterContent } from "./new-file.ts";
import { SAVE_STATUS_LABELS } from "./save-status.ts";
import { useFileAutosave } from "./use-file-autosave.ts";

export type BundleState =
  | { status: "loading" }
  | { status: "error"; reload: () => void }
  | { status: "success"; data: AppFilesBundle; reload: () => void };

export type OpenFileRequest = { file: string; line: number; nonce: number };

export type CodeEditorPanelProps = {
  appId: string;
  bundle: BundleState;
  diagnostics: readonly Diagnostic[];
  /** The app's admins (its owner, a platform admin) edit; everyone else reads. */
  canEdit: boolean;
  openRequest: OpenFileRequest | null;
  onChange: (change: BundleChange, compile: FileChangeResult["compile"]) => void;
};

/** The code editor of a space app (spec section 2): file tree, CodeMirror, autosave, add and delete. */
export function CodeEditorPanel(props: CodeEditorPanelProps) {
  const { bundle } = props;
  if (bundle.status === "loading") {
    return (
      <div className="grid flex-1 grid-cols-1 gap-3 p-3 md:grid-cols-[13rem_minmax(0,1fr)]" aria-busy="true">
        <div className="hidden gap-2 md:grid md:content-start">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className="h-6" />
          ))}
        </div>
        <Skeleton className="min-h-80 rounded-lg" />
      </div>
    );
  }
  if (bundle.status === "error") {
    return (
      <div className="flex flex-1 items-center justify-center p-6" data-testid="code-editor-load-error">
        <EmptyState
          icon={CircleAlertIcon}
          title={LOAD_CODE_FAILED}
          action={
            <Button variant="outline" onClick={bundle.reload}>
              <RefreshCwIcon />
              Try again
            </Button>
          }
        />
      </div>
    );
  }
  return <LoadedCodeEditor {...props} data={bundle.data} reload={bundle.reload} />;
}

function LoadedCodeEditor({
  appId,
  data,
  reload,
  diagnostics,
  canEdit,
  openRequest,
  onChange,
}: CodeEditorPanelProps & { data: AppFilesBundle; reload: () => void }) {
  const { track } = useSaveTracker();
  const dataRef = useRef(data);
  dataRef.current = data;
  const onSaved = useCallback(
    (result: FileChangeResult, file: { id: string; content: string }) =>
      onChange({ versionId: result.versionId, upsert: [file] }, result.compile),
    [onChange],
  );
  const autosave = useFileAutosave({ appId, versionId: data.versionId, onSaved });
  const files = useMemo(() => bundleFiles(data), [data]);
  const groups = useMemo(() => groupFiles(files), [files]);
  const [selectedId, setSelectedId] = useState<string | null>(() =>
    initialFileId(files, data.mainPage, openRequest?.file),
  );
  const [reveal, setReveal] = useState<{ line: number; nonce: number } | null>(
    openRequest ? { line: openRequest.line, nonce: openRequest.nonce } : null,
  );
  const [generation, setGeneration] = useState(0);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [treeOpen, setTreeOpen] = useState(false);

  // An "open in code editor" from the issue panel while the editor is already open.
  useEffect(() => {
    if (!openRequest) return;
    setSelectedId(openRequest.file);
    setReveal({ line: openRequest.line, nonce: openRequest.nonce });
  }, [openRequest]);

  // A selected file that went away (deleted) falls back to the first one.
  useEffect(() => {
    if (selectedId && files.some((file) => file.id === selectedId)) return;
    setSelectedId(initialFileId(files, data.mainPage));
  }, [files, selectedId, data.mainPage]);

  const selected = files.find((file) => file.id === selectedId) ?? null;
  const editable = canEdit && selected !== null && !selected.readOnly && autosave.status !== "conflict";
  const dirtyIds = useMemo(() => new Set(Object.keys(autosave.buffers)), [autosave.buffers]);
  const errorIds = useMemo(
    () => new Set(diagnostics.filter((d) => d.severity === "error").map((d) => d.file)),
    [diagnostics],
  );
  const fileDiagnostics = useMemo(
    () => diagnostics.filter((diagnostic) => diagnostic.file === selectedId),
    [diagnostics, selectedId],
  );

  const reloadCode = () => {
    autosave.reset();
    setGeneration((n) => n + 1);
    reload();
  };

  const createFile = async (id: string) => {
    await autosave.flush();
    await autosave.saveNow(id, starterContent(id));
    setSelectedId(id);
    setTreeOpen(false);
  };

  const deleteSelected = async () => {
    if (!selected) return;
    await autosave.flush();
    const current = dataRef.current;
    const contents = bundleFiles(current).map((file) => ({
      id: file.id,
      content: autosave.buffers[file.id] ?? file.content,
    }));
    const references = referencesToUpdate(contents, selected.id);
    try {
      const result = await track(
        spaceAppApi.deleteFile(appId, {
          fileId: selected.id,
          referencesToUpdate: references,
          baseVersionId: current.versionId,
        }),
      );
      onChange(
        {
          versionId: result.versionId,
          remove: [selected.id],
          upsert: references.map((reference) => ({ id: reference.path, content: reference.content })),
        },
        result.compile,
      );
    } catch (error) {
      throw new Error(errorStatus(error) === 409 ? STALE_DRAFT_MESSAGE : DELETE_FILE_FAILED);
    }
  };

  const status = autosave.status;
  const dirty = dirtyIds.size > 0;

  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="code-editor">
      <div className="flex flex-wrap items-center gap-2 border-b border-border px-3 py-2">
        <Button
          variant="outline"
          size="sm"
          className="md:hidden"
          aria-expanded={treeOpen}
          onClick={() => setTreeOpen((open) => !open)}
        >
          <FolderTreeIcon />
          Files
        </Button>
        {/* min-w-40: on a phone the toolbar wraps before the Read-only badge would run over
            the save status (the badge does not shrink, the file name does). */}
        <p
          className="flex min-w-40 flex-1 items-center gap-2 font-mono text-13"
          data-testid="code-editor-current-file"
        >
          {selected ? (
            <>
              <span className="truncate">{selected.id}</span>
              {!canEdit || selected.readOnly ? (
                <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-neutral-100 px-2 py-0.5 font-sans text-xs text-muted-foreground">
                  <LockIcon className="size-3" aria-hidden />
                  Read-only
                </span>
              ) : null}
            </>
          ) : (
            <span className="font-sans text-muted-foreground">No file selected</span>
          )}
        </p>
        <SaveStatusView status={status} dirty={dirty} onRetry={() => void autosave.flush()} />
        {canEdit ? (
          <>
            <Tooltip content="Add a file">
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label="Add file"
                onClick={() => setAdding(true)}
                data-testid="code-editor-add-file"
              >
                <PlusIcon />
              </Button>
            </Tooltip>
            <Tooltip content={selected && !selected.readOnly ? `Delete ${selected.label}` : null}>
              <Button
                variant="ghost"
                size="icon"
                className="size-8 text-destructive-text hover:bg-destructive-subtle"
                aria-label="Delete file"
                disabled={!selected || selected.readOnly || status === "conflict"}
                onClick={() => setDeleting(true)}
                data-testid="code-editor-delete-file"
              >
                <Trash2Icon />
              </Button>
            </Tooltip>
          </>
        ) : null}
      </div>

      {status === "conflict" ? (
        <Alert
          tone="warning"
          className="m-3 mb-0"
          data-testid="code-editor-conflict"
          action={
            <Button size="sm" variant="outline" onClick={reloadCode}>
              <RefreshCwIcon />
              Reload
            </Button>
          }
        >
          {STALE_DRAFT_MESSAGE}
        </Alert>
      ) : null}

      <div className="relative grid min-h-0 flex-1 grid-cols-1 md:grid-cols-[13rem_minmax(0,1fr)]">
        <div
          className={cn(
            "min-h-0 overflow-y-auto border-border bg-neutral-25 md:block md:border-r",
            treeOpen ? "absolute inset-0 z-10 block bg-background" : "hidden",
          )}
        >
          <FileTreeView
            groups={groups}
            selectedId={selectedId}
            dirtyIds={dirtyIds}
            errorIds={errorIds}
            onSelect={(file) => {
              setSelectedId(file.id);
              setReveal(null);
              setTreeOpen(false);
            }}
          />
        </div>
        <div className="min-h-0 min-w-0">
          {selected ? (
            <CodeMirrorEditor
              key={`${selected.id}:${generation}`}
              docId={`${selected.id}:${generation}`}
              initialValue={autosave.buffers[selected.id] ?? selected.content}
              language={selected.language}
              readOnly={!editable}
              diagnostics={fileDiagnostics}
              onChange={(value) => autosave.edit(selected.id, value)}
              onSaveNow={() => void autosave.flush()}
              reveal={reveal}
              label={`Code of ${selected.id}`}
            />
          ) : (
            <div className="flex h-full items-center justify-center p-6">
              <EmptyState
                icon={CodeIcon}
                title="No files yet"
                description={canEdit ? "Add a page to start building this app." : "This app has no code yet."}
                action={
                  canEdit ? (
                    <Button onClick={() => setAdding(true)}>
                      <PlusIcon />
                      Add file
                    </Button>
                  ) : null
                }
              />
            </div>
          )}
        </div>
      </div>

      <AddFileDialog
        open={adding}
        onOpenChange={setAdding}
        existingIds={files.map((file) => file.id)}
        onCreate={createFile}
      />
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={`Delete ${selected?.label ?? "file"}?`}
        description="Imports of this file in other files are removed too. The previous version stays in the history."
        confirmLabel="Delete file"
        destructive
        onConfirm={deleteSelected}
      />
    </div>
  );
}

function SaveStatusView({
  status,
  dirty,
  onRetry,
}: {
  status: keyof typeof SAVE_STATUS_LABELS;
  dirty: boolean;
  onRetry: () => void;
}) {
  const text = status === "idle" && dirty ? "Unsaved changes" : SAVE_STATUS_LABELS[status];
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 text-xs",
        status === "error" || status === "conflict" ? "text-destructive-text" : "text-muted-foreground",
      )}
      role="status"
      data-testid="code-editor-save-status"
      data-status={status}
    >
      {status === "saved" ? <CheckIcon className="size-3.5" aria-hidden /> : null}
      {status === "error" ? (
        <>
          {SAVE_FILE_FAILED}
          <Button variant="link" size="sm" className="h-auto text-xs" onClick={onRetry}>
            Retry
          </Button>
        </>
      ) : (
        text
      )}
    </span>
  );
}
