import { type Account, formatCompactNumber } from "@liftoff/domain";

export type UsageLevel = "ok" | "high" | "full";

export type UsageRow = {
  id: "appRuns" | "appGenerations" | "dataProcessing" | "builderChatMessages" | "apps" | "spaceApps";
  label: string;
  used: number;
  total: number;
  /** Unit after the numbers ('MB' for data processing), or null for plain counts. */
  unit: string | null;
  level: UsageLevel;
};

type UsageFields = Pick<
  Account,
  | "appRunsUsed"
  | "appRunsTotal"
  | "appGenerationsUsed"
  | "appGenerationsTotal"
  | "dataProcessingUsed"
  | "dataProcessingTotal"
  | "builderChatMessagesUsed"
  | "builderChatMessagesTotal"
  | "appsCount"
  | "maxApps"
  | "spaceAppsCount"
  | "maxSpaceApps"
>;

/** 'full' at or past the limit, 'high' from 80 %, otherwise 'ok'. A zero total is full. */
export function usageLevel(used: number, total: number): UsageLevel {
  if (total <= 0 || used >= total) return "full";
  return used / total >= 0.8 ? "high" : "ok";
}

/** The usage meters of the Plan & usage settings tab, in display order. */
export function usageRows(account: UsageFields): UsageRow[] {
  const rows: Omit<UsageRow, "level" | "unit">[] = [
    { id: "appRuns", label: "App runs", used: account.appRunsUsed, total: account.appRunsTotal },
    {
      id: "appGenerations",
      label: "App generations",
      used: account.appGenerationsUsed,
      total: account.appGenerationsTotal,
    },
    {
      id: "dataProcessing",
      label: "Data processing",
      used: account.dataProcessingUsed,
      total: account.dataProcessingTotal,
    },
    {
      id: "builderChatMessages",
      label: "Builder chat messages",
      used: account.builderChatMessagesUsed,
      total: account.builderChatMessagesTotal,
    },
    { id: "apps", label: "Apps", used: account.appsCount, total: account.maxApps },
    // The kind that can be created today has its own, smaller limit (issue 13).
    { id: "spaceApps", label: "Space apps", used: account.spaceAppsCount, total: account.maxSpaceApps },
  ];
  return rows.map((row) => ({
    ...row,
    unit: row.id === "dataProcessing" ? "MB" : null,
    level: usageLevel(row.used, row.total),
  }));
}

/** '1.2K / 2.5K', '12 / 500 MB': compact numbers (spec section 9) with the row's unit. */
export function formatUsage(row: Pick<UsageRow, "used" | "total" | "unit">): string {
  const text = `${formatCompactNumber(row.used)} / ${formatCompactNumber(row.total)}`;
  return row.unit ? `${text} ${row.unit}` : text;
}

/** Whole percent used, capped at 100; a zero allowance reads as 100. */
export function usagePercent(row: Pick<UsageRow, "used" | "total">): number {
  if (row.total <= 0) return 100;
  return Math.min(100, Math.floor((row.used / row.total) * 100));
}
