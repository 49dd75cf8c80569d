/**
 * The monthly price a yearly subscription works out to (spec section 9: "the yearly
 * monthly price is yearly divided by 12"). Not rounded: rounding is `formatDollars`'s job,
 * and rounding twice would make 12 x the shown price drift from the yearly price.
 */
export function yearlyMonthlyPrice(priceYearly: number): number {
  return priceYearly / 12;
}
