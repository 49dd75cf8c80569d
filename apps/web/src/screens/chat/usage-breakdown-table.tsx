import type { UsageRecord } from "@liftoff/domain";
import { formatCompactNumber } from "@liftoff/domain";
import { formatRate, formatUsageCost, usageBreakdown } from "./chat-format.ts";

/** A usage record's tokens, cost and rate per 1M, row by row (admins). */
export function UsageBreakdownTable({ usage }: { usage: UsageRecord }) {
  return (
    <table className="w-full text-xs" data-testid="chat-usage-breakdown">
      <thead className="text-muted-foreground">
        <tr>
          <th className="pb-1 text-left font-medium" />
          <th className="pb-1 text-right font-medium">Tokens</th>
          <th className="pb-1 text-right font-medium">Cost</th>
          <th className="pb-1 pl-3 text-right font-medium">Rate</th>
        </tr>
      </thead>
      <tbody>
        {usageBreakdown(usage).map((row) => (
          <tr key={row.label}>
            <td className="py-0.5 pr-3">{row.label}</td>
            <td className="py-0.5 text-right tabular-nums">{formatCompactNumber(row.tokens)}</td>
            <td className="py-0.5 text-right tabular-nums">{formatUsageCost(row.cost)}</td>
            <td className="py-0.5 pl-3 text-right text-muted-foreground tabular-nums">
              {formatRate(row.rate)}
            </td>
          </tr>
        ))}
        <tr className="border-t border-border font-medium">
          <td className="pt-1 pr-3">Total</td>
          <td className="pt-1 text-right tabular-nums">{formatCompactNumber(usage.totalTokens)}</td>
          <td className="pt-1 text-right tabular-nums">{formatUsageCost(usage.totalCost)}</td>
          <td />
        </tr>
      </tbody>
    </table>
  );
}
