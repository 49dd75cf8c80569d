/**
 * Spec section 5: user sign-up can be switched on only for a published app or one with a
 * custom domain. One reading for every kind of app (a published space app has its status
 * "published" too), used by the settings answers and the save rules alike.
 */
export function canEnableSignup(row: { status: string; customHost: string | null }): boolean {
  return row.status === "published" || row.customHost !== null;
}
