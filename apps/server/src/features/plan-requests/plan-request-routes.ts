import { createRoute, z } from "@hono/zod-openapi";
import {
  AppError,
  createPlanRequestBodySchema,
  myPlanRequestResponseSchema,
  planRequestSchema,
  planRequestsResponseSchema,
  resolvePlanRequestBodySchema,
} from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { createRouter } from "../../http/create-router.ts";
import { errorResponses, jsonBody, jsonResponse } from "../../http/openapi-helpers.ts";
import { requireAdmin, requireSession } from "../../http/require-session.ts";
import { listPlanRequests } from "./list-plan-requests.ts";
import { requestPlan } from "./request-plan.ts";
import { resolvePlanRequest } from "./resolve-plan-request.ts";

const params = z.object({ requestId: z.string().min(1).max(100) });

/** Plan requests: builders ask (/api/account), admins answer (/api/admin). */
export function planRequestRoutes(deps: Deps) {
  const router = createRouter({ auth: "session" });
  const { db } = deps;

  router.openapi(
    createRoute({
      method: "post",
      path: "/api/account/plan-request",
      tags: ["Account"],
      summary: "Ask the platform admins for a plan (instances without a payment provider)",
      request: { body: jsonBody(createPlanRequestBodySchema) },
      responses: {
        200: jsonResponse(planRequestSchema, "The pending request"),
        ...errorResponses(400, 401, 403, 429),
      },
    }),
    async (c) => {
      const session = requireSession(c);
      if (!session.user.emailVerified) {
        throw new AppError("FORBIDDEN", "Verify your email address before asking for a plan.");
      }
      const request = await requestPlan({ deps, user: session.user, planId: c.req.valid("json").planId });
      return c.json(request, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/api/account/plan-request",
      tags: ["Account"],
      summary: "The signed-in user's pending plan request, if any",
      responses: {
        200: jsonResponse(myPlanRequestResponseSchema, "Pending request or null"),
        ...errorResponses(401),
      },
    }),
    async (c) => {
      const session = requireSession(c);
      const [request] = await listPlanRequests({ db, userId: session.user.id, status: "pending", limit: 1 });
      return c.json({ request: request ?? null }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/api/admin/plan-requests",
      tags: ["Admin"],
      summary: "Pending plan requests (platform admins only)",
      responses: {
        200: jsonResponse(planRequestsResponseSchema, "Pending requests"),
        ...errorResponses(401, 403),
      },
    }),
    async (c) => {
      requireAdmin(c, deps);
      return c.json({ requests: await listPlanRequests({ db, status: "pending" }) }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/api/admin/plan-requests/{requestId}",
      tags: ["Admin"],
      summary: "Grant or decline a plan request",
      request: { params, body: jsonBody(resolvePlanRequestBodySchema) },
      responses: {
        200: jsonResponse(planRequestSchema, "The answered request"),
        ...errorResponses(400, 401, 403, 404, 409),
      },
    }),
    async (c) => {
      const admin = requireAdmin(c, deps);
      const request = await resolvePlanRequest({
        deps,
        adminUserId: admin.user.id,
        requestId: c.req.valid("param").requestId,
        decision: c.req.valid("json").decision,
      });
      return c.json(request, 200);
    },
  );

  return router;
}
