const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether text is a calendar date written YYYY-MM-DD (the `date` format), leap years included. */
export function isIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  // An overflowing day (Feb 30) rolls into the next month, which this catches.
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
