import { DISCOVER_PLAN_CARD_NAME, type PlanCard, planCardSchema } from "@liftoff/domain";
import { z } from "zod";
import { api } from "../../lib/api.ts";
import { type Resource, useResource } from "../apps/use-resource.ts";

const plansResponseSchema = z.object({ plans: z.array(planCardSchema) });

// Plans rarely change while a page is open: the pricing page and the upgrade dialog share
// one request. A failed request is forgotten so that "Try again" really asks again.
let cached: Promise<PlanCard[]> | null = null;

export function loadPlans(): Promise<PlanCard[]> {
  if (!cached) {
    cached = api.get("/api/plans", plansResponseSchema).then((res) => res.plans);
    cached.catch(() => {
      cached = null;
    });
  }
  return cached;
}

/** GET /api/plans, lowest plan first. */
export function usePlans(): Resource<PlanCard[]> {
  return useResource("plans", loadPlans);
}

/** The operator disables lite sign-ups by renaming the lite card 'Discover' (spec section 4). */
export function isLiteDisabled(plans: readonly PlanCard[]): boolean {
  return plans.some((card) => card.id === "lite" && card.name === DISCOVER_PLAN_CARD_NAME);
}
