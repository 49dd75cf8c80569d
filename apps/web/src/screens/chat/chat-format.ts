import {
  blockingDiagnostics,
  formatCompactNumber,
  formatDollars,
  type UsageRecord,
  type ValidationResult,
  warningDiagnostics,
} from "@liftoff/domain";

/**
 * Token costs are fractions of a cent per message, so below a dollar they keep four
 * significant decimals ('$0.0031'); from a dollar up they read as prices ('$12.40').
 */
export function formatUsageCost(usd: number): string {
  if (!Number.isFinite(usd) || usd <= 0) return "$0";
  if (usd >= 1) return formatDollars(usd);
  if (usd < 0.0001) return "<$0.0001";
  return `$${usd.toFixed(4).replace(/0+$/, "").replace(/\.$/, "")}`;
}

/** A rate per 1M tokens (spec section 3: rates are shown per 1M tokens). */
export function formatRate(perMillion: number): string {
  return `${formatUsageCost(perMillion)} / 1M`;
}

export function formatTokens(n: number): string {
  return `${formatCompactNumber(n)} ${n === 1 ? "token" : "tokens"}`;
}

/** The lines of a usage record's breakdown (admins), skipping cache rows that are zero. */
export function usageBreakdown(
  usage: UsageRecord,
): { label: string; tokens: number; cost: number; rate: number }[] {
  const rows = [
    { label: "Prompt", tokens: usage.promptTokens, cost: usage.promptCost, rate: usage.promptRate },
    {
      label: "Completion",
      tokens: usage.completionTokens,
      cost: usage.completionCost,
      rate: usage.completionRate,
    },
    {
      label: "Cache read",
      tokens: usage.cacheReadTokens,
      cost: usage.cacheReadCost,
      rate: usage.cacheReadRate,
    },
    {
      label: "Cache write",
      tokens: usage.cacheWriteTokens,
      cost: usage.cacheWriteCost,
      rate: usage.cacheWriteRate,
    },
  ];
  return rows.filter((row, i) => i < 2 || row.tokens > 0);
}

/**
 * Counts for the 'Checked: N issues found, M fixed' line under an assistant message. Issues
 * are the blocking ones; warnings are counted apart (they are advice, never repaired).
 */
export function validationCounts(result: ValidationResult): {
  found: number;
  fixed: number;
  unresolved: number;
  warnings: number;
} {
  const found = blockingDiagnostics(result.initialIssues).length;
  const unresolved = blockingDiagnostics(result.unresolvedIssues).length;
  const warnings = warningDiagnostics(result.unresolvedIssues).length;
  return { found, fixed: Math.max(0, found - unresolved), unresolved, warnings };
}

export function validationSummaryText(result: ValidationResult): string {
  const { found, fixed, warnings } = validationCounts(result);
  const warned = warnings > 0 ? `, ${warnings} ${warnings === 1 ? "warning" : "warnings"}` : "";
  if (found === 0) return `Checked: no issues found${warned}`;
  return `Checked: ${found} ${found === 1 ? "issue" : "issues"} found, ${fixed} fixed${warned}`;
}

/**
 * The setup message split so the names of environment variables (AI_PROVIDER, AI_BASE_URL…)
 * can be shown as code: the builder has to type them exactly.
 */
export function setupMessageSegments(text: string): { text: string; code: boolean }[] {
  const segments: { text: string; code: boolean }[] = [];
  let last = 0;
  for (const match of text.matchAll(/\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b|\.env\.example/g)) {
    const at = match.index ?? 0;
    if (at > last) segments.push({ text: text.slice(last, at), code: false });
    segments.push({ text: match[0], code: true });
    last = at + match[0].length;
  }
  if (last < text.length) segments.push({ text: text.slice(last), code: false });
  return segments;
}
