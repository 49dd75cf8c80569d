import {
  RESULT_BLOCK_KINDS,
  type ResultBlock,
  type ResultBlockKind,
  SAVED_APP_LIMITS,
} from "@liftoff/domain";
import {
  Alert,
  Button,
  ConfirmDialog,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
  EmptyState,
} from "@liftoff/ui";
import { LayoutListIcon, PlusIcon } from "lucide-react";
import { useRef, useState } from "react";
import { BLOCK_KIND_ICONS, BlockEditor } from "./block-editor.tsx";
import type { ToolEditorProps } from "./editor-types.ts";
import {
  addBlock,
  BLOCK_KIND_INFO,
  BLOCK_LIMIT_MESSAGE,
  type BlockListChange,
  blockMessages,
  canAddBlock,
  duplicateBlock,
  messagesOfBlock,
  moveBlock,
  removeBlock,
  replaceBlock,
} from "./results-layout-model.ts";

/**
 * The results layout of one tool (issue 15): the ordered result blocks its answer is laid
 * out in, each with its sample preview. Adding, copying, deleting (confirmed) and moving
 * blocks call `onChange` with the whole next tool; the builder's auto-save sends it.
 */
export function ResultsLayoutPanel(props: ToolEditorProps) {
  const { tool, onChange } = props;
  const blocks = tool.blocks;
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set());
  const [pendingDelete, setPendingDelete] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const listRef = useRef<HTMLOListElement>(null);
  const canAdd = canAddBlock(blocks);

  const setBlocks = (next: ResultBlock[]) => onChange({ ...tool, blocks: next });
  /**
   * Applies an add or a copy: the limit message when refused, otherwise the new list with the
   * new block (at `at`) opened, announced and its title focused, as it is what is edited next.
   */
  const apply = (
    change: BlockListChange,
    at: (blocks: ResultBlock[]) => ResultBlock | undefined,
    said: string,
  ) => {
    if (!change.ok) {
      setNotice(change.message);
      return;
    }
    setNotice(null);
    setBlocks(change.blocks);
    const created = at(change.blocks);
    if (!created) return;
    setExpanded((current) => new Set(current).add(created.id));
    setAnnouncement(said);
    requestAnimationFrame(() =>
      listRef.current
        ?.querySelector<HTMLInputElement>(
          `[data-block-id="${CSS.escape(created.id)}"] [data-testid="block-title"]`,
        )
        ?.focus(),
    );
  };
  const nameOf = (block: ResultBlock | undefined, index: number) =>
    block?.title.trim() || `Block ${index + 1}`;

  const add = (kind: ResultBlockKind) =>
    apply(addBlock(blocks, kind), (next) => next.at(-1), `${BLOCK_KIND_INFO[kind].label} block added`);
  const move = (index: number, direction: -1 | 1) => {
    setBlocks(moveBlock(blocks, index, direction));
    const target = index + direction;
    setAnnouncement(`${nameOf(blocks[index], index)} moved to position ${target + 1} of ${blocks.length}`);
    // The button pressed may be disabled at the new place (first or last), so focus follows the block.
    requestAnimationFrame(() => {
      const card = listRef.current?.querySelectorAll<HTMLElement>("[data-testid='result-block']")[target];
      const button = card?.querySelector<HTMLButtonElement>(
        `button[aria-label^='Move'][aria-label$='${direction === -1 ? "up" : "down"}']:not(:disabled)`,
      );
      (button ?? card?.querySelector<HTMLButtonElement>("button:not(:disabled)"))?.focus();
    });
  };

  return (
    <div className="grid min-w-0 gap-4" data-testid="results-layout-panel">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-0.5">
          <h2 className="text-base font-semibold">Results layout</h2>
          <p className="text-13 text-muted-foreground">
            The parts of the answer, in order. Each block has its own instruction and optional checks.
          </p>
        </div>
        <AddBlockMenu canAdd={canAdd} onAdd={add} />
      </div>

      <p className="text-xs text-muted-foreground" data-testid="results-block-count">
        {blocks.length} of {SAVED_APP_LIMITS.maxBlocks} blocks
      </p>
      {notice || !canAdd ? (
        <Alert tone="warning" data-testid="results-limit">
          {notice ?? BLOCK_LIMIT_MESSAGE}
        </Alert>
      ) : null}

      {blocks.length === 0 ? (
        <EmptyState
          icon={LayoutListIcon}
          title="No result blocks yet"
          description="Without blocks, the answer shows as one piece of text. Add blocks to lay it out in parts."
        />
      ) : (
        <ol ref={listRef} className="grid gap-3" aria-label="Result blocks">
          {blocks.map((block, index) => {
            const live = blockMessages(block);
            const server = messagesOfBlock(props.errors, index);
            return (
              // Keyed by tool too: block ids repeat across tools, and each editor keeps drafts of its own.
              <li key={`${tool.toolId}:${block.id}`} className="min-w-0">
                <BlockEditor
                  block={block}
                  index={index}
                  count={blocks.length}
                  errors={{ ...server, ...live }}
                  warnings={messagesOfBlock(props.warnings, index)}
                  expanded={expanded.has(block.id)}
                  onExpandedChange={(open) =>
                    setExpanded((current) => {
                      const next = new Set(current);
                      if (open) next.add(block.id);
                      else next.delete(block.id);
                      return next;
                    })
                  }
                  onChange={(next) => setBlocks(replaceBlock(blocks, index, next))}
                  onMove={(direction) => move(index, direction)}
                  onDuplicate={() =>
                    apply(
                      duplicateBlock(blocks, index),
                      (next) => next[index + 1],
                      `${nameOf(block, index)} duplicated`,
                    )
                  }
                  onDelete={() => setPendingDelete(index)}
                  canDuplicate={canAdd}
                />
              </li>
            );
          })}
        </ol>
      )}
      {typeof props.errors.blocks === "string" ? (
        <p className="text-13 text-destructive-text" role="alert">
          {props.errors.blocks}
        </p>
      ) : null}

      <p className="sr-only" aria-live="polite" data-testid="results-announcement">
        {announcement}
      </p>

      <ConfirmDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open) setPendingDelete(null);
        }}
        title="Delete this block?"
        description={
          pendingDelete === null
            ? undefined
            : `"${nameOf(blocks[pendingDelete], pendingDelete)}" and its checks will be removed from the results layout.`
        }
        confirmLabel="Delete block"
        destructive
        onConfirm={() => {
          if (pendingDelete === null) return;
          setAnnouncement(`${nameOf(blocks[pendingDelete], pendingDelete)} deleted`);
          setNotice(null);
          setBlocks(removeBlock(blocks, pendingDelete));
        }}
      />
    </div>
  );
}

