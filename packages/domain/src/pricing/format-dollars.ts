/**
 * Dollar amounts on plan cards and in the upgrade dialog (spec section 9: "dollar prices
 * show two decimals"): 12 -> '$12.00', 1490 -> '$1,490.00', -5 -> '-$5.00'.
 *
 * Thousands are grouped with commas because yearly prices reach four digits. The function
 * does its own grouping rather than using Intl so the output never depends on the ICU data
 * a Node build or browser ships. Half cents round away from zero on the decimal value the
 * caller wrote (1.005 -> '$1.01'), not on its binary approximation (1.00499999...).
 */
export function formatDollars(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError(`Cannot format ${n} as dollars`);
  const cents = toCents(Math.abs(n));
  const whole = Math.floor(cents / 100);
  const fraction = String(cents % 100).padStart(2, "0");
  const sign = n < 0 && cents > 0 ? "-" : "";
  return `${sign}$${groupThousands(whole)}.${fraction}`;
}

/** Rounds a non-negative amount to whole cents using its shortest decimal spelling. */
function toCents(amount: number): number {
  const text = String(amount);
  // Shifting the decimal point in the text avoids 1.005 * 100 = 100.49999999999999.
  // Very large or tiny numbers print with an exponent; plain multiplication is exact
  // enough there (tiny amounts round to 0 cents, huge ones have no fraction left).
  if (text.includes("e")) return Math.round(amount * 100);
  return Math.round(Number(`${text}e2`));
}

function groupThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}
