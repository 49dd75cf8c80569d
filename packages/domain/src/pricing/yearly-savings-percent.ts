/**
 * What paying yearly saves compared with twelve monthly payments (spec section 9: "Yearly
 * savings badge shows when the discount is at least 10 percent").
 */

/** The badge threshold, in percent. */
export const YEARLY_SAVINGS_BADGE_MIN_PERCENT = 10;

/**
 * Percent saved by paying `yearly` once instead of `monthly` twelve times: 0 to 100 for a
 * real discount, negative when the yearly price is the dearer one. Not rounded; show it
 * with Math.floor so the badge never promises more than the customer saves.
 *
 * A free or unpriced monthly plan (monthly <= 0) has nothing to save: 0.
 */
export function yearlySavingsPercent(monthly: number, yearly: number): number {
  const twelveMonths = monthly * 12;
  if (!(twelveMonths > 0) || !Number.isFinite(yearly)) return 0;
  // Multiply before dividing: (120 - 108) * 100 / 120 is exactly 10, whereas
  // (120 - 108) / 120 * 100 is 10.000000000000002 or 9.999999999999998 depending on the
  // numbers, and the badge threshold is "at least 10".
  return ((twelveMonths - yearly) * 100) / twelveMonths;
}

/**
 * Whether the plan card shows the yearly savings badge. Needs a paid monthly price and a
 * positive yearly price: a yearly price of 0 is a free plan or missing data, not a 100
 * percent discount. A hair of tolerance keeps exactly-10-percent prices on the right side
 * of float rounding.
 */
export function showYearlySavingsBadge(monthly: number, yearly: number): boolean {
  if (!(monthly > 0) || !(yearly > 0)) return false;
  return yearlySavingsPercent(monthly, yearly) >= YEARLY_SAVINGS_BADGE_MIN_PERCENT - 1e-9;
}
