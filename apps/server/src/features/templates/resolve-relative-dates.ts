/**
 * Sample records would go stale with fixed dates (a booking app whose "upcoming" list is
 * all in the past), so template records may write dates relative to the day the template
 * is used: "@today", "@today+3", "@today-2" become a date ("2026-05-14"); with a time,
 * "@today+1T14:30", a UTC date-time ("2026-05-15T14:30:00.000Z"). Other values pass as is.
 */
const TOKEN = /^@today(?<offset>[+-]\d{1,4})?(?:T(?<hours>\d{2}):(?<minutes>\d{2}))?$/;

const DAY_MS = 86_400_000;

export function resolveRelativeDate(value: unknown, now: Date): unknown {
  if (typeof value !== "string") return value;
  const match = TOKEN.exec(value);
  if (!match?.groups) return value;
  const { offset, hours, minutes } = match.groups;
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const shifted = new Date(day.getTime() + Number(offset ?? 0) * DAY_MS);
  if (hours === undefined) return shifted.toISOString().slice(0, 10);
  shifted.setUTCHours(Number(hours), Number(minutes));
  return shifted.toISOString();
}

/** A record with every top-level relative date resolved. */
export function resolveRelativeDates(record: Record<string, unknown>, now: Date): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(record).map(([key, value]) => [key, resolveRelativeDate(value, now)]),
  );
}
