/**
 * Compact counters for usage and limits (spec section 9: "Compact numbers use K and M with
 * one decimal").
 *
 * Decisions, all tested:
 * - below 1,000 the number is shown as is (`String(n)`): 999 -> '999', 12.5 -> '12.5';
 * - thousands and millions are rounded half away from zero to one decimal, and a trailing
 *   '.0' is dropped: 1500 -> '1.5K', 2000 -> '2K', 2_000_000 -> '2M'. '2.0K' reads as
 *   noise on a usage bar and no peer product shows it;
 * - rounding that reaches 1000K moves up a unit: 999_950 -> '1M', never '1000K';
 * - M is the largest unit (the spec names no other): 2.5 billion -> '2500M';
 * - negatives keep their sign ('-1.5K'); NaN and infinities fall back to `String(n)` so a
 *   broken counter is visible rather than hidden behind a plausible number.
 */
const UNITS = [
  { suffix: "M", size: 1_000_000 },
  { suffix: "K", size: 1_000 },
] as const;

/**
 * `magnitude` in units of `size`, rounded half up to one decimal, without a trailing '.0'.
 * Dividing by a tenth of the unit (rather than dividing by the unit and multiplying by 10)
 * keeps halves exact: 1150 / 100 is exactly 11.5, whereas 1.15 * 10 is 11.499999999999998.
 */
function tenthsOf(magnitude: number, size: number): string {
  return String(Math.round(magnitude / (size / 10)) / 10);
}

export function formatCompactNumber(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const sign = n < 0 ? "-" : "";
  const magnitude = Math.abs(n);
  if (magnitude < 1_000) return String(n);

  // Rounding can carry a value into the next unit (999_950 is 999.95K -> 1000.0K), so the
  // unit is picked from the rounded value, largest first.
  const tenthsOfThousands = Math.round(magnitude / 100);
  const unit = tenthsOfThousands >= 10_000 ? UNITS[0] : UNITS[1];
  return `${sign}${tenthsOf(magnitude, unit.size)}${unit.suffix}`;
}
