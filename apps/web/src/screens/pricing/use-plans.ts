import { DISCOVER_PLAN_CARD_NAME, type PlanCard, planCardSchema } from "@liftoff/domain";
import { z } from "zod";
import { api } from "../../lib/api.ts";
import { useSession } from "../../lib/session.tsx";
import { type Resource, useResource } from "../apps/use-resource.ts";

const plansResponseSchema = z.object({
  plans: z.array(planCardSchema),
  liteDisabled: z.boolean().optional(),
});

// The answer depends on who asks (a paid account sees the lite card as the disabled
// 'Discover' card), so it is cached per token and plan. The pricing page, the settings
// tab and the upgrade dialog then share one request. Failures are forgotten so that
// "Try again" really asks again.
const cache = new Map<string, Promise<PlanCard[]>>();

function loadPlans(key: string): Promise<PlanCard[]> {
  let pending = cache.get(key);
  if (!pending) {
    pending = api.get("/api/plans", plansResponseSchema).then((res) => res.plans);
    pending.catch(() => cache.delete(key));
    cache.set(key, pending);
  }
  return pending;
}

/** GET /api/plans, lowest plan first. */
export function usePlans(): Resource<PlanCard[]> {
  const { status, user, account } = useSession();
  const key = `plans:${status}:${user?.id ?? ""}:${account?.plan ?? ""}`;
  return useResource(key, () => loadPlans(key));
}

/** The server names the lite card 'Discover' when nobody can pick it (spec section 4). */
export function isLiteDisabled(plans: readonly PlanCard[]): boolean {
  return plans.some((card) => card.id === "lite" && card.name === DISCOVER_PLAN_CARD_NAME);
}
