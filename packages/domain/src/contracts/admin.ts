import { z } from "zod";
import { planIdSchema } from "../plans/plan-ids.ts";

export const adminUserSchema = z.object({
  userId: z.string(),
  accountId: z.string().nullable(),
  email: z.string(),
  name: z.string(),
  emailVerified: z.boolean(),
  plan: planIdSchema.nullable(),
  disabled: z.boolean(),
  isAdmin: z.boolean(),
  appsCount: z.number().int(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersQuerySchema = z.object({ q: z.string().max(200).optional() });
export const adminUsersResponseSchema = z.object({ users: z.array(adminUserSchema) });
export const setDisabledBodySchema = z.object({ disabled: z.boolean() });
export const setPlanBodySchema = z.object({ plan: planIdSchema.nullable() });

/**
 * GET /api/admin/firstRun: `welcome` is true for the first account of a fresh install (made
 * admin by the first-run grant) until it has been shown the first-run screen once.
 */
export const firstRunSchema = z.object({ welcome: z.boolean() });
export type FirstRun = z.infer<typeof firstRunSchema>;
