const TIME = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" });
const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** '14:05' for a message's time, the full date in its tooltip. */
export function messageTime(createdAt: string): { short: string; full: string } {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return { short: "", full: "" };
  return { short: TIME.format(date), full: DATE_TIME.format(date) };
}
