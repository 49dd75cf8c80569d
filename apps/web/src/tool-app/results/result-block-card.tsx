import type { BlockValidationStatus, PublicBlock, RunViewBlock } from "@liftoff/domain";
import { Button, Textarea } from "@liftoff/ui";
import { PencilIcon } from "lucide-react";
import { useId, useState } from "react";
import { BlockBody } from "./block-body.tsx";
import { BlockStatusBadge } from "./block-status-badge.tsx";

/** Ours: what a retrying block says while it is written again. */
export const RETRYING_MESSAGE = "This part did not pass a check and is being written again.";

/**
 * One result block: its title, its verdict when it has checks, and its text as far as it
 * has come. With 'User can edit results' a finished block can be edited in place; the edit
 * stays on this page (Copy and Download use it).
 */
export function ResultBlockCard({
  block,
  shown,
  verdict,
  verdictMessage,
  editable,
  onEdit,
}: {
  block: Pick<PublicBlock, "id" | "kind" | "title">;
  shown: RunViewBlock;
  /** The verdict when the block has validation features (null otherwise, or when the run errored). */
  verdict: BlockValidationStatus | null;
  verdictMessage: string | null;
  editable: boolean;
  onEdit: (text: string) => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const editorId = useId();
  const titleId = useId();
  const editing = draft !== null;
  return (
    <section
      aria-labelledby={block.title ? titleId : undefined}
      aria-label={block.title ? undefined : "Result"}
      className="grid min-w-0 gap-2 rounded-lg border border-border bg-card p-4 text-card-foreground break-inside-avoid"
      data-testid="result-block"
      data-block-id={block.id}
      data-kind={block.kind}
    >
      {block.title || verdict || editable ? (
        <header className="flex flex-wrap items-center gap-2">
          {block.title ? (
            <h3 id={titleId} className="min-w-0 flex-1 text-sm font-semibold break-words">
              {block.title}
            </h3>
          ) : (
            <span className="flex-1" />
          )}
          {verdict ? <BlockStatusBadge status={verdict} retrying={shown.retrying} /> : null}
          {editable && !editing ? (
            <Button
              variant="ghost"
              size="sm"
              className="print:hidden"
              disabled={!shown.complete}
              onClick={() => setDraft(shown.text)}
              aria-label={block.title ? `Edit ${block.title}` : "Edit result"}
            >
              <PencilIcon aria-hidden="true" />
              Edit
            </Button>
          ) : null}
        </header>
      ) : null}
      {shown.retrying ? <p className="text-xs text-muted-foreground">{RETRYING_MESSAGE}</p> : null}
      {verdict === "failed" && verdictMessage ? (
        <p className="text-xs text-destructive-text" role="note">
          {verdictMessage}
        </p>
      ) : null}
      {editing ? (
        <form
          className="grid gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            onEdit(draft);
            setDraft(null);
          }}
        >
          <label htmlFor={editorId} className="sr-only">
            {block.title ? `Edit ${block.title}` : "Edit result"}
          </label>
          <Textarea
            id={editorId}
            rows={Math.min(16, Math.max(4, draft.split("\n").length + 1))}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Escape") setDraft(null);
            }}
            autoFocus
          />
          <div className="flex gap-2">
            <Button type="submit" size="sm">
              Save
            </Button>
            <Button type="button" variant="outline" size="sm" onClick={() => setDraft(null)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div className="text-sm leading-6">
          <BlockBody kind={block.kind} text={shown.text} complete={shown.complete} />
        </div>
      )}
    </section>
  );
}
