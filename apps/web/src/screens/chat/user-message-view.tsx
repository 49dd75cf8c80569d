import { CHAT_MESSAGES, type ChatAttachment, type ChatMessage } from "@liftoff/domain";
import { Button, ConfirmDialog, cn, Tooltip } from "@liftoff/ui";
import { RotateCcwIcon } from "lucide-react";
import { memo, useState } from "react";
import { AttachmentThumbs } from "./attachment-thumbs.tsx";
import { messageTime } from "./message-time.ts";

/** Longer texts (errors sent to 'Fix this error' carry details) fold after this many characters. */
const FOLD_AT = 280;

function Bubble({ content, pending }: { content: string; pending?: boolean }) {
  const [unfolded, setUnfolded] = useState(false);
  const long = content.length > FOLD_AT;
  return (
    <div
      className={cn(
        "min-w-0 max-w-full rounded-2xl rounded-br-md bg-neutral-100 px-3.5 py-2 text-sm leading-6 whitespace-pre-wrap wrap-anywhere text-foreground",
        pending && "opacity-60",
      )}
      data-testid="chat-user-text"
    >
      {long && !unfolded ? `${content.slice(0, FOLD_AT).trimEnd()}…` : content}
      {long ? (
        <button
          type="button"
          className="mt-1 block text-xs font-medium text-primary hover:underline"
          onClick={() => setUnfolded((value) => !value)}
        >
          {unfolded ? "Show less" : "Show more"}
        </button>
      ) : null}
    </div>
  );
}

/** A message on its way to the server (before the stream's start event). */
export function PendingUserMessage({
  content,
  attachments,
}: {
  content: string;
  attachments: ChatAttachment[];
}) {
  return (
    <article className="flex justify-end" data-testid="chat-message" data-role="user" data-status="sending">
      <div className="flex min-w-0 max-w-[88%] flex-col items-end gap-1.5">
        <AttachmentThumbs attachments={attachments} />
        <Bubble content={content} pending />
      </div>
    </article>
  );
}

/**
 * A builder's message, with 'Revert to this version?' (spec sections 2, 4): the app goes back
 * to the version this message started from, this message and all after it leave the chat,
 * and its text returns to the input.
 */
export const UserMessageView = memo(function UserMessageView({
  message,
  canRevert,
  onRevert,
}: {
  message: ChatMessage;
  /** No reply is being written (reverting under a running turn is refused). */
  canRevert: boolean;
  onRevert: (message: ChatMessage) => Promise<void>;
}) {
  const [confirming, setConfirming] = useState(false);
  const time = messageTime(message.createdAt);
  const revertible = Boolean(message.annotations.versionId);
  return (
    <article
      className="group/message flex justify-end"
      data-testid="chat-message"
      data-role="user"
      data-id={message.id}
    >
      <div className="flex min-w-0 max-w-[88%] flex-col items-end gap-1.5">
        <AttachmentThumbs attachments={message.experimental_attachments} />
        <Bubble content={message.content} />
        <div className="flex items-center gap-1 text-xs text-muted-foreground">
          {/* Hidden, not disabled, while a reply is written: a revert then would race it. */}
          {revertible && canRevert ? (
            <Tooltip content="Revert the app to before this message">
              <Button
                variant="ghost"
                size="sm"
                className="h-6 gap-1 px-1.5 text-xs text-muted-foreground opacity-100 transition-opacity lg:opacity-0 lg:group-hover/message:opacity-100 lg:group-focus-within/message:opacity-100"
                onClick={() => setConfirming(true)}
                data-testid="chat-revert"
              >
                <RotateCcwIcon className="size-3.5" />
                Revert
              </Button>
            </Tooltip>
          ) : null}
          <time dateTime={message.createdAt} title={time.full}>
            {time.short}
          </time>
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={CHAT_MESSAGES.revertTitle}
        description="The app's files and data tables go back to how they were before this message. This message and everything after it leave the chat, and its text returns to the input. Records in your tables are not deleted by a revert."
        confirmLabel="Revert"
        onConfirm={() => onRevert(message)}
      />
    </article>
  );
});
