import { planRank } from "./is-plan-at-or-above.ts";
import type { PlanCard } from "./plan-card.ts";
import type { PlanId } from "./plan-ids.ts";

/**
 * The state of one plan card (spec section 4): none, selected (Current plan), upgrade,
 * downgrade, disabled (Discover plan when lite is disabled).
 */
export const PLAN_CARD_STATES = ["none", "selected", "upgrade", "downgrade", "disabled"] as const;
export type PlanCardState = (typeof PLAN_CARD_STATES)[number];

/**
 * The button label each state puts on the card. 'none' has no entry: the card then shows
 * its own `buttonText` ('Choose Builder'), which is what a signed-out visitor should see.
 */
export const PLAN_CARD_STATE_LABELS: Readonly<Record<Exclude<PlanCardState, "none">, string>> = Object.freeze(
  {
    selected: "Current plan",
    upgrade: "Upgrade",
    downgrade: "Downgrade",
    disabled: "Not available",
  },
);

/**
 * Precedence, first match wins:
 * 1. disabled — the lite card while lite is disabled. It comes first, even for visitors who
 *    are not signed in and for accounts still on lite, because the card must never be
 *    clickable when nobody can join that plan.
 * 2. none — not signed in: there is no current plan to compare with.
 * 3. selected — the card is the account's plan (no plan counts as lite).
 * 4. upgrade / downgrade — the card is above / below the account's plan.
 */
export function planCardState(input: {
  card: Pick<PlanCard, "id">;
  currentPlan: PlanId | null | undefined;
  signedIn: boolean;
  liteDisabled: boolean;
}): PlanCardState {
  const { card, currentPlan, signedIn, liteDisabled } = input;
  if (card.id === "lite" && liteDisabled) return "disabled";
  if (!signedIn) return "none";
  const difference = planRank(card.id) - planRank(currentPlan);
  if (difference === 0) return "selected";
  return difference > 0 ? "upgrade" : "downgrade";
}

/**
 * The label for a card's button: the state's label, or the card's own text when 'none'.
 * Upgrade and downgrade name their plan ("Upgrade to Builder"): a page of eight buttons all
 * called "Upgrade" tells a screen reader user, listing buttons, nothing (WCAG 2.4.6).
 */
export function planCardButtonLabel(
  card: Pick<PlanCard, "buttonText" | "name">,
  state: PlanCardState,
): string {
  if (state === "none") return card.buttonText;
  if (state === "upgrade" || state === "downgrade") return `${PLAN_CARD_STATE_LABELS[state]} to ${card.name}`;
  return PLAN_CARD_STATE_LABELS[state];
}
