import { PLAN_CARDS, type PlanId } from "@liftoff/domain";

/** The plan's name as the pricing page shows it (for mails). */
export function planName(planId: PlanId): string {
  return PLAN_CARDS.find((card) => card.id === planId)?.name ?? planId;
}
