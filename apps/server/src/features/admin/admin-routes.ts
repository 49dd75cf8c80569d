import { createRoute, z } from "@hono/zod-openapi";
import {
  AppError,
  adminUserSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  firstRunSchema,
  okSchema,
  setDisabledBodySchema,
  setPlanBodySchema,
} from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { createRouter } from "../../http/create-router.ts";
import { errorResponses, jsonBody, jsonResponse } from "../../http/openapi-helpers.ts";
import { requireAdmin } from "../../http/require-session.ts";
import { listUsers } from "./list-users.ts";
import { markFirstRunWelcomed } from "./mark-first-run-welcomed.ts";
import { readFirstRun } from "./read-first-run.ts";
import { setUserDisabled } from "./set-user-disabled.ts";
import { setUserPlan } from "./set-user-plan.ts";

const tags = ["Admin"];
const params = z.object({ userId: z.string().min(1).max(100) });

export function adminRoutes(deps: Deps) {
  const router = createRouter({ auth: "session" });
  const { db } = deps;
  const { config } = deps;

  async function oneUser(userId: string) {
    const [user] = await listUsers({ db, config, userId });
    if (!user) throw new AppError("NOT_FOUND", "User not found");
    return user;
  }

  router.openapi(
    createRoute({
      method: "get",
      path: "/api/admin/users",
      tags,
      summary: "Search users (platform admins only)",
      request: { query: adminUsersQuerySchema },
      responses: { 200: jsonResponse(adminUsersResponseSchema, "Users"), ...errorResponses(401, 403) },
    }),
    async (c) => {
      requireAdmin(c, deps);
      return c.json({ users: await listUsers({ db, config, q: c.req.valid("query").q }) }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/api/admin/users/{userId}/disabled",
      tags,
      summary: "Disable or enable a user",
      request: { params, body: jsonBody(setDisabledBodySchema) },
      responses: { 200: jsonResponse(adminUserSchema, "User"), ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (c) => {
      const admin = requireAdmin(c, deps);
      const { userId } = c.req.valid("param");
      await setUserDisabled({
        db,
        actorUserId: admin.user.id,
        userId,
        disabled: c.req.valid("json").disabled,
      });
      return c.json(await oneUser(userId), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/api/admin/users/{userId}/plan",
      tags,
      summary: "Set a user's plan",
      request: { params, body: jsonBody(setPlanBodySchema) },
      responses: { 200: jsonResponse(adminUserSchema, "User"), ...errorResponses(400, 401, 403, 404) },
    }),
    async (c) => {
      requireAdmin(c, deps);
      const { userId } = c.req.valid("param");
      await setUserPlan({ db, userId, plan: c.req.valid("json").plan });
      return c.json(await oneUser(userId), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/api/admin/firstRun",
      tags,
      summary: "Whether to show the first-run screen (the first account of a fresh install, once)",
      responses: { 200: jsonResponse(firstRunSchema, "First run"), ...errorResponses(401, 403) },
    }),
    async (c) => {
      const admin = requireAdmin(c, deps);
      return c.json(await readFirstRun({ db, userId: admin.user.id }), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/api/admin/firstRun/welcomed",
      tags,
      summary: "The first-run screen was shown: do not show it again",
      responses: { 200: jsonResponse(okSchema, "Recorded"), ...errorResponses(401, 403) },
    }),
    async (c) => {
      const admin = requireAdmin(c, deps);
      await markFirstRunWelcomed({ db, userId: admin.user.id });
      return c.json({ ok: true as const }, 200);
    },
  );

  return router;
}
