import {
  formatCompactNumber,
  formatDollars,
  PLAN_LIMITS,
  type PlanCard,
  type PlanId,
  showYearlySavingsBadge,
  yearlyMonthlyPrice,
  yearlySavingsPercent,
} from "@liftoff/domain";

export type BillingPeriod = "monthly" | "yearly";

export type PlanPriceView = {
  /** The big number: the monthly price, or the yearly price divided by 12. */
  amount: string;
  /** The struck-through regular price when a discounted price applies. */
  strikethrough: string | null;
  /** Next to the amount: '/ month' or 'one-time'. */
  unit: string;
  /** Under the amount: 'billed monthly', '$390.00 billed yearly', 'Free forever'. */
  note: string;
  /** 'Save N%' badge value, only when the yearly discount is at least 10 %. */
  savingsPercent: number | null;
};

type PriceFields = Pick<PlanCard, "price" | "discuountedPrice" | "priceYearly" | "oneTimePayment">;

/** How a plan card shows its price for the chosen billing period (spec section 9). */
export function planPriceView(card: PriceFields, period: BillingPeriod): PlanPriceView {
  const monthly = card.discuountedPrice ?? card.price;
  const strikethrough = card.discuountedPrice !== null ? formatDollars(card.price) : null;
  if (card.price === 0) {
    return {
      amount: formatDollars(0),
      strikethrough: null,
      unit: "/ month",
      note: "Free forever",
      savingsPercent: null,
    };
  }
  if (card.oneTimePayment) {
    return {
      amount: formatDollars(monthly),
      strikethrough,
      unit: "one-time",
      note: "Pay once",
      savingsPercent: null,
    };
  }
  if (period === "yearly" && card.priceYearly !== null && card.priceYearly > 0) {
    const savings = showYearlySavingsBadge(monthly, card.priceYearly)
      ? Math.floor(yearlySavingsPercent(monthly, card.priceYearly) + 1e-9)
      : null;
    return {
      amount: formatDollars(yearlyMonthlyPrice(card.priceYearly)),
      strikethrough: null,
      unit: "/ month",
      note: `${formatDollars(card.priceYearly)} billed yearly`,
      savingsPercent: savings,
    };
  }
  return {
    amount: formatDollars(monthly),
    strikethrough,
    unit: "/ month",
    note: "billed monthly",
    savingsPercent: null,
  };
}

/** The best yearly saving among the cards, for the 'Save up to N%' hint on the toggle. */
export function bestYearlySavings(cards: readonly PriceFields[]): number | null {
  const values = cards
    .map((card) => planPriceView(card, "yearly").savingsPercent)
    .filter((value): value is number => value !== null);
  return values.length > 0 ? Math.max(...values) : null;
}

function count(n: number, singular: string, plural = `${singular}s`): string {
  return `${formatCompactNumber(n)} ${n === 1 ? singular : plural}`;
}

/** The feature bullets of a plan card, read from PLAN_LIMITS. */
export function planFeatureBullets(plan: PlanId): string[] {
  const limits = PLAN_LIMITS[plan];
  const bullets = [
    count(limits.maxApps, "app"),
    // Space apps are the kind that can be built today, so their limit is the one that bites.
    count(limits.maxSpaceApps, "space app"),
    count(limits.maxGenApps, "generated app"),
    `${count(limits.liveToolsPerApp, "live tool")} per app`,
    `${formatCompactNumber(limits.appRunsTotal)} app runs / month`,
    count(limits.maxContextItems, "data item"),
  ];
  if (limits.watermarkHiddenByDefault) bullets.push("Watermark hidden");
  if (limits.customDomains) bullets.push("Custom domain");
  if (limits.paymentSystem) bullets.push("Payment system for paid memberships");
  return bullets;
}

export type ComparisonCell = string | boolean;
export type ComparisonRow = { label: string; values: ComparisonCell[] };

/** The rows of the plan comparison table, one value per plan in `plans` order. */
export function comparisonRows(plans: readonly PlanId[]): ComparisonRow[] {
  const row = (label: string, value: (id: PlanId) => ComparisonCell): ComparisonRow => ({
    label,
    values: plans.map(value),
  });
  const limit = (id: PlanId) => PLAN_LIMITS[id];
  return [
    row("Apps", (id) => formatCompactNumber(limit(id).maxApps)),
    row("Space apps", (id) => formatCompactNumber(limit(id).maxSpaceApps)),
    row("Generated apps", (id) => formatCompactNumber(limit(id).maxGenApps)),
    row("Tools per app", (id) => formatCompactNumber(limit(id).maxToolsPerApp)),
    row("Live tools per app", (id) => formatCompactNumber(limit(id).liveToolsPerApp)),
    row("Data items", (id) => formatCompactNumber(limit(id).maxContextItems)),
    row("App runs / month", (id) => formatCompactNumber(limit(id).appRunsTotal)),
    row("Custom domain", (id) => limit(id).customDomains),
    row("Watermark hidden", (id) => limit(id).watermarkHiddenByDefault),
    row("Payment system", (id) => limit(id).paymentSystem),
  ];
}