/** "Add block" with one menu entry per kind: icon, label and what the kind is for. */
function AddBlockMenu({ canAdd, onAdd }: { canAdd: boolean; onAdd: (kind: ResultBlockKind) => void }) {
  const chosen = useRef(false);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          size="sm"
          disabled={!canAdd}
          title={canAdd ? undefined : BLOCK_LIMIT_MESSAGE}
          data-testid="results-add-block"
        >
          <PlusIcon />
          Add block
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        className="w-[min(20rem,calc(100vw-2rem))]"
        // Focus goes to the new block's title rather than back to this button.
        onCloseAutoFocus={(event) => {
          if (chosen.current) event.preventDefault();
          chosen.current = false;
        }}
      >
        <DropdownMenuLabel>Kind of block</DropdownMenuLabel>
        {RESULT_BLOCK_KINDS.map((kind) => {
          const Icon = BLOCK_KIND_ICONS[kind];
          return (
            <DropdownMenuItem
              key={kind}
              className="items-start"
              onSelect={() => {
                chosen.current = true;
                onAdd(kind);
              }}
              data-testid={`results-add-${kind}`}
            >
              <Icon className="mt-0.5" aria-hidden="true" />
              <span className="grid gap-0.5">
                <span className="font-medium">{BLOCK_KIND_INFO[kind].label}</span>
                <span className="text-xs text-muted-foreground">{BLOCK_KIND_INFO[kind].description}</span>
              </span>
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
