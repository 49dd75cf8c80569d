import type { ChatAction, ChatActionGroup, ChatMessage } from "@liftoff/domain";
import { Badge, cn, Tooltip } from "@liftoff/ui";
import { ChevronRightIcon } from "lucide-react";
import { useState } from "react";
import { ActionStatusIcon } from "./action-status-icon.tsx";
import { actionState, actionTypeLabel, groupState } from "./message-blocks.ts";

function ActionRow({ action, messageStatus }: { action: ChatAction; messageStatus: ChatMessage["status"] }) {
  const [open, setOpen] = useState(false);
  const state = actionState(action, messageStatus);
  const contentId = `action-${action.index}-content`;
  return (
    <li data-testid="chat-action" data-status={state} data-file={action.file ?? ""} className="group/action">
      <button
        type="button"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls={contentId}
        data-testid="chat-action-toggle"
        className="flex w-full items-center gap-2.5 px-3 py-2 text-left transition-colors hover:bg-neutral-50 focus-visible:bg-neutral-50 focus-ring-inset"
      >
        {state === "failed" && action.error ? (
          <Tooltip content={action.error}>
            <span className="flex">
              <ActionStatusIcon state={state} />
            </span>
          </Tooltip>
        ) : (
          <ActionStatusIcon state={state} />
        )}
        <span className="grid min-w-0 flex-1">
          <span className="truncate text-13 font-medium" data-testid="chat-action-title">
            {action.title || actionTypeLabel(action.type)}
          </span>
          <span className="flex min-w-0 items-center gap-1.5 text-xs text-muted-foreground">
            <span className="shrink-0">{actionTypeLabel(action.type)}</span>
            {action.file ? (
              <>
                <span aria-hidden>·</span>
                <span className="truncate font-mono text-[11px]" data-testid="chat-action-file">
                  {action.file}
                </span>
              </>
            ) : null}
          </span>
        </span>
        {action.truncated ? <Badge variant="warning">Cut off</Badge> : null}
        <ChevronRightIcon
          className={cn("size-4 shrink-0 text-muted-foreground transition-transform", open && "rotate-90")}
          aria-hidden
        />
      </button>
      {state === "failed" && action.error ? (
        <p className="px-3 pb-2 pl-9.5 text-xs text-destructive-text" data-testid="chat-action-error">
          {action.error}
        </p>
      ) : null}
      {open ? (
        <pre
          id={contentId}
          data-testid="chat-action-content"
          className="mx-3 mb-2.5 max-h-72 overflow-auto rounded-md bg-neutral-900 px-3 py-2 font-mono text-[11px] leading-[1.15rem] text-neutral-100"
        >
          {action.content.trim() || (state === "writing" ? "…" : "(empty)")}
        </pre>
      ) : null}
    </li>
  );
}

/**
 * An assistant message's actions under their titled group (spec section 2: "Assistant
 * messages list actions grouped under titled groups"), each with its status and content.
 */
export function ActionGroupView({
  group,
  actions,
  messageStatus,
}: {
  group: ChatActionGroup | null;
  actions: readonly ChatAction[];
  messageStatus: ChatMessage["status"];
}) {
  const state = groupState(actions, messageStatus);
  const failed = actions.filter((action) => action.status === "failed").length;
  return (
    <section
      className="overflow-hidden rounded-xl border border-border bg-background shadow-xs"
      data-testid="chat-action-group"
      data-state={state}
      aria-label={group?.title ?? "Changes"}
    >
      <header className="flex items-center gap-2 border-b border-border bg-neutral-50/80 px-3 py-2">
        <ActionStatusIcon state={state} />
        <h4 className="min-w-0 flex-1 truncate text-13 font-semibold" data-testid="chat-action-group-title">
          {group?.title ?? "Changes"}
        </h4>
        <span className="shrink-0 text-xs text-muted-foreground">
          {failed > 0
            ? `${failed} of ${actions.length} failed`
            : `${actions.length} ${actions.length === 1 ? "change" : "changes"}`}
        </span>
      </header>
      {actions.length > 0 ? (
        <ul className="divide-y divide-border">
          {actions.map((action) => (
            <ActionRow key={action.index} action={action} messageStatus={messageStatus} />
          ))}
        </ul>
      ) : (
        <p className="px-3 py-2 text-xs text-muted-foreground">Preparing changes…</p>
      )}
    </section>
  );
}
