import { z } from "zod";
import { planIdSchema } from "../plans/plan-ids.ts";

/**
 * A builder's request to be moved to a plan, for instances without a payment provider:
 * the admins are told and grant or decline it on the admin page (issue 13). One pending
 * request per user; a new one replaces it.
 */
export const planRequestStatusSchema = z.enum(["pending", "granted", "declined"]);
export type PlanRequestStatus = z.infer<typeof planRequestStatusSchema>;

export const planRequestSchema = z.object({
  id: z.string(),
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  planId: planIdSchema,
  /** The requester's plan when the request was listed (null: the default free plan). */
  currentPlan: planIdSchema.nullable(),
  status: planRequestStatusSchema,
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type PlanRequest = z.infer<typeof planRequestSchema>;

export const createPlanRequestBodySchema = z.object({ planId: planIdSchema });
export const myPlanRequestResponseSchema = z.object({ request: planRequestSchema.nullable() });
export const planRequestsResponseSchema = z.object({ requests: z.array(planRequestSchema) });
export const resolvePlanRequestBodySchema = z.object({ decision: z.enum(["grant", "decline"]) });
export type PlanRequestDecision = z.infer<typeof resolvePlanRequestBodySchema>["decision"];

/** How many times a user may send or change a request (each one mails the admins) per window. */
export const PLAN_REQUESTS_PER_WINDOW = 5;
export const PLAN_REQUEST_WINDOW_MS = 60 * 60 * 1000;
export const PLAN_REQUEST_LIMIT_MESSAGE =
  "You've sent several plan requests in the last hour. Try again later.";
export const PLAN_ALREADY_INCLUDED_MESSAGE = "Your plan already includes this one.";
