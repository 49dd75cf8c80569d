/** One counting window of the per-IP limits: its key, when it ends, and its limit. */
export type RunWindow = { key: string; resetsAt: Date; limit: number; reason: "daily" | "weekly" };

const DAY_MS = 86_400_000;

/**
 * The windows a run counts in (UTC): the day, and the ISO week from Monday. Ours: the spec
 * names daily and weekly limits without saying when a day or week starts (docs/defaults.md).
 */
export function runWindows(now: Date, limits: { daily: number; weekly: number }): RunWindow[] {
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const mondayOffset = (new Date(day).getUTCDay() + 6) % 7;
  const week = day - mondayOffset * DAY_MS;
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return [
    { key: `d:${iso(day)}`, resetsAt: new Date(day + DAY_MS), limit: limits.daily, reason: "daily" },
    { key: `w:${iso(week)}`, resetsAt: new Date(week + 7 * DAY_MS), limit: limits.weekly, reason: "weekly" },
  ];
}
