import { createRoute, z } from "@hono/zod-openapi";
import { isFreePlan, planCardSchema, planCardsFor, planIdSchema } from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { createRouter } from "../../http/create-router.ts";
import { jsonResponse } from "../../http/openapi-helpers.ts";

/**
 * The public plan catalogue. For a signed-in user on a paid plan the lite card is shown as
 * the disabled 'Discover' card: leaving a paid plan is a cancellation, not a purchase.
 */
export function planRoutes(deps: Deps) {
  const router = createRouter();
  router.openapi(
    createRoute({
      method: "get",
      path: "/api/plans",
      tags: ["Plans"],
      summary: "Plan cards for the pricing page and the upgrade dialog",
      responses: {
        200: jsonResponse(z.object({ plans: z.array(planCardSchema), liteDisabled: z.boolean() }), "Plans"),
      },
    }),
    async (c) => {
      const session = c.get("session");
      let liteDisabled = false;
      if (session) {
        const account = await deps.db
          .selectFrom("accounts")
          .select("plan")
          .where("userId", "=", session.user.id)
          .executeTakeFirst();
        const plan = account?.plan ? planIdSchema.catch("lite").parse(account.plan) : null;
        liteDisabled = !isFreePlan(plan);
      }
      return c.json({ plans: planCardsFor({ liteDisabled }), liteDisabled }, 200);
    },
  );
  return router;
}
