import type { ChatMessage } from "@liftoff/domain";
import { BrainIcon, ExternalLinkIcon, FileSearchIcon } from "lucide-react";
import { memo } from "react";
import { ActionGroupView } from "./action-group-view.tsx";
import { AssistantAvatar } from "./assistant-avatar.tsx";
import { ChatMarkdown } from "./chat-markdown.tsx";
import { MessageAdminBar } from "./message-admin-bar.tsx";
import { type MessageBlock, messageBlocks, toolInvocationLabel } from "./message-blocks.ts";
import { FailedNotice, TruncatedNotice } from "./message-notices.tsx";
import { ValidationSummary } from "./validation-summary.tsx";

function TypingDots() {
  return (
    <span
      className="inline-flex items-center gap-1 py-2"
      role="status"
      aria-label="The assistant is thinking"
    >
      {[0, 150, 300].map((delay) => (
        <span
          key={delay}
          className="size-1.5 animate-pulse rounded-full bg-neutral-400"
          style={{ animationDelay: `${delay}ms` }}
        />
      ))}
    </span>
  );
}

function Block({ block, message }: { block: MessageBlock; message: ChatMessage }) {
  switch (block.kind) {
    case "text":
      return <ChatMarkdown text={block.text} />;
    case "reasoning":
      return (
        <details
          className="group/reasoning rounded-lg border-l-2 border-border pl-3 text-xs text-muted-foreground"
          open={message.status === "in_progress" && message.actions.length === 0}
        >
          <summary className="flex cursor-pointer list-none items-center gap-1.5 font-medium">
            <BrainIcon className="size-3.5" aria-hidden />
            Thought process
          </summary>
          <p className="mt-1.5 whitespace-pre-wrap leading-5">{block.text}</p>
        </details>
      );
    case "actions":
      return <ActionGroupView group={block.group} actions={block.actions} messageStatus={message.status} />;
    case "tool":
      return (
        <p className="flex items-center gap-1.5 text-xs text-muted-foreground" data-testid="chat-tool">
          <FileSearchIcon className="size-3.5" aria-hidden />
          {toolInvocationLabel(block.invocation)}
        </p>
      );
    case "file":
      return block.mediaType.startsWith("image/") ? (
        <img
          src={block.url}
          alt={block.name ?? "Image"}
          className="max-h-60 rounded-lg border border-border"
        />
      ) : (
        <a href={block.url} target="_blank" rel="noreferrer" className="text-13 text-primary underline">
          {block.name ?? block.url}
        </a>
      );
    case "source":
      return (
        <a
          href={block.url}
          target="_blank"
          rel="noreferrer"
          className="inline-flex w-fit items-center gap-1 rounded-md border border-border px-2 py-0.5 text-xs text-muted-foreground hover:text-foreground"
        >
          <ExternalLinkIcon className="size-3" aria-hidden />
          {block.title ?? new URL(block.url, window.location.href).hostname}
        </a>
      );
  }
}

export type AssistantMessageViewProps = {
  appId: string;
  message: ChatMessage;
  isAdmin: boolean;
  /** The newest message: only it offers 'Let's keep going' and 'Try again'. */
  isLast: boolean;
  busy: boolean;
  onKeepGoing: () => void;
  onRetry?: (() => void) | undefined;
  onRepaired: () => void;
};

/**
 * An assistant reply: its prose as markdown and its actions under their titled groups,
 * growing while it streams; then the validation line, a truncation or failure notice, and
 * the admins' tools. The raw content (with action tags) is never shown.
 */
export const AssistantMessageView = memo(function AssistantMessageView({
  appId,
  message,
  isAdmin,
  isLast,
  busy,
  onKeepGoing,
  onRetry,
  onRepaired,
}: AssistantMessageViewProps) {
  const blocks = messageBlocks(message);
  const writing = message.status === "in_progress";
  return (
    <article
      className="flex gap-2.5"
      data-testid="chat-message"
      data-role="assistant"
      data-status={message.status}
      data-id={message.id}
      aria-busy={writing || undefined}
    >
      <AssistantAvatar />
      <div className="grid min-w-0 flex-1 content-start gap-2.5">
        {blocks.map((block) => (
          <Block key={block.key} block={block} message={message} />
        ))}
        {writing && blocks.length === 0 ? <TypingDots /> : null}
        {message.status === "failed" ? (
          <FailedNotice message={message} isAdmin={isAdmin} onRetry={onRetry} />
        ) : null}
        {message.status === "ready" && message.annotations.truncated && isLast ? (
          <TruncatedNotice onKeepGoing={onKeepGoing} disabled={busy} />
        ) : null}
        {message.status === "ready" ? (
          <ValidationSummary appId={appId} message={message} isAdmin={isAdmin} onRepaired={onRepaired} />
        ) : null}
        {isAdmin && !writing ? <MessageAdminBar message={message} /> : null}
      </div>
    </article>
  );
});
