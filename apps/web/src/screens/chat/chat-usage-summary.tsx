import type { ChatUsageSummary as Summary } from "@liftoff/domain";
import { Popover, PopoverContent, PopoverTrigger } from "@liftoff/ui";
import { CpuIcon } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { chatApi } from "./chat-api.ts";
import { formatTokens, formatUsageCost } from "./chat-format.ts";

/**
 * The token-usage summary in the chat header (platform admins, spec section 6): this app's
 * and the account's totals, reloaded after every reply.
 */
export function ChatUsageSummary({ appId, refreshKey }: { appId: string; refreshKey: number }) {
  const [summary, setSummary] = useState<Summary | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey is the trigger.
  useEffect(() => {
    let cancelled = false;
    chatApi
      .usage(appId)
      .then((next) => !cancelled && setSummary(next))
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [appId, refreshKey]);
  const titleId = useId();
  if (!summary) return null;
  return (
    <Popover>
      <PopoverTrigger asChild>
        <button
          type="button"
          className="inline-flex items-center gap-1 rounded-md px-1.5 py-1 text-xs text-muted-foreground hover:bg-accent hover:text-foreground"
          data-testid="chat-usage-summary"
        >
          <CpuIcon className="size-3.5" aria-hidden />
          {formatTokens(summary.app.totalTokens)}
        </button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-72 p-3" aria-labelledby={titleId}>
        <p id={titleId} className="mb-2 text-13 font-medium">
          Token usage
        </p>
        <dl className="grid grid-cols-[1fr_auto_auto] gap-x-3 gap-y-1 text-xs">
          <dt className="text-muted-foreground" />
          <dd className="text-right text-muted-foreground">Tokens</dd>
          <dd className="text-right text-muted-foreground">Cost</dd>
          {(
            [
              ["This app", summary.app],
              ["Your account", summary.account],
            ] as const
          ).map(([label, row]) => (
            <div key={label} className="contents">
              <dt>
                {label}
                <span className="ml-1 text-muted-foreground">
                  ({row.messages} {row.messages === 1 ? "reply" : "replies"})
                </span>
              </dt>
              <dd className="text-right tabular-nums">
                {formatTokens(row.totalTokens).replace(/ tokens?$/, "")}
              </dd>
              <dd className="text-right tabular-nums">{formatUsageCost(row.totalCost)}</dd>
            </div>
          ))}
        </dl>
        {summary.recent[0] ? (
          <p className="mt-2 border-t border-border pt-2 text-xs text-muted-foreground">
            Last reply: {summary.recent[0].modelInfo.model}, {formatTokens(summary.recent[0].totalTokens)}
          </p>
        ) : null}
      </PopoverContent>
    </Popover>
  );
}
