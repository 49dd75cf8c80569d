import type { PlanCard } from "./plan-card.ts";
import type { PlanId } from "./plan-ids.ts";

/**
 * The public pricing catalogue (spec sections 2 and 3), one card per plan, lowest first.
 * Prices are not in the spec; they are chosen in docs/defaults.md. Every paid plan's
 * yearly price is ten months' worth, so the yearly badge ("at least 10 percent", spec
 * section 9) shows on all of them.
 */

/** The lite card's name on the pricing page (spec: "The plan cards also show ... Free"). */
export const FREE_PLAN_CARD_NAME = "Free";

/** The lite card's name when the operator has disabled lite sign-ups (spec section 4). */
export const DISCOVER_PLAN_CARD_NAME = "Discover";

/** Every card's button leads to /joinPlan, which handles sign-in and checkout. */
function joinLink(id: PlanId): string {
  return `/joinPlan?plan=${id}`;
}

function paidCard(
  id: PlanId,
  name: string,
  price: number,
  description: string,
  isMostPopular = false,
): PlanCard {
  return {
    id,
    name,
    price,
    discuountedPrice: null,
    priceYearly: price * 10,
    oneTimePayment: false,
    description,
    isMostPopular,
    buttonText: `Choose ${name}`,
    link: joinLink(id),
  };
}

const CARDS: PlanCard[] = [
  {
    id: "lite",
    name: FREE_PLAN_CARD_NAME,
    price: 0,
    discuountedPrice: null,
    priceYearly: 0,
    oneTimePayment: false,
    description: "Try the builder with one generated app, one space app and one data source.",
    isMostPopular: false,
    buttonText: "Start for free",
    link: joinLink("lite"),
  },
  paidCard("explorer", "Explorer", 19, "Publish your first apps, embed them and add real business data."),
  paidCard(
    "builder",
    "Builder",
    39,
    "Watermark-free apps, pro tools and room for a growing set of AI tools.",
    true,
  ),
  paidCard("monetizer", "Monetizer", 79, "More runs, more data and more live tools for apps people rely on."),
  paidCard("business", "Business", 149, "Your own domain, your brand, and capacity for a whole team's apps."),
  paidCard("master", "Master", 299, "Custom domains plus twice the apps of Business, for busy portfolios."),
  paidCard(
    "moon",
    "Moon",
    499,
    "Charge for memberships, publish space apps watermark-free and open the full app settings.",
  ),
  paidCard(
    "spaceship",
    "Spaceship",
    999,
    "Everything in Moon at agency scale, with room for hundreds of apps.",
  ),
  paidCard("galaxy", "Galaxy", 1_999, "Our highest limits on every counter, for platforms built on Liftoff."),
];

export const PLAN_CARDS: readonly Readonly<PlanCard>[] = Object.freeze(
  CARDS.map((card) => Object.freeze(card)),
);

/**
 * The cards to show. When lite is disabled the lite card is named 'Discover' (and
 * `planCardState` reports it as 'disabled'); otherwise it is 'Free'. Returns new objects so
 * callers can never rename the shared catalogue.
 */
export function planCardsFor(input: { liteDisabled: boolean }): PlanCard[] {
  return PLAN_CARDS.map((card) =>
    card.id === "lite" && input.liteDisabled ? { ...card, name: DISCOVER_PLAN_CARD_NAME } : { ...card },
  );
}
