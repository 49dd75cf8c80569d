import {
  type ContextItem,
  contextItemRetryNote,
  DATA_SOURCE_MESSAGES,
  isContextItemWorking,
  WEB_SCRAPER_HINT,
} from "@liftoff/domain";
import {
  Button,
  ConfirmDialog,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  toast,
} from "@liftoff/ui";
import { EllipsisVerticalIcon, EyeIcon, PencilIcon, RotateCwIcon, Trash2Icon } from "lucide-react";
import { useRef, useState } from "react";
import { formatRelativeTime } from "../apps/relative-time.ts";
import { ContextItemIcon } from "./context-item-icon.tsx";
import { ContextItemStatusBadge } from "./context-item-status-badge.tsx";
import { dataSourcesApi } from "./data-sources-api.ts";
import { formatFileSize } from "./format-file-size.ts";
import { formatItemProgress } from "./format-item-progress.ts";
import { RenameItemForm } from "./rename-item-form.tsx";
import { serverMessage } from "./server-message.ts";

export type ContextItemRowProps = {
  item: ContextItem;
  onChanged: (item: ContextItem) => void;
  onRemoved: (itemId: string) => void;
  onPreview: (item: ContextItem) => void;
};

/**
 * One data source: type, name, size, status (with progress, the scraper's hint or the error
 * and a Retry), chunks and last sync; Rename inline, Preview and Delete in its menu.
 */
export function ContextItemRow({ item, onChanged, onRemoved, onPreview }: ContextItemRowProps) {
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [retrying, setRetrying] = useState(false);
  // Rename focuses its field; the closing menu must not take focus back to its trigger.
  const keepFocus = useRef(false);
  const actions = useRef<HTMLButtonElement>(null);
  const running = isContextItemWorking(item.status);
  // Both wait for the builder: an error to be fixed, the limit to allow another read.
  const failed = item.status === "error" || item.status === "usage_limit_reached";

  async function retry() {
    setRetrying(true);
    try {
      onChanged(await dataSourcesApi.resync(item.id));
    } catch (failure) {
      toast.error(serverMessage(failure, DATA_SOURCE_MESSAGES.connector));
    } finally {
      setRetrying(false);
    }
  }

  const details = [
    formatFileSize(item.size),
    item.numOfChunks > 0 ? `${item.numOfChunks} ${item.numOfChunks === 1 ? "chunk" : "chunks"}` : null,
    item.lastSyncedAt ? `Synced ${formatRelativeTime(item.lastSyncedAt)}` : null,
  ].filter(Boolean);

  return (
    <li
      className="flex min-w-0 items-start gap-3 rounded-xl border border-border bg-background px-3 py-2.5"
      data-testid="ds-item"
      data-item-id={item.id}
    >
      <ContextItemIcon type={item.type} />
      <div className="grid min-w-0 flex-1 gap-1">
        {renaming ? (
          <RenameItemForm
            item={item}
            onDone={(renamed) => {
              setRenaming(false);
              // Back where the builder started from, not to the top of the modal.
              actions.current?.focus();
              if (renamed) onChanged(renamed);
            }}
          />
        ) : (
          <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
            <span
              className="min-w-0 truncate text-sm font-medium"
              title={item.name}
              data-testid="ds-item-name"
            >
              {item.name}
            </span>
            <ContextItemStatusBadge status={item.status} />
          </div>
        )}
        <p className="flex flex-wrap gap-x-2 text-xs text-muted-foreground">
          {details.map((detail) => (
            <span key={detail}>{detail}</span>
          ))}
          {item.progress && running ? (
            <span className="font-medium text-foreground" data-testid="ds-item-progress">
              {formatItemProgress(item.progress)}
            </span>
          ) : null}
        </p>
        {contextItemRetryNote(item) ? (
          <p className="text-xs text-muted-foreground" data-testid="ds-item-retry-note">
            {contextItemRetryNote(item)}
          </p>
        ) : null}
        {item.type === "web_page" && running ? (
          <p className="text-xs text-muted-foreground">{WEB_SCRAPER_HINT}</p>
        ) : null}
        {failed ? (
          <div className="flex flex-wrap items-center gap-2">
            {item.error ? (
              <p className="text-xs text-destructive-text" data-testid="ds-item-error">
                {item.error}
              </p>
            ) : null}
            <Button
              size="sm"
              variant="outline"
              className="h-7"
              loading={retrying}
              onClick={() => void retry()}
              data-testid="ds-item-retry"
            >
              <RotateCwIcon aria-hidden />
              Retry
            </Button>
          </div>
        ) : null}
      </div>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            ref={actions}
            variant="ghost"
            size="icon"
            className="size-8 shrink-0"
            aria-label={`Actions for ${item.name}`}
          >
            <EllipsisVerticalIcon aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent
          align="end"
          onCloseAutoFocus={(event) => {
            if (!keepFocus.current) return;
            keepFocus.current = false;
            event.preventDefault();
          }}
        >
          <DropdownMenuItem onSelect={() => onPreview(item)}>
            <EyeIcon aria-hidden />
            Preview
          </DropdownMenuItem>
          <DropdownMenuItem
            onSelect={() => {
              keepFocus.current = true;
              setRenaming(true);
            }}
          >
            <PencilIcon aria-hidden />
            Rename
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem variant="destructive" onSelect={() => setConfirming(true)}>
            <Trash2Icon aria-hidden />
            Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete "${item.name}"?`}
        description="Its text is removed from every tool of this app that answers from it. This cannot be undone."
        confirmLabel="Delete"
        destructive
        onConfirm={async () => {
          try {
            await dataSourcesApi.remove(item.id);
          } catch (failure) {
            throw new Error(serverMessage(failure, DATA_SOURCE_MESSAGES.deleteItem));
          }
          onRemoved(item.id);
        }}
      />
    </li>
  );
}
