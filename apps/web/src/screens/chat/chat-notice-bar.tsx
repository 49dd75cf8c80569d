import { Alert, Button } from "@liftoff/ui";
import { ArrowUpRightIcon, XIcon } from "lucide-react";
import type { ChatNotice } from "./use-builder-chat.ts";

/** Why the last message was not sent: the limit (with 'Upgrade plan'), the rate limit, or a failure. */
export function ChatNoticeBar({
  notice,
  onDismiss,
  onUpgrade,
}: {
  notice: ChatNotice;
  onDismiss: () => void;
  onUpgrade: () => void;
}) {
  return (
    <Alert
      tone={notice.kind === "busy" ? "info" : notice.kind === "builderLimit" ? "warning" : "error"}
      data-testid="chat-notice"
      data-kind={notice.kind}
      className="py-2.5 text-13"
      action={
        notice.kind === "builderLimit" ? (
          <Button size="sm" onClick={onUpgrade} data-testid="chat-upgrade">
            Upgrade plan
            <ArrowUpRightIcon />
          </Button>
        ) : (
          <Button variant="ghost" size="icon" className="size-7" aria-label="Dismiss" onClick={onDismiss}>
            <XIcon />
          </Button>
        )
      }
    >
      <span data-testid="chat-notice-text">{notice.message}</span>
    </Alert>
  );
}
