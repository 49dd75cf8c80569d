import type { ContextItem } from "@liftoff/domain";
import {
  Alert,
  Badge,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  EmptyState,
  Skeleton,
} from "@liftoff/ui";
import { FileSearchIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { errorMessage } from "../../lib/api.ts";
import { dataSourcesApi } from "./data-sources-api.ts";

type Loaded = Awaited<ReturnType<typeof dataSourcesApi.preview>>;
type PreviewState =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; data: Loaded };

export type ContextItemPreviewDialogProps = {
  /** The item to preview; null closes the dialog. */
  item: ContextItem | null;
  onClose: () => void;
};

/** A data source's text as the model reads it: its chunks, in order, with where each came from. */
export function ContextItemPreviewDialog({ item, onClose }: ContextItemPreviewDialogProps) {
  const [state, setState] = useState<PreviewState>({ status: "loading" });
  const itemId = item?.id ?? null;

  useEffect(() => {
    if (!itemId) return;
    let live = true;
    setState({ status: "loading" });
    dataSourcesApi.preview(itemId).then(
      (data) => live && setState({ status: "ready", data }),
      (failure) => live && setState({ status: "error", message: errorMessage(failure) }),
    );
    return () => {
      live = false;
    };
  }, [itemId]);

  return (
    <Dialog open={item !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        size="lg"
        className="max-sm:h-[calc(100dvh-1rem)] max-sm:w-[calc(100%-1rem)] max-sm:content-start"
        data-testid="ds-preview"
      >
        {/* min-w-0: a long name truncates instead of widening the dialog past the screen. */}
        <DialogHeader className="min-w-0">
          <DialogTitle className="min-w-0 truncate pr-8">{item?.name ?? "Preview"}</DialogTitle>
          <DialogDescription>
            {state.status === "ready"
              ? `The text your tools answer from: ${state.data.chunks.length} of ${state.data.totalChunks} chunks.`
              : "The text your tools answer from, in the pieces they search."}
          </DialogDescription>
        </DialogHeader>
        {state.status === "loading" ? (
          <div className="grid gap-2" aria-busy="true">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : state.status === "error" ? (
          <Alert tone="error">{state.message}</Alert>
        ) : state.data.chunks.length === 0 ? (
          <EmptyState
            icon={FileSearchIcon}
            title="No text yet"
            description="The chunks appear here once the data source is synced."
            className="py-8"
          />
        ) : (
          <ol className="grid gap-2">
            {state.data.chunks.map((chunk) => (
              <li key={chunk.id} className="grid gap-1.5 rounded-lg border border-border bg-neutral-25 p-3">
                <div className="flex flex-wrap items-center gap-1.5">
                  <Badge variant="secondary">#{chunk.position + 1}</Badge>
                  {chunk.locator ? <Badge variant="outline">{chunk.locator}</Badge> : null}
                </div>
                <p className="text-13 break-words whitespace-pre-wrap">{chunk.text}</p>
              </li>
            ))}
          </ol>
        )}
      </DialogContent>
    </Dialog>
  );
}
