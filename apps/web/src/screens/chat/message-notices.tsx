import { CHAT_MESSAGES, type ChatMessage } from "@liftoff/domain";
import { Button } from "@liftoff/ui";
import { ArrowRightIcon, CircleAlertIcon, RotateCwIcon, ScissorsIcon } from "lucide-react";

/** A failed reply: its user-facing error; platform admins also see the technical details. */
export function FailedNotice({
  message,
  isAdmin,
  onRetry,
}: {
  message: ChatMessage;
  isAdmin: boolean;
  /** Present on the last message while nothing else runs: sends the builder's message again. */
  onRetry?: (() => void) | undefined;
}) {
  const details = isAdmin ? message.annotations.errorDetails : undefined;
  return (
    <div
      role="alert"
      className="grid gap-2 rounded-xl border border-destructive-border bg-destructive-subtle px-3 py-2.5 text-destructive-text"
      data-testid="chat-message-error"
    >
      <p className="flex items-start gap-2 text-13 font-medium">
        <CircleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span data-testid="chat-message-error-text">
          {message.annotations.error ?? CHAT_MESSAGES.lastMessageFailed}
        </span>
      </p>
      {details ? (
        <details className="text-xs" data-testid="chat-error-details">
          <summary className="cursor-pointer font-medium">Technical details</summary>
          <pre className="mt-1.5 max-h-48 overflow-auto rounded-md bg-background/70 p-2 font-mono text-[11px] whitespace-pre-wrap text-foreground">
            {details}
          </pre>
        </details>
      ) : null}
      {onRetry ? (
        <div>
          <Button
            variant="outline"
            size="sm"
            className="h-7 bg-background px-2 text-xs"
            onClick={onRetry}
            data-testid="chat-retry"
          >
            <RotateCwIcon className="size-3.5" />
            Try again
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** 'The output was too long for one iteration' with 'Let's keep going' (spec section 8). */
export function TruncatedNotice({ onKeepGoing, disabled }: { onKeepGoing: () => void; disabled: boolean }) {
  return (
    <div
      className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-warning-border bg-warning-subtle px-3 py-2.5 text-warning-text"
      data-testid="chat-truncated"
    >
      <p className="flex min-w-0 flex-1 items-center gap-2 text-13 font-medium">
        <ScissorsIcon className="size-4 shrink-0" aria-hidden />
        {CHAT_MESSAGES.truncated}
      </p>
      <Button
        size="sm"
        className="h-7 px-2.5 text-xs"
        onClick={onKeepGoing}
        disabled={disabled}
        data-testid="chat-keep-going"
      >
        {CHAT_MESSAGES.keepGoing}
        <ArrowRightIcon className="size-3.5" />
      </Button>
    </div>
  );
}
