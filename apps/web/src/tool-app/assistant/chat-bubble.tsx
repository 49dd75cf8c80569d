import type { AssistantMessage } from "@liftoff/domain";
import { Button, cn } from "@liftoff/ui";
import { AlertCircleIcon, RotateCcwIcon } from "lucide-react";
import { MarkdownBlock } from "../results/markdown-block.tsx";
import { RunSources } from "../results/run-sources.tsx";

export type ChatBubbleProps = {
  message: AssistantMessage;
  /** Retry a failed reply (sends its question again); absent while another reply is written. */
  onRetry?: () => void;
};

/**
 * One message: the end user's on the right in the app's button colours, the assistant's on
 * the left on the app's surface, its Markdown drawn safely (MarkdownBlock: no raw HTML,
 * links open apart with nofollow). A reply being written shows its text so far, or three
 * dots before the first words; a failed one shows the server's words and Retry.
 */
export function ChatBubble({ message, onRetry }: ChatBubbleProps) {
  if (message.role === "user") {
    return (
      <div className="flex justify-end" data-testid="chat-message" data-role="user">
        <p className="max-w-[85%] rounded-2xl rounded-br-md bg-(--tool-button-bg) px-4 py-2.5 text-sm leading-6 break-words whitespace-pre-wrap text-(--tool-button-text) sm:max-w-[75%]">
          <span className="sr-only">You: </span>
          {message.content}
        </p>
      </div>
    );
  }
  const writing = message.status === "in_progress";
  const failed = message.status === "failed";
  return (
    <div
      className="flex justify-start"
      data-testid="chat-message"
      data-role="assistant"
      data-status={message.status}
    >
      <div
        className={cn(
          "grid max-w-[92%] min-w-0 gap-2 rounded-2xl rounded-bl-md border bg-(--tool-surface) px-4 py-2.5 text-sm leading-6 text-(--tool-label) shadow-sm sm:max-w-[85%]",
          failed ? "border-(--tool-error)" : "border-(--tool-surface-border)",
        )}
      >
        <span className="sr-only">Assistant: </span>
        {message.content ? <MarkdownBlock text={message.content} /> : null}
        {message.sources && message.sources.length > 0 && message.status === "ready" ? (
          <div className="mt-3">
            <RunSources sources={message.sources} />
          </div>
        ) : null}
        {writing && !message.content ? (
          <span className="flex h-6 items-center gap-1" data-testid="chat-typing">
            <span className="sr-only">Writing a reply…</span>
            {[0, 150, 300].map((delay) => (
              <span
                key={delay}
                aria-hidden
                className="size-1.5 animate-bounce rounded-full bg-(--tool-muted) motion-reduce:animate-none"
                style={{ animationDelay: `${delay}ms` }}
              />
            ))}
          </span>
        ) : null}
        {failed ? (
          <div className="flex flex-wrap items-center gap-2" data-testid="chat-error">
            <p className="flex min-w-0 items-start gap-1.5 text-(--tool-error)">
              <AlertCircleIcon className="mt-1 size-4 shrink-0" aria-hidden />
              <span>
                {message.error || "An error occurred while processing your request please try again later"}
              </span>
            </p>
            {onRetry ? (
              <Button variant="outline" size="sm" onClick={onRetry} data-testid="chat-retry">
                <RotateCcwIcon aria-hidden="true" />
                Retry
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}
