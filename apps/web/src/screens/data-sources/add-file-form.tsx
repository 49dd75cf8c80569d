import { type ContextItem, DATA_SOURCE_MESSAGES } from "@liftoff/domain";
import { Button, cn } from "@liftoff/ui";
import { UploadIcon, XIcon } from "lucide-react";
import { type DragEvent, type FormEvent, useId, useRef, useState } from "react";
import { dataSourcesApi } from "./data-sources-api.ts";
import { formatFileSize } from "./format-file-size.ts";
import { serverMessage } from "./server-message.ts";

/** What the server reads (features/data-sources/ingest-files.ts). */
export const ACCEPTED_FILE_TYPES = ".csv,.pdf,.doc,.docx,.txt";

export type AddFileFormProps = { appId: string; onAdded: (items: ContextItem[]) => void };

/** Files as data sources (POST /api/context/ingest/file): pick or drop several, then upload. */
export function AddFileForm({ appId, onAdded }: AddFileFormProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [dragging, setDragging] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function add(list: FileList | null) {
    if (!list || list.length === 0) return;
    const picked = [...list];
    // The same file picked twice is sent once.
    setFiles((current) => [
      ...current.filter((file) => !picked.some((next) => next.name === file.name && next.size === file.size)),
      ...picked,
    ]);
    setError(null);
  }

  function drop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    add(event.dataTransfer.files);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (files.length === 0) {
      setError(DATA_SOURCE_MESSAGES.noFile);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onAdded(await dataSourcesApi.ingestFiles(appId, files));
      setFiles([]);
      if (input.current) input.current.value = "";
    } catch (failure) {
      setError(serverMessage(failure, DATA_SOURCE_MESSAGES.uploadOther));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="grid gap-3"
      onSubmit={(event) => void submit(event)}
      noValidate
      data-testid="ds-add-file"
    >
      <label
        htmlFor={`${id}-file`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        className={cn(
          "flex cursor-pointer flex-col items-center gap-2 rounded-xl border border-dashed border-input bg-neutral-25 px-4 py-6 text-center transition-colors",
          "hover:border-neutral-400/70 hover:bg-neutral-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
          dragging && "border-brand-400 bg-brand-50",
        )}
      >
        <span className="flex size-9 items-center justify-center rounded-lg bg-brand-50 text-brand-700 ring-1 ring-brand-100">
          <UploadIcon className="size-4" aria-hidden />
        </span>
        <span className="text-sm font-medium">Drop files here or choose them</span>
        <span className="text-13 text-muted-foreground">CSV, PDF, DOC, DOCX or TXT</span>
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          multiple
          accept={ACCEPTED_FILE_TYPES}
          className="sr-only"
          aria-describedby={error ? `${id}-error` : undefined}
          aria-invalid={error ? true : undefined}
          onChange={(event) => add(event.target.files)}
          data-testid="ds-file-input"
        />
      </label>
      {files.length > 0 ? (
        <ul className="grid gap-1.5" aria-label="Files to upload">
          {files.map((file) => (
            <li
              key={`${file.name}:${file.size}`}
              className="flex min-w-0 items-center gap-2 rounded-lg border border-border bg-background px-3 py-1.5 text-13"
            >
              <span className="min-w-0 flex-1 truncate">{file.name}</span>
              <span className="shrink-0 text-muted-foreground">{formatFileSize(file.size)}</span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-7 shrink-0"
                aria-label={`Remove ${file.name}`}
                onClick={() => setFiles((current) => current.filter((candidate) => candidate !== file))}
              >
                <XIcon aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-13 text-destructive-text">
          {error}
        </p>
      ) : null}
      <div>
        <Button type="submit" loading={busy} data-testid="ds-add-file-submit">
          <UploadIcon aria-hidden />
          {files.length > 1 ? `Upload ${files.length} files` : "Upload"}
        </Button>
      </div>
    </form>
  );
}
