import type { ChatMessage } from "@liftoff/domain";
import { Button, Popover, PopoverContent, PopoverTrigger, Tooltip, toast } from "@liftoff/ui";
import { CopyIcon, CpuIcon, GitCommitHorizontalIcon } from "lucide-react";
import { formatTokens, formatUsageCost } from "./chat-format.ts";
import { UsageBreakdownTable } from "./usage-breakdown-table.tsx";

/**
 * Platform admins' tools on an assistant message (spec section 6): copy the raw message,
 * the version it produced, and its usage (tokens, cost, model, rates per 1M).
 */
export function MessageAdminBar({ message }: { message: ChatMessage }) {
  const { usage, versionId, model } = message.annotations;

  async function copy() {
    try {
      await navigator.clipboard.writeText(message.content);
      toast.success("Message copied");
    } catch {
      toast.error("Could not copy the message");
    }
  }

  return (
    <div
      className="flex flex-wrap items-center gap-1 text-xs text-muted-foreground"
      data-testid="chat-admin-bar"
    >
      <Tooltip content="Copy message">
        <Button
          variant="ghost"
          size="icon"
          className="size-6"
          aria-label="Copy message"
          onClick={() => void copy()}
          data-testid="chat-copy-message"
        >
          <CopyIcon className="size-3.5" />
        </Button>
      </Tooltip>
      {versionId ? (
        <Tooltip content={`Version ${versionId}`}>
          <span
            className="inline-flex items-center gap-1 rounded px-1 font-mono"
            data-testid="chat-version-id"
          >
            <GitCommitHorizontalIcon className="size-3.5" aria-hidden />
            {versionId.slice(0, 8)}
          </span>
        </Tooltip>
      ) : null}
      {usage ? (
        <Popover>
          <PopoverTrigger asChild>
            <button
              type="button"
              className="inline-flex items-center gap-1 rounded px-1 hover:text-foreground"
              data-testid="chat-message-usage"
            >
              <CpuIcon className="size-3.5" aria-hidden />
              {formatTokens(usage.totalTokens)} · {formatUsageCost(usage.totalCost)}
            </button>
          </PopoverTrigger>
          <PopoverContent align="start" className="w-72 p-3" aria-label="Token usage of this reply">
            <p className="mb-2 text-13 font-medium">
              {usage.modelInfo.model || model}
              <span className="ml-1.5 font-normal text-muted-foreground">· {usage.finishReason}</span>
            </p>
            <UsageBreakdownTable usage={usage} />
          </PopoverContent>
        </Popover>
      ) : model ? (
        <span>{model}</span>
      ) : null}
    </div>
  );
}
