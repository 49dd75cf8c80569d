/**
 * When a run limit resets, as an end user reads it: the time alone when it is today
 * ("14:00"), the weekday and time within a week ("Mon 14:00"), else the date and time.
 * In the reader's own time zone unless one is given (tests pin it).
 */
export function formatResetTime(
  resetsAt: string,
  options: { now?: Date; timeZone?: string; locale?: string } = {},
): string | null {
  const at = new Date(resetsAt);
  if (Number.isNaN(at.getTime())) return null;
  const now = options.now ?? new Date();
  const { timeZone, locale } = options;
  const day = (date: Date) =>
    new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
      date,
    );
  const time = new Intl.DateTimeFormat(locale, { timeZone, hour: "2-digit", minute: "2-digit" }).format(at);
  if (day(at) === day(now)) return time;
  const withinWeek = at.getTime() - now.getTime() < 6 * 24 * 60 * 60 * 1000;
  const date = new Intl.DateTimeFormat(
    locale,
    withinWeek ? { timeZone, weekday: "short" } : { timeZone, month: "short", day: "numeric" },
  ).format(at);
  return `${date} ${time}`;
}
